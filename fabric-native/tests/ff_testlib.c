/*
 * Helpers for the libfastfabric C tests (see ff_testlib.h).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <rdma/fi_errno.h>

#include "ff_testlib.h"

#define T_STASH 512
#define T_MAX_PIDS 64

int t_passed, t_failed, t_is_child;

static const char *t_name = "";
static ff_completion t_stash[T_STASH];
static int t_nstash;
static pid_t t_pids[T_MAX_PIDS];
static int t_npids;

void t_begin(const char *name, unsigned alarm_seconds)
{
	t_name = name;
	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(alarm_seconds);
	t_pids[t_npids++] = getpid();
}

void t_check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		t_passed++;
	else
		t_failed++;
	if (ok && t_is_child)
		return;
	printf("%s%s ", t_is_child ? "child " : "", ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (!ok && *ff_last_error())
		printf(" [ff_last_error: %s]", ff_last_error());
	printf("\n");
}

int t_summary(void)
{
	printf("fabric-native: %d passed, %d failed (%s)\n", t_passed, t_failed,
	       t_name);
	return t_failed ? 1 : 0;
}

double t_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

pid_t t_fork(int *sock)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		perror("socketpair");
		exit(2);
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(sv[0]);
		*sock = sv[1];
		t_is_child = 1;
		t_passed = t_failed = 0;
		t_stash_clear();
		alarm(60);
		return 0;
	}
	close(sv[1]);
	*sock = sv[0];
	if (t_npids < T_MAX_PIDS)
		t_pids[t_npids++] = pid;
	return pid;
}

int t_reap(pid_t pid, int timeout_ms)
{
	double end = t_now_ms() + timeout_ms;
	struct timespec ts = { 0, 5000000 };
	int status;
	pid_t r;

	for (;;) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -1;
		if (t_now_ms() > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1;
		}
		nanosleep(&ts, NULL);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void t_child_exit(void)
{
	fflush(stdout);
	exit(t_failed ? 1 : 0);
}

static uint8_t t_byte(size_t i, uint64_t seed)
{
	return (uint8_t) (seed * 131 + i * 7 + (i >> 8) + (seed >> 8));
}

void t_fill(void *buf, size_t len, uint64_t seed)
{
	uint8_t *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = t_byte(i, seed);
}

int t_verify(const void *buf, size_t len, uint64_t seed)
{
	const uint8_t *p = buf;
	size_t i;

	for (i = 0; i < len; i++) {
		if (p[i] != t_byte(i, seed))
			return 0;
	}
	return 1;
}

void t_stash_clear(void)
{
	t_nstash = 0;
}

static int t_take(uint64_t ctx, ff_completion *out)
{
	int i;

	for (i = 0; i < t_nstash; i++) {
		if (t_stash[i].context == ctx) {
			*out = t_stash[i];
			t_stash[i] = t_stash[--t_nstash];
			return 1;
		}
	}
	return 0;
}

/* Polls (n > 1) or waits (n == 1) once, stashing what completed. */
static int t_collect(ff_endpoint **eps, int n, int wait_ms)
{
	ff_completion c[16];
	int i, k, got, room = T_STASH - t_nstash;

	if (room > 16)
		room = 16;
	if (room <= 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (n == 1 && wait_ms > 0)
			got = ff_wait(eps[i], c, room, 20000, wait_ms, -1);
		else
			got = ff_poll(eps[i], c, room);
		if (got == -FI_ETIMEDOUT)
			got = 0;
		if (got < 0)
			return got;
		for (k = 0; k < got && t_nstash < T_STASH; k++) {
			if (getenv("T_DEBUG"))
				printf("debug: ep %d ctx %llu kind %u status %d "
				       "tag %llu len %llu\n", i,
				       (unsigned long long) c[k].context, c[k].kind,
				       c[k].status, (unsigned long long) c[k].tag,
				       (unsigned long long) c[k].length);
			t_stash[t_nstash++] = c[k];
		}
	}
	return 0;
}

int t_await(ff_endpoint **eps, int n, uint64_t ctx, ff_completion *out,
	    int timeout_ms)
{
	double left, end = t_now_ms() + timeout_ms;

	for (;;) {
		if (t_take(ctx, out))
			return 0;
		left = end - t_now_ms();
		if (t_collect(eps, n, left > 50 ? 50 : (int) left) < 0)
			return -1;
		if (t_take(ctx, out))
			return 0;
		if (left <= 0)
			return -1;
	}
}

int t_await1(ff_endpoint *ep, uint64_t ctx, ff_completion *out)
{
	return t_await(&ep, 1, ctx, out, T_TIMEOUT_MS);
}

int t_send_polling(ff_endpoint **eps, int n, int64_t peer, const void *buf,
		   size_t len, void *desc, uint64_t tag, uint64_t ctx)
{
	double end = t_now_ms() + T_TIMEOUT_MS;
	int ret;

	while ((ret = ff_send(eps[0], peer, buf, len, desc, tag, ctx)) ==
	       -FI_EAGAIN && t_now_ms() < end)
		t_collect(eps, n, 0);
	return ret;
}

int t_send(ff_endpoint *ep, int64_t peer, const void *buf, size_t len,
	   void *desc, uint64_t tag, uint64_t ctx)
{
	return t_send_polling(&ep, 1, peer, buf, len, desc, tag, ctx);
}

int t_recv(ff_endpoint *ep, int64_t peer, void *buf, size_t len, void *desc,
	   uint64_t tag, uint64_t ctx)
{
	double end = t_now_ms() + T_TIMEOUT_MS;
	int ret;

	while ((ret = ff_recv(ep, peer, buf, len, desc, tag, 0, ctx)) ==
	       -FI_EAGAIN && t_now_ms() < end)
		t_collect(&ep, 1, 0);
	return ret;
}

static int t_shm_walk(pid_t pid, int remove)
{
	char prefix[32], path[300];
	struct dirent *d;
	DIR *dir;
	int n = 0;

	snprintf(prefix, sizeof(prefix), "%ld:", (long) pid);
	dir = opendir("/dev/shm");
	if (!dir)
		return 0;
	while ((d = readdir(dir))) {
		if (strncmp(d->d_name, prefix, strlen(prefix)))
			continue;
		n++;
		if (remove) {
			snprintf(path, sizeof(path), "/dev/shm/%s", d->d_name);
			unlink(path);
		}
	}
	closedir(dir);
	return n;
}

int t_shm_count(pid_t pid)
{
	return t_shm_walk(pid, 0);
}

void t_shm_remove(pid_t pid)
{
	t_shm_walk(pid, 1);
}

void t_shm_check(void)
{
	int i, n = 0;

	for (i = 0; i < t_npids; i++)
		n += t_shm_count(t_pids[i]);
	t_check(n == 0, "no shm regions of this test's %d processes left in "
		"/dev/shm after clean closes (%d found)", t_npids, n);
}
