/*
 * libfastfabric: a small C API over libfabric and libibverbs, shaped for
 * Java's Foreign Function & Memory API (flat functions, opaque handles,
 * negative error codes).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#ifndef FASTFABRIC_H
#define FASTFABRIC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FF_VERSION_MAJOR 0
#define FF_VERSION_MINOR 1
#define FF_VERSION ((FF_VERSION_MAJOR << 16) | FF_VERSION_MINOR)

/* The version of this library: (major << 16) | minor. */
int ff_version(void);

/* The version of the libfabric linked at run time, as fi_version() gives it. */
uint32_t ff_libfabric_version(void);

/*
 * 1 if libfabric offers a reliable-datagram endpoint through the named
 * provider (for example "shm" or "tcp;ofi_rxm"), 0 if not, or a negative
 * libfabric error code.
 */
int ff_provider_available(const char *provider);

/* A message for a negative error code returned by this library. */
const char *ff_strerror(int error);

#ifdef __cplusplus
}
#endif

#endif /* FASTFABRIC_H */
