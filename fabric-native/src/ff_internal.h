/*
 * libfastfabric internals shared by the source files: the endpoint and
 * region structures, the operation-context pool and the error helpers.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#ifndef FF_INTERNAL_H
#define FF_INTERNAL_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_tagged.h>

#include "fastfabric.h"

/* The libfabric API version this library is written against. */
#define FF_FI_VERSION FI_VERSION(1, 17)

#define FF_DEFAULT_DEPTH 64
#define FF_MAX_DEPTH 4096
#define FF_MAX_ADDR 256
#define FF_PROV_LEN 64

/*
 * One posted operation. The provider may use the fi_context2 as scratch
 * space (FI_CONTEXT/FI_CONTEXT2 mode), so it comes first and its address
 * is the libfabric op_context; the rest maps it back to the caller.
 */
struct ff_ctx {
	struct fi_context2 fi;
	uint64_t user;
	uint64_t tag;
	uint32_t kind;
	uint32_t busy;
	struct ff_ctx *next;
};

struct ff_region {
	struct fid_mr *mr;
	void *desc;
	struct ff_endpoint *ep;
	struct ff_region *prev, *next;
};

/*
 * An endpoint is used by one thread at a time (FI_THREAD_DOMAIN): the
 * Java side serialises all calls on one endpoint, so nothing here locks.
 */
struct ff_endpoint {
	struct fi_info *info;
	struct fid_fabric *fabric;
	struct fid_domain *domain;
	struct fid_av *av;
	struct fid_cq *cq;
	struct fid_ep *ep;
	int wait_fd;		/* the CQ's fd, or -1: ff_wait backs off */
	int shm_live_fd;	/* shm: the region's companion, locked; or -1 */
	int needs_mr;
	int depth;
	size_t inject_size;
	struct ff_ctx *ctx;	/* 2 * depth slots: sends, then receives */
	struct ff_ctx *free_tx, *free_rx;
	ff_completion *inj;	/* ring of depth finished injected sends */
	int inj_head, inj_count;
	struct ff_region *regions;
	uint64_t next_key;
	size_t addrlen;
	char addr[FF_MAX_ADDR];
	char prov[FF_PROV_LEN];
};

/*
 * libfabric is dlopen'ed (see ff_loader.c): its few exported functions
 * are called through ff_fi; everything else in its headers is inline.
 */
struct ff_fi_api {
	int (*getinfo)(uint32_t, const char *, const char *, uint64_t,
		       const struct fi_info *, struct fi_info **);
	void (*freeinfo)(struct fi_info *);
	struct fi_info *(*dupinfo)(const struct fi_info *);
	int (*fabric)(struct fi_fabric_attr *, struct fid_fabric **, void *);
	const char *(*strerror)(int);
	uint32_t (*version)(void);
};
extern struct ff_fi_api ff_fi;

#ifndef FF_LOADER
#define fi_getinfo(...) (ff_fi.getinfo(__VA_ARGS__))
#define fi_freeinfo(...) (ff_fi.freeinfo(__VA_ARGS__))
#define fi_dupinfo(...) (ff_fi.dupinfo(__VA_ARGS__))
#undef fi_allocinfo
#define fi_allocinfo() (ff_fi.dupinfo(NULL))
#define fi_fabric(...) (ff_fi.fabric(__VA_ARGS__))
#define fi_strerror(...) (ff_fi.strerror(__VA_ARGS__))
#define fi_version(...) (ff_fi.version(__VA_ARGS__))
#endif

#define FF_NSIG 32
struct ff_sigs {
	struct sigaction act[FF_NSIG];
	int ok[FF_NSIG];
};

/* ff_loader.c */
int ff_load(void);
int ff_loaded(void);
void ff_sig_save(struct ff_sigs *s);	/* locks until ff_sig_restore */
void ff_sig_restore(const struct ff_sigs *s, int owned_only);

/* ff_error.c */
void ff_seterr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int ff_fierr(int ret, const char *call);
int ff_badarg(const char *func, const char *what);

/* fastfabric.c */
struct fi_info *ff_hints(const char *provider, int depth);

/* ff_shm.c */
void ff_shm_reap(void);
/* Marks an shm endpoint's region live while it is open; the lock's fd or -1. */
int ff_shm_mark_live(const char *addr, size_t len);
void ff_shm_unmark(int fd, const char *addr, size_t len);

/* ff_xfer.c */
int ff_ctx_init(struct ff_endpoint *ep);
void ff_ctx_cancel_all(struct ff_endpoint *ep);

#endif /* FF_INTERNAL_H */
