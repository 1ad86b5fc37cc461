/*
 * ff_pingpong: round-trip latency of libfastfabric between two processes.
 *   ff_pingpong -p PROVIDER -s SIZE -n ITERS [-w WARMUP]
 * Forks; the processes exchange addresses over a socketpair and both spin
 * with ff_poll. Prints the median round trip of 5 batches.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <rdma/fi_errno.h>

#include "fastfabric.h"
#include "ff_sockpair.h"

#define BATCHES 5
#define TAG 0x70

struct pp {
	ff_endpoint *ep;
	int64_t peer;
	char *sbuf, *rbuf;
	ff_region *sreg, *rreg;
	size_t size;
	int sends, recvs;	/* outstanding */
};

static void die(const char *what, int ret)
{
	fprintf(stderr, "ff_pingpong: %s: %s (%d) %s\n", what, ff_strerror(ret),
		ret, ff_last_error());
	exit(2);
}

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void connect_peer(struct pp *pp, int sock)
{
	pp->peer = sp_exchange(pp->ep, sock);
	if (pp->peer < 0)
		die("address exchange", (int) pp->peer);
}

static void progress(struct pp *pp)
{
	ff_completion c[8];
	int n, i;

	n = ff_poll(pp->ep, c, 8);
	if (n < 0)
		die("ff_poll", n);
	for (i = 0; i < n; i++) {
		if (c[i].status)
			die("completion", c[i].status);
		if (c[i].kind == FF_SEND)
			pp->sends--;
		else
			pp->recvs--;
	}
}

static void post_recv(struct pp *pp)
{
	int ret;

	while ((ret = ff_recv(pp->ep, pp->peer, pp->rbuf, pp->size,
			      ff_region_desc(pp->rreg), TAG, 0, 2)) == -FI_EAGAIN)
		progress(pp);
	if (ret)
		die("ff_recv", ret);
	pp->recvs++;
}

static void post_send(struct pp *pp)
{
	int ret;

	while ((ret = ff_send(pp->ep, pp->peer, pp->sbuf, pp->size,
			      ff_region_desc(pp->sreg), TAG, 1)) == -FI_EAGAIN)
		progress(pp);
	if (ret)
		die("ff_send", ret);
	pp->sends++;
}

/* One round trip: the initiator sends first, the responder echoes. */
static void round_trip(struct pp *pp, int initiator)
{
	if (initiator) {
		post_send(pp);
		while (pp->recvs || pp->sends)
			progress(pp);
		post_recv(pp);
	} else {
		while (pp->recvs)
			progress(pp);
		post_recv(pp);
		post_send(pp);
		while (pp->sends)
			progress(pp);
	}
}

static void setup(struct pp *pp, const char *prov, size_t size, int sock)
{
	int ret;

	ret = ff_endpoint_open(prov, 0, &pp->ep);
	if (ret)
		die("ff_endpoint_open", ret);
	pp->size = size;
	pp->sbuf = calloc(1, size + 1);
	pp->rbuf = calloc(1, size + 1);
	if (!pp->sbuf || !pp->rbuf)
		die("calloc", -FI_ENOMEM);
	ret = ff_register(pp->ep, pp->sbuf, size + 1, &pp->sreg);
	if (!ret)
		ret = ff_register(pp->ep, pp->rbuf, size + 1, &pp->rreg);
	if (ret)
		die("ff_register", ret);
	connect_peer(pp, sock);
	post_recv(pp);
}

static void teardown(struct pp *pp, int sock)
{
	/* Neither side closes before the other is done. */
	if (sp_sync(sock))
		die("final handshake", -FI_EIO);
	ff_endpoint_close(pp->ep);
	free(pp->sbuf);
	free(pp->rbuf);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	return x < y ? -1 : x > y;
}

static void run(const char *prov, size_t size, long iters, long warmup,
		int sock, int initiator)
{
	struct pp pp;
	double rtt[BATCHES], t0;
	long batch = iters / BATCHES, i;
	int b;

	memset(&pp, 0, sizeof(pp));
	setup(&pp, prov, size, sock);
	for (i = 0; i < warmup; i++)
		round_trip(&pp, initiator);
	for (b = 0; b < BATCHES; b++) {
		t0 = now_us();
		for (i = 0; i < batch; i++)
			round_trip(&pp, initiator);
		rtt[b] = (now_us() - t0) / batch;
	}
	teardown(&pp, sock);
	if (!initiator)
		return;
	qsort(rtt, BATCHES, sizeof(rtt[0]), cmp_double);
	printf("ff_pingpong provider=%s size=%zu iters=%ld rtt_us=%.2f "
	       "(median of %d batches; min %.2f .. max %.2f)\n", prov, size,
	       batch * BATCHES, rtt[BATCHES / 2], BATCHES, rtt[0],
	       rtt[BATCHES - 1]);
}

static void usage(void)
{
	fprintf(stderr, "usage: ff_pingpong -p PROVIDER -s SIZE -n ITERS "
		"[-w WARMUP]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *prov = "shm";
	long iters = 100000, warmup = -1;
	size_t size = 8;
	int sv[2], status, opt;
	pid_t pid;

	while ((opt = getopt(argc, argv, "p:s:n:w:")) != -1) {
		switch (opt) {
		case 'p': prov = optarg; break;
		case 's': size = strtoul(optarg, NULL, 0); break;
		case 'n': iters = strtol(optarg, NULL, 0); break;
		case 'w': warmup = strtol(optarg, NULL, 0); break;
		default: usage();
		}
	}
	if (iters < BATCHES)
		usage();
	if (warmup < 0)
		warmup = iters / 10 < 100 ? 100 : iters / 10;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		die("socketpair", -errno);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork", -errno);
	alarm(120);
	if (pid == 0) {
		close(sv[0]);
		run(prov, size, iters, warmup, sv[1], 0);
		exit(0);
	}
	close(sv[1]);
	run(prov, size, iters, warmup, sv[0], 1);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "ff_pingpong: the responder failed\n");
		return 1;
	}
	return 0;
}
