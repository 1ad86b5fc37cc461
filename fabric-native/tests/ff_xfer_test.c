/*
 * Data transfer between two processes over shm and tcp;ofi_rxm (loopback):
 * ping-pong at sizes from 0 B to 1 MiB (around both providers' inject
 * sizes, 64 and 4096) with every byte verified, 48 messages in flight,
 * and -FI_EAGAIN when the queues are full.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rdma/fi_errno.h>

#include "fastfabric.h"
#include "ff_testlib.h"

#define MAX_SIZE (1 << 20)
#define INFLIGHT 48

static const size_t sizes[] = { 0, 1, 8, 63, 64, 65, 4095, 4096, 4097,
				65536, MAX_SIZE };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

struct side {
	ff_endpoint *ep;
	int64_t peer;
	char *sbuf, *rbuf;
	ff_region *sreg, *rreg;
};

static int side_open(struct side *s, const char *prov, int sock, size_t len)
{
	int ret;

	memset(s, 0, sizeof(*s));
	ret = ff_endpoint_open(prov, 0, &s->ep);
	if (ret)
		return ret;
	s->sbuf = malloc(len);
	s->rbuf = malloc(len);
	if (!s->sbuf || !s->rbuf)
		return -FI_ENOMEM;
	/* Registered as the header describes: desc goes with each buffer. */
	ret = ff_register(s->ep, s->sbuf, len, &s->sreg);
	if (!ret)
		ret = ff_register(s->ep, s->rbuf, len, &s->rreg);
	if (ret)
		return ret;
	s->peer = sp_exchange(s->ep, sock);
	return s->peer < 0 ? (int) s->peer : 0;
}

static int side_close(struct side *s)
{
	int ret = ff_deregister(s->sreg);

	ret |= ff_endpoint_close(s->ep);	/* also deregisters rreg */
	free(s->sbuf);
	free(s->rbuf);
	return ret;
}

static uint64_t seed(int sz, int i, int from_child)
{
	return (uint64_t) sz << 20 | (uint64_t) i << 1 | (uint64_t) from_child;
}

/* One round trip; the parent sends first, the child echoes new data. */
static int exchange(struct side *s, int child, int sz, int i)
{
	size_t len = sizes[sz];
	uint64_t tag = (uint64_t) sz << 32 | (uint64_t) i;
	ff_completion c;
	int ok = 1;

	if (t_recv(s->ep, s->peer, s->rbuf, len, ff_region_desc(s->rreg), tag,
		   1000 + i))
		return 0;
	if (child) {
		ok &= t_await1(s->ep, 1000 + i, &c) == 0;
		ok &= c.status == 0 && c.kind == FF_RECV && c.length == len &&
		      c.tag == tag && t_verify(s->rbuf, len, seed(sz, i, 0));
	}
	t_fill(s->sbuf, len, seed(sz, i, child));
	if (t_send(s->ep, s->peer, s->sbuf, len, ff_region_desc(s->sreg), tag,
		   2000 + i))
		return 0;
	ok &= t_await1(s->ep, 2000 + i, &c) == 0;
	ok &= c.status == 0 && c.kind == FF_SEND && c.length == 0;
	if (!child) {
		ok &= t_await1(s->ep, 1000 + i, &c) == 0;
		ok &= c.status == 0 && c.kind == FF_RECV && c.length == len &&
		      c.tag == tag && t_verify(s->rbuf, len, seed(sz, i, 1));
	}
	return ok;
}

static void pingpong(const char *prov)
{
	struct side s;
	unsigned sz;
	int sock, i, iters, ok;
	pid_t pid;

	pid = t_fork(&sock);
	ok = side_open(&s, prov, sock, MAX_SIZE) == 0;
	if (!pid && !ok)
		t_check(0, "child: endpoint set up");
	for (sz = 0; ok && sz < NSIZES; sz++) {
		iters = sizes[sz] >= 65536 ? 5 : 20;
		for (i = 0; ok && i < iters; i++)
			ok = exchange(&s, !pid, sz, i);
		if (pid)
			t_check(ok, "%s ping-pong %zu B x %d, data verified",
				prov, sizes[sz], iters);
		else if (!ok)
			t_check(0, "child: %s ping-pong %zu B", prov, sizes[sz]);
	}
	sp_sync(sock);	/* neither side closes before the other is done */
	t_check(side_close(&s) == 0, "%s close after ping-pong", prov);
	if (!pid)
		t_child_exit();
	close(sock);
	t_check(t_reap(pid, T_TIMEOUT_MS) == 0, "%s ping-pong peer passed", prov);
}

