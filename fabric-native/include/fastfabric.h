/*
 * libfastfabric: a small C API over libfabric and libibverbs, shaped for
 * Java's Foreign Function & Memory API: flat functions, opaque handles,
 * plain integer and pointer arguments, negative error codes.
 *
 * One endpoint is one reliable-datagram (FI_EP_RDM) endpoint of one
 * provider with its own completion queue: "shm" between processes of one
 * host, "tcp;ofi_rxm" over TCP, "verbs;ofi_rxm" on InfiniBand/RoCE. Peers
 * are added by the raw address the other side's ff_endpoint_address gave
 * (exchanged out of band). Messages are tagged; a receive matches a tag.
 *
 * Errors: functions return a negative code; libfabric's are -FI_Exxx
 * (rdma/fi_errno.h), this library's own are the FF_E* below. The message
 * of the last failure on the calling thread, with the libfabric call that
 * failed, is ff_last_error().
 *
 * Threads: an endpoint, its peers and regions are used by one thread at a
 * time (FI_THREAD_DOMAIN; the Java side serialises the calls). Different
 * endpoints may be used by different threads at once.
 *
 * libfabric itself is loaded on first use, not linked: loading it would
 * replace the process's SIGSEGV/SIGBUS/SIGINT/SIGTERM handlers (Debian's
 * libinfinipath does), which a JVM cannot live with; the handlers the
 * process had are kept. FI_SHM_DISABLE_CMA=1 is set for shm unless the
 * environment sets it (src/ff_loader.c says why).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#ifndef FASTFABRIC_H
#define FASTFABRIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FF_VERSION_MAJOR 1
#define FF_VERSION_MINOR 0
#define FF_VERSION ((FF_VERSION_MAJOR << 16) | FF_VERSION_MINOR)

/* This library's own error codes (libfabric's are -FI_Exxx, all > -1000). */
#define FF_ENOPROVIDER  (-1001) /* the provider is not available here */
#define FF_EWATCH       (-1002) /* ff_wait: the watched descriptor is ready */
#define FF_EBADHANDLE   (-1003) /* a NULL or closed handle, or a bad argument */

/* ff_completion.kind */
#define FF_SEND 1
#define FF_RECV 2

/* Any source, for ff_recv. */
#define FF_ANY_PEER (-1)

typedef struct ff_endpoint ff_endpoint;
typedef struct ff_region ff_region;

/*
 * One finished operation, as ff_poll and ff_wait report it (32 bytes, no
 * padding, so that Java can lay it out as a struct).
 */
typedef struct ff_completion {
    uint64_t context;   /* the value given to ff_send or ff_recv */
    uint64_t tag;       /* the tag of the message (receives; sends: the
                           tag that was sent) */
    uint64_t length;    /* bytes received (receives), 0 for sends */
    int32_t status;     /* 0, or a negative code: the operation failed */
    uint32_t kind;      /* FF_SEND or FF_RECV */
} ff_completion;

/* The version of this library: (major << 16) | minor. */
int ff_version(void);

/* The version of the libfabric linked at run time, as fi_version() gives it. */
uint32_t ff_libfabric_version(void);

/*
 * 1 if libfabric offers a tagged reliable-datagram endpoint through the
 * named provider (for example "shm" or "tcp;ofi_rxm"), 0 if not, or a
 * negative error code.
 */
int ff_provider_available(const char *provider);

/* A message for a negative error code returned by this library. */
const char *ff_strerror(int error);

/*
 * A message about the last failure on the calling thread (the libfabric
 * call and its error), or "" if there was none.
 */
const char *ff_last_error(void);

/*
 * Opens an endpoint of a provider. `provider` is a libfabric provider name
 * such as "shm", "tcp;ofi_rxm" or "verbs;ofi_rxm"; when the environment
 * variable FI_PROVIDER is set it wins over `provider` (NULL: FI_PROVIDER, or
 * libfabric's first choice). `queue_depth` is the number of sends and
 * receives that may be posted at once (0: a small default). On success
 * *out is the endpoint and 0 is returned.
 */
int ff_endpoint_open(const char *provider, int queue_depth, ff_endpoint **out);

/* The name of the provider the endpoint uses, e.g. "shm" or "tcp;ofi_rxm". */
const char *ff_endpoint_provider(const ff_endpoint *ep);

/*
 * Copies the endpoint's raw address into buf (len bytes of room) and
 * returns its length; -FI_ETOOSMALL if it does not fit.
 */
int ff_endpoint_address(ff_endpoint *ep, void *buf, size_t len);

