/*
 * libfastfabric: ff_wait. Spin on the CQ for spin_nanos, then wait without
 * burning the CPU:
 *
 *  - fd path: the CQ was opened with FI_WAIT_FD (ff_endpoint.c tries it
 *    for every provider); fi_trywait, then poll() on the CQ's fd and the
 *    caller's watch_fd. On libfabric 1.17 this is tcp;ofi_rxm: its CQ fd
 *    wakes us ~0.1 ms after a message arrives, at no CPU cost while idle
 *    (it costs ~1-2 us per round trip when spinning: rxm writes the fd).
 *    poll() sleeps at most FF_FD_SLICE_MS at a time, then the CQ is read
 *    again, so progress of outgoing data never depends on the fd alone.
 *  - backoff path: shm in 1.17 refuses FI_WAIT_FD (fi_cq_open: -FI_ENOSYS;
 *    a peer writes straight into our shared memory, nothing signals us),
 *    so its CQ has no wait object: read the CQ, check watch_fd with
 *    poll(0), then nanosleep from FF_BACKOFF_MIN_NS growing to
 *    FF_BACKOFF_MAX_NS. Each wake-up reads the CQ, which also progresses
 *    a blocked large send.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <errno.h>
#include <poll.h>
#include <time.h>

#include "ff_internal.h"

#define FF_SPIN_CLOCK_EVERY 8	/* CQ reads between clock checks */
#ifndef FF_FD_SLICE_MS
#define FF_FD_SLICE_MS 10
#endif
#define FF_BACKOFF_MIN_NS 2000
#define FF_BACKOFF_MAX_NS 1000000

#define FF_NS_PER_MS 1000000LL

static int64_t ff_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* FF_EWATCH if fd is readable, hung up or failed; 0 if not or fd < 0. */
static int ff_watch_check(short revents)
{
	if (revents & POLLNVAL)
		return ff_badarg("ff_wait", "watch_fd is not an open descriptor");
	if (revents & (POLLIN | POLLHUP | POLLERR))
		return FF_EWATCH;
	return 0;
}

static int ff_watch_ready(int fd)
{
	struct pollfd p;

	if (fd < 0)
		return 0;
	p.fd = fd;
	p.events = POLLIN;
	p.revents = 0;
	if (poll(&p, 1, 0) <= 0)
		return 0;
	return ff_watch_check(p.revents);
}

static int ff_spin(struct ff_endpoint *ep, ff_completion *out, int max,
		   int64_t spin_nanos)
{
	int64_t end = ff_now_ns() + spin_nanos;
	unsigned i;
	int n;

	for (i = 1;; i++) {
		n = ff_poll(ep, out, max);
		if (n)
			return n;
		if (i % FF_SPIN_CLOCK_EVERY == 0 && ff_now_ns() >= end)
			return 0;
	}
}

/* Milliseconds left until deadline (< 0: none), at most cap. */
static int ff_slice_ms(int64_t deadline, int cap)
{
	int64_t left;

	if (deadline < 0)
		return cap;
	left = deadline - ff_now_ns();
	if (left <= 0)
		return 0;
	left = (left + FF_NS_PER_MS - 1) / FF_NS_PER_MS;
	return left < cap ? (int) left : cap;
}

static int ff_expired(int64_t deadline)
{
	return deadline >= 0 && ff_now_ns() >= deadline;
}

static int ff_wait_fd(struct ff_endpoint *ep, ff_completion *out, int max,
		      int64_t deadline, int watch_fd)
{
	struct fid *fids[1] = { &ep->cq->fid };
	struct pollfd p[2];
	int n, ret, watch = 0;

	for (;;) {
		ret = fi_trywait(ep->fabric, fids, 1);
		if (!ret) {
			p[0].fd = ep->wait_fd;
			p[0].events = POLLIN;
			p[0].revents = 0;
			p[1].fd = watch_fd;
			p[1].events = POLLIN;
			p[1].revents = 0;
			ret = poll(p, watch_fd >= 0 ? 2 : 1,
				   ff_slice_ms(deadline, FF_FD_SLICE_MS));
			if (ret < 0 && errno != EINTR)
				return ff_fierr(-errno, "poll");
			watch = ret > 0 && watch_fd >= 0 ?
				ff_watch_check(p[1].revents) : 0;
		} else if (ret != -FI_EAGAIN) {
			return ff_fierr(ret, "fi_trywait");
		}
		n = ff_poll(ep, out, max);
		if (n)
			return n;
		if (watch)
			return watch;
		if (ff_expired(deadline))
			return -FI_ETIMEDOUT;
	}
}

static int ff_wait_backoff(struct ff_endpoint *ep, ff_completion *out, int max,
			   int64_t deadline, int watch_fd)
{
	long delay = FF_BACKOFF_MIN_NS;
	struct timespec ts;
	int64_t left;
	int n;

	for (;;) {
		n = ff_poll(ep, out, max);
		if (n)
			return n;
		n = ff_watch_ready(watch_fd);
		if (n)
			return n;
		if (deadline >= 0) {
			left = deadline - ff_now_ns();
			if (left <= 0)
				return -FI_ETIMEDOUT;
			if (left < delay)
				delay = (long) left;
		}
		ts.tv_sec = 0;
		ts.tv_nsec = delay;
		nanosleep(&ts, NULL);
		delay = delay * 2 > FF_BACKOFF_MAX_NS ? FF_BACKOFF_MAX_NS : delay * 2;
	}
}

int ff_wait(ff_endpoint *ep, ff_completion *out, int max,
	    int64_t spin_nanos, int timeout_millis, int watch_fd)
{
	int64_t deadline = -1;
	int n;

	if (!ep || !out || max <= 0)
		return ff_badarg("ff_wait", "NULL endpoint or output, or max <= 0");
	n = ff_poll(ep, out, max);
	if (n)
		return n;
	if (spin_nanos > 0) {
		n = ff_spin(ep, out, max, spin_nanos);
		if (n)
			return n;
	}
	if (timeout_millis >= 0)
		deadline = ff_now_ns() + timeout_millis * FF_NS_PER_MS;
	if (ep->wait_fd >= 0)
		return ff_wait_fd(ep, out, max, deadline, watch_fd);
	return ff_wait_backoff(ep, out, max, deadline, watch_fd);
}