static size_t inflight_size(int k)
{
	static const size_t sz[] = { 8, 5000, 70000 };

	return sz[k % 3];
}

static void inflight_child(struct side *s, int sock)
{
	char seen[INFLIGHT] = { 0 };
	ff_completion c[16];
	int k, n, i, got = 0, bad = 0;
	double end;

	for (k = 0; k < INFLIGHT; k++) {
		if (ff_recv(s->ep, s->peer, s->rbuf + k * 70000,
			    inflight_size(k), ff_region_desc(s->rreg), 500 + k,
			    0, 7000 + k))
			bad++;
	}
	t_check(!bad, "child: %d receives posted", INFLIGHT);
	sp_sync(sock);
	end = t_now_ms() + T_TIMEOUT_MS;
	while (got < INFLIGHT && t_now_ms() < end) {
		n = ff_wait(s->ep, c, 16, 10000, 100, -1);
		for (i = 0; i < n; i++, got++) {
			k = (int) (c[i].context - 7000);
			if (k < 0 || k >= INFLIGHT || seen[k] ||
			    c[i].status || c[i].kind != FF_RECV ||
			    c[i].tag != (uint64_t) (500 + k) ||
			    c[i].length != inflight_size(k) ||
			    !t_verify(s->rbuf + k * 70000, inflight_size(k),
				      100 + k)) {
				bad++;
				continue;
			}
			seen[k] = 1;
		}
	}
	t_check(got == INFLIGHT && !bad, "child: %d receives completed right "
		"(%d got, %d bad)", INFLIGHT, got, bad);
}

static void inflight_parent(struct side *s, int sock, const char *prov)
{
	ff_completion c;
	int k, ret, ok = 1, again = 0;

	sp_sync(sock);
	/* Back to back, in reverse tag order, each from its own slice. */
	for (k = INFLIGHT - 1; k >= 0; k--) {
		t_fill(s->sbuf + k * 70000, inflight_size(k), 100 + k);
		while ((ret = ff_send(s->ep, s->peer, s->sbuf + k * 70000,
				      inflight_size(k), ff_region_desc(s->sreg),
				      500 + k, 9000 + k)) == -FI_EAGAIN) {
			again++;
			t_await(&s->ep, 1, ~0ULL, &c, 1);	/* poll only */
		}
		ok &= ret == 0;
	}
	t_check(ok, "%s %d sends posted back to back (%d x -FI_EAGAIN)",
		prov, INFLIGHT, again);
	for (k = 0; k < INFLIGHT; k++) {
		ret = t_await1(s->ep, 9000 + k, &c);
		ok &= !ret && c.status == 0 && c.kind == FF_SEND &&
		      c.tag == (uint64_t) (500 + k);
	}
	t_check(ok, "%s %d send completions with their contexts and tags",
		prov, INFLIGHT);
}

static void inflight(const char *prov)
{
	struct side s;
	int sock;
	pid_t pid;

	pid = t_fork(&sock);
	if (side_open(&s, prov, sock, INFLIGHT * 70000)) {
		t_check(0, "%s in-flight endpoint set up", prov);
		if (!pid)
			t_child_exit();
		t_reap(pid, 0);
		return;
	}
	if (pid)
		inflight_parent(&s, sock, prov);
	else
		inflight_child(&s, sock);
	sp_sync(sock);
	side_close(&s);
	if (!pid)
		t_child_exit();
	close(sock);
	t_check(t_reap(pid, T_TIMEOUT_MS) == 0, "%s in-flight peer: all %d "
		"receives right", prov, INFLIGHT);
}