/* 1 if buffers must be registered (FI_MR_LOCAL) before a send or receive. */
int ff_endpoint_needs_registration(const ff_endpoint *ep);

/*
 * 1 if ff_wait sleeps until a message arrives (the provider has a wait
 * object: tcp, verbs), 0 if it can only poll with a growing back-off
 * (shm: a peer writes into this process's memory and nothing signals it,
 * so a caller that must not sleep long needs its own wake-up), or a
 * negative error code.
 */
int ff_endpoint_can_wait(const ff_endpoint *ep);

/* The largest message one send may carry. */
uint64_t ff_endpoint_max_message(const ff_endpoint *ep);

/*
 * Adds a peer by the address its ff_endpoint_address gave; returns its
 * handle (>= 0) for ff_send and ff_recv, or a negative error code.
 */
int64_t ff_peer_add(ff_endpoint *ep, const void *address, size_t len);

/* Forgets a peer. */
int ff_peer_remove(ff_endpoint *ep, int64_t peer);

/*
 * Registers len bytes at buf for sends and receives of the endpoint. The
 * memory stays the caller's and must outlive the region. On success *out is
 * the region and 0 is returned.
 */
int ff_register(ff_endpoint *ep, void *buf, size_t len, ff_region **out);

/* The descriptor to pass with a buffer inside the region (may be NULL). */
void *ff_region_desc(const ff_region *region);

/* Deregisters a region (NULL is fine). */
int ff_deregister(ff_region *region);

/*
 * Posts a send of len bytes at buf to peer, with tag. desc is the
 * ff_region_desc of a region holding buf (NULL if none is needed). The
 * buffer must not change until the send's completion (FF_SEND, context)
 * was reported. -FI_EAGAIN: the queue is full; poll completions and retry.
 */
int ff_send(ff_endpoint *ep, int64_t peer, const void *buf, size_t len,
            void *desc, uint64_t tag, uint64_t context);

/*
 * Posts a receive of at most len bytes into buf, of a message from peer
 * (or FF_ANY_PEER) whose tag equals `tag` in all bits not set in `ignore`.
 * A longer message completes with status -FI_ETRUNC. (libfabric 1.17:
 * only reliably for messages up to the provider's inject size, 4 KiB on
 * shm, 64 B on tcp;ofi_rxm; a longer one may never complete the receive,
 * so post receives as large as the largest message the peer sends.)
 */
int ff_recv(ff_endpoint *ep, int64_t peer, void *buf, size_t len, void *desc,
            uint64_t tag, uint64_t ignore, uint64_t context);

/*
 * Cancels the posted receives whose context is `context`. Each is still
 * reported by ff_poll or ff_wait, with status -FI_ECANCELED if the cancel
 * took it, or as usual if a message had already matched it: its buffer
 * may be reused only after that report. Returns how many receives were
 * asked to cancel (0: none posted with that context), or a negative code.
 */
int ff_cancel(ff_endpoint *ep, uint64_t context);

/*
 * Reports up to max finished operations into out, without waiting, and
 * drives the provider's progress. Returns the number reported (0: none),
 * or a negative error code if the endpoint failed. A failed operation is
 * reported as a completion with a negative status.
 */
int ff_poll(ff_endpoint *ep, ff_completion *out, int max);

/*
 * Like ff_poll, but waits for at least one completion: it polls for up to
 * spin_nanos, then waits without burning the CPU for up to timeout_millis
 * more (-1: no limit). Returns the number reported (> 0), -FI_ETIMEDOUT,
 * FF_EWATCH if watch_fd (>= 0; -1: none) became readable or was hung up
 * (a control connection to the peer: the caller checks whether the peer
 * is gone), or another negative error code.
 */
int ff_wait(ff_endpoint *ep, ff_completion *out, int max,
            int64_t spin_nanos, int timeout_millis, int watch_fd);

/*
 * Closes the endpoint: posted operations are cancelled, peers forgotten,
 * regions of the endpoint deregistered (and freed: do not ff_deregister
 * them afterwards). The handle is invalid afterwards. NULL is fine.
 */
int ff_endpoint_close(ff_endpoint *ep);

/*
 * Writes a report of the RDMA devices libibverbs sees (name, node GUID,
 * each port's state, link layer and speed) into buf as a NUL-terminated
 * string, cut to len bytes. Returns the number of devices (0: the report
 * says "no RDMA devices" and why, e.g. the kernel lacks RDMA support), or
 * a negative error code.
 */
int ff_rdma_devices(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* FASTFABRIC_H */
