/*
 * Helpers for the libfastfabric C tests: checks and the summary line,
 * forking a peer process with a socketpair (the address exchange over it
 * is ff_sockpair.h's sp_exchange, shared with ff_pingpong), waiting for
 * a completion by context, data patterns, and /dev/shm leak checks.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#ifndef FF_TESTLIB_H
#define FF_TESTLIB_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "fastfabric.h"
#include "ff_sockpair.h"

#define T_TIMEOUT_MS 10000

extern int t_passed, t_failed, t_is_child;

void t_begin(const char *name, unsigned alarm_seconds);
void t_check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int t_summary(void);
double t_now_ms(void);

/* Forks a peer: returns its pid in the parent, 0 in the child; *sock is
 * this side's end of a socketpair. The child dies with the parent. */
pid_t t_fork(int *sock);
/* Waits for a child up to timeout_ms, then SIGKILLs it; returns its exit
 * status, or -1 if it did not exit normally. */
int t_reap(pid_t pid, int timeout_ms);
/* Exits the child with its failure count. */
void t_child_exit(void);

void t_fill(void *buf, size_t len, uint64_t seed);
int t_verify(const void *buf, size_t len, uint64_t seed);

/* Posts with retry on -FI_EAGAIN (polling eps meanwhile). */
int t_send(ff_endpoint *ep, int64_t peer, const void *buf, size_t len,
	   void *desc, uint64_t tag, uint64_t ctx);
/* The same for a send on eps[0], polling all n endpoints meanwhile (the
 * receiver may be another endpoint of this process). */
int t_send_polling(ff_endpoint **eps, int n, int64_t peer, const void *buf,
		   size_t len, void *desc, uint64_t tag, uint64_t ctx);
int t_recv(ff_endpoint *ep, int64_t peer, void *buf, size_t len, void *desc,
	   uint64_t tag, uint64_t ctx);
/* Waits until the completion of ctx was reported by one of eps. 0 or -1. */
int t_await(ff_endpoint **eps, int n, uint64_t ctx, ff_completion *out,
	    int timeout_ms);
int t_await1(ff_endpoint *ep, uint64_t ctx, ff_completion *out);
void t_stash_clear(void);

/* Number of /dev/shm entries of process pid ("<pid>:..."), and removal. */
int t_shm_count(pid_t pid);
void t_shm_remove(pid_t pid);
/* Checks no process of this test left shm regions behind. */
void t_shm_check(void);

#endif