/* Posts on eps[i] (a send if i == 0), retrying while polling both. */
static int t_post(ff_endpoint **eps, int i, int64_t peer, void *buf,
		  size_t len, uint64_t tag, uint64_t ctx)
{
	double end = t_now_ms() + T_TIMEOUT_MS;
	ff_completion c;
	int ret;

	for (;;) {
		ret = i ? ff_recv(eps[1], peer, buf, len, NULL, tag, 0, ctx) :
			  ff_send(eps[0], peer, buf, len, NULL, tag, ctx);
		if (ret != -FI_EAGAIN || t_now_ms() > end)
			return ret;
		t_await(eps, 2, ~0ULL, &c, 0);
	}
}

/*
 * A first message: shm maps the peer's region and rxm connects on the
 * first send, which says -FI_EAGAIN until both sides made progress.
 */
static int warm_up(ff_endpoint **eps, int64_t *peer)
{
	static char buf[2];
	double end = t_now_ms() + T_TIMEOUT_MS;
	ff_completion c;
	int ret, i;

	for (i = 0; i < 2; i++) {
		if (ff_recv(eps[1 - i], peer[1 - i], buf, 1, NULL, 99, 0, 90))
			return 0;
		while ((ret = ff_send(eps[i], peer[i], buf, 1, NULL, 99, 91)) ==
		       -FI_EAGAIN && t_now_ms() < end)
			t_await(eps, 2, ~0ULL, &c, 0);
		if (ret || t_await(eps, 2, 90, &c, T_TIMEOUT_MS) ||
		    t_await(eps, 2, 91, &c, T_TIMEOUT_MS))
			return 0;
	}
	return 1;
}

/*
 * Two endpoints of prov in this process (queue depth, 0: the default),
 * each the other's peer, warmed up. 1 if all went well; eps must be
 * closed either way.
 */
static int open_pair(const char *prov, int depth, ff_endpoint **eps,
		     int64_t *peer)
{
	char addr[256];
	int i, n;

	for (i = 0; i < 2; i++) {
		if (ff_endpoint_open(prov, depth, &eps[i]))
			return 0;
	}
	for (i = 0; i < 2; i++) {
		n = ff_endpoint_address(eps[i], addr, sizeof(addr));
		peer[1 - i] = n > 0 ? ff_peer_add(eps[1 - i], addr, (size_t) n) : -1;
		if (peer[1 - i] < 0)
			return 0;
	}
	return warm_up(eps, peer);
}

/* Queue depth 4, one process, two endpoints: full queues say -FI_EAGAIN. */
static void queue_full(const char *prov)
{
	ff_endpoint *eps[2] = { NULL, NULL };
	static char sbuf[5][70000], rbuf[5][70000], small[5][8], srbuf[5][8];
	int64_t peer[2];
	ff_completion c;
	int i, ok = 1, sent = 0, ret = 0;

	ok = open_pair(prov, 4, eps, peer);
	if (!ok)
		goto out;
	for (i = 0; i < 4; i++)
		ok &= ff_recv(eps[1], peer[1], rbuf[i], 70000, NULL, 1 + i, 0,
			      100 + i) == 0;
	t_check(ok && ff_recv(eps[1], peer[1], rbuf[4], 70000, NULL, 5, 0,
			      104) == -FI_EAGAIN,
		"%s depth 4: the 5th receive is -FI_EAGAIN", prov);
	/* Large sends: -FI_EAGAIN at the 5th at the latest (shm's own
	 * transfer slots may fill first). */
	for (sent = 0; sent < 5; sent++) {
		ret = ff_send(eps[0], peer[0], sbuf[sent], 70000, NULL,
			      1 + sent, 200 + sent);
		if (ret)
			break;
	}
	t_check(ok && sent >= 1 && sent <= 4 && ret == -FI_EAGAIN,
		"%s depth 4: 70000 B sends: %d posted, then -FI_EAGAIN", prov,
		sent);
	/* Drain, then the refused operations go through. */
	for (i = 0; i < sent; i++) {
		ok &= !t_await(eps, 2, 100 + i, &c, T_TIMEOUT_MS) && !c.status;
		ok &= !t_await(eps, 2, 200 + i, &c, T_TIMEOUT_MS) && !c.status;
	}
	ok &= t_post(eps, 1, peer[1], rbuf[4], 70000, 5, 104) == 0;
	for (i = sent; i < 5; i++)
		ok &= t_post(eps, 0, peer[0], sbuf[i], 70000, 1 + i, 200 + i) == 0;
	for (i = sent; i < 5; i++) {
		ok &= !t_await(eps, 2, 100 + i, &c, T_TIMEOUT_MS) && !c.status;
		ok &= !t_await(eps, 2, 200 + i, &c, T_TIMEOUT_MS) && !c.status;
	}
	t_check(ok, "%s after draining, the refused operations complete", prov);
	/* Injected sends: 4 go out at once, the 5th finds the queue full. */
	for (i = 0; i < 4; i++)
		ok &= ff_send(eps[0], peer[0], small[i], 8, NULL, 11 + i,
			      300 + i) == 0;
	t_check(ok && ff_send(eps[0], peer[0], small[4], 8, NULL, 15,
			      304) == -FI_EAGAIN,
		"%s depth 4: 4 injected sends, the 5th is -FI_EAGAIN", prov);
	for (i = 0; i < 4; i++)
		ok &= t_post(eps, 1, peer[1], srbuf[i], 8, 11 + i, 400 + i) == 0;
	ok &= t_post(eps, 0, peer[0], small[4], 8, 15, 304) == 0;
	ok &= t_post(eps, 1, peer[1], srbuf[4], 8, 15, 404) == 0;
	for (i = 0; i < 5; i++) {
		ok &= !t_await(eps, 2, 300 + i, &c, T_TIMEOUT_MS) && !c.status;
		ok &= !t_await(eps, 2, 400 + i, &c, T_TIMEOUT_MS) && !c.status;
	}
out:
	t_check(ok, "%s depth 4: all operations completed", prov);
	t_stash_clear();
	ff_endpoint_close(eps[0]);
	ff_endpoint_close(eps[1]);
}

