/*
 * GrandeJDK benchmarks.
 */

/*
 * What the C floors of bench/scripts/bulk.sh share (bulk_memcpy,
 * tcp_pingpong, mpi_pingpong): the command line, the iteration counts per
 * size, the clock, the median of batches and the line printed per size,
 * which `bench/scripts/report.py bulk` reads:
 *
 *   TOOL bytes=N iters=I rtt_us=X bw_gbs=Y window=W (median of 5 batches; ...)
 *
 * rtt_us: one round trip of N bytes (there and back); bw_gbs: one-way
 * bandwidth in 10^9 bytes/s, from a run of W messages of N bytes in a row
 * per acknowledgement (osu_bw's way).
 *
 * Iterations: a batch moves about BYTES (-b) one way, but at least
 * MIN_ITERS and at most MAX_ITERS (-n) round trips, so small sizes count
 * many short round trips and large ones a few long ones; a batch of the
 * same length warms up first, then BATCHES batches are timed, and the
 * median is printed (one slow batch, a neighbour's time slice, does not
 * move it).
 */
#ifndef BULK_FLOOR_H
#define BULK_FLOOR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BATCHES 5
#define MIN_ITERS 2
/* The window of the bandwidth run, as osu_bw's, but no more than
 * WINDOW_BYTES in flight: a receiver needs a buffer per message of the
 * window, and 64 of 16 MiB would be a GiB. */
#define WINDOW 64
#define WINDOW_BYTES (64L << 20)

struct floor_args {
	long max_iters;		/* -n: round trips per batch at most */
	long batch_bytes;	/* -b: bytes one batch moves one way */
	int nsizes;
	size_t *sizes;		/* the operands */
};

static inline void floor_usage(const char *tool)
{
	fprintf(stderr, "usage: %s [-n MAX_ITERS] [-b BATCH_BYTES] SIZE...\n",
		tool);
	exit(2);
}

static inline void floor_parse(int argc, char **argv, const char *tool,
			long max_iters, struct floor_args *a)
{
	int opt, i;

	a->max_iters = max_iters;
	a->batch_bytes = 64L << 20;
	while ((opt = getopt(argc, argv, "n:b:")) != -1) {
		switch (opt) {
		case 'n': a->max_iters = strtol(optarg, NULL, 0); break;
		case 'b': a->batch_bytes = strtol(optarg, NULL, 0); break;
		default: floor_usage(tool);
		}
	}
	a->nsizes = argc - optind;
	if (a->nsizes <= 0 || a->max_iters < MIN_ITERS || a->batch_bytes <= 0)
		floor_usage(tool);
	a->sizes = calloc(a->nsizes, sizeof(*a->sizes));
	if (!a->sizes)
		floor_usage(tool);
	for (i = 0; i < a->nsizes; i++) {
		char *end;

		a->sizes[i] = strtoul(argv[optind + i], &end, 0);
		if (*end || a->sizes[i] == 0)
			floor_usage(tool);
	}
}

/* Round trips per batch for size bytes. */
static inline long floor_iters(const struct floor_args *a, size_t size)
{
	long n = a->batch_bytes / (long) size;

	if (n > a->max_iters)
		n = a->max_iters;
	return n < MIN_ITERS ? MIN_ITERS : n;
}

/* Messages in flight per acknowledgement of the bandwidth run. */
static inline long floor_window(size_t size)
{
	long w = WINDOW_BYTES / (long) size;

	if (w > WINDOW)
		w = WINDOW;
	return w < 1 ? 1 : w;
}

/* Windows per batch of the bandwidth run: about as many bytes as a batch
 * of round trips sends one way. */
static inline long floor_windows(const struct floor_args *a, size_t size, long window)
{
	long k = floor_iters(a, size) / window;

	return k < 1 ? 1 : k;
}

static inline double floor_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static inline int floor_cmp(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/* Sorts v (BATCHES values) and returns the median. */
static inline double floor_median(double *v)
{
	qsort(v, BATCHES, sizeof(v[0]), floor_cmp);
	return v[BATCHES / 2];
}

/* The line of one size; rtt and bw sorted by floor_median. */
static inline void floor_print(const char *tool, size_t size, long iters,
			const double *rtt, const double *bw, long window)
{
	printf("%s bytes=%zu iters=%ld rtt_us=%.3f bw_gbs=%.4f window=%ld "
	       "(median of %d batches; rtt min %.3f .. max %.3f us, "
	       "bw min %.4f .. max %.4f GB/s)\n", tool, size, iters,
	       rtt[BATCHES / 2], bw[BATCHES / 2], window, BATCHES, rtt[0],
	       rtt[BATCHES - 1], bw[0], bw[BATCHES - 1]);
	fflush(stdout);
}

#endif
