/*
 * The two processes of ff_pingpong and of the C tests talk over a
 * socketpair before and after the fabric carries anything: whole reads and
 * writes, a one-byte handshake, and the swap of endpoint addresses. Shared
 * by tools/ff_pingpong.c and tests/ff_testlib.c.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#ifndef FF_SOCKPAIR_H
#define FF_SOCKPAIR_H

#include <stddef.h>
#include <stdint.h>

#include "fastfabric.h"

/* Writes (out != 0) or reads all len bytes of buf, retrying on EINTR.
 * 0, or -1 on an error or end of file. */
int sp_io(int fd, void *buf, size_t len, int out);

/* One byte each way: returns once the peer has reached its sp_sync too.
 * 0 or -1. */
int sp_sync(int sock);

/* Sends ep's address (its length as a uint32_t, then its bytes), reads the
 * peer's the same way and adds it to ep: the peer's id, or a negative
 * error (-FI_EIO if the exchange itself failed). */
int64_t sp_exchange(ff_endpoint *ep, int sock);

#endif