/*
 * A cancelled receive is reported with -FI_ECANCELED and takes no
 * message: the next message of its tag goes to the receive posted after.
 */
static void cancel(const char *prov)
{
	ff_endpoint *eps[2] = { NULL, NULL };
	static char out[64], in[2][64];
	int64_t peer[2];
	ff_completion c;
	int n, ok = 1;

	ok = open_pair(prov, 0, eps, peer);
	if (!ok)
		goto out;
	t_check(ff_cancel(eps[1], 700) == 0,
		"%s ff_cancel of a context with nothing posted: 0", prov);
	ok &= ff_recv(eps[1], peer[1], in[0], 64, NULL, 7, 0, 700) == 0;
	t_check(ok && ff_cancel(eps[1], 700) == 1,
		"%s ff_cancel of one posted receive: 1", prov);
	n = t_await(eps, 2, 700, &c, T_TIMEOUT_MS) ? 1 : c.status;
	t_check(n == -FI_ECANCELED,
		"%s the cancelled receive is reported with -FI_ECANCELED (%d)",
		prov, n);
	t_fill(out, sizeof(out), 7);
	ok &= ff_recv(eps[1], peer[1], in[1], 64, NULL, 7, 0, 701) == 0;
	ok &= t_post(eps, 0, peer[0], out, sizeof(out), 7, 702) == 0;
	ok &= !t_await(eps, 2, 701, &c, T_TIMEOUT_MS) && !c.status &&
	      c.length == sizeof(out);
	ok &= !t_await(eps, 2, 702, &c, T_TIMEOUT_MS);
	t_check(ok && t_verify(in[1], sizeof(out), 7),
		"%s the next message goes to the receive posted after", prov);
out:
	t_check(ok, "%s cancel: all operations completed", prov);
	t_stash_clear();
	ff_endpoint_close(eps[0]);
	ff_endpoint_close(eps[1]);
}

int main(void)
{
	static const char *const provs[] = { "shm", "tcp;ofi_rxm" };
	unsigned p;

	t_begin("ff_xfer_test", 100);
	setenv("FI_TCP_IFACE", "lo", 1);
	for (p = 0; p < 2; p++) {
		pingpong(provs[p]);
		inflight(provs[p]);
		queue_full(provs[p]);
		cancel(provs[p]);
	}
	t_shm_check();
	return t_summary();
}
