/*
 * GrandeJDK benchmarks.
 */

/*
 * bulk_memcpy: the memory floor of bench/scripts/bulk.sh: the time to copy
 * N bytes from one buffer to another and back, memcpy twice, in one
 * process. A round trip of N bytes between two processes cannot copy less
 * than that (any transport puts the bytes into the other's memory and the
 * echo puts them back), so no curve of the report goes below it.
 *
 *   bulk_memcpy [-n MAX_ITERS] [-b BATCH_BYTES] SIZE...
 *
 * Prints a line per size (bulk_floor.h); bw_gbs is N over half a round
 * trip, one copy (window=0: no bandwidth run of its own, a copy in a row
 * is the same copy). Both buffers are page-aligned and written before the
 * clock starts, so no page fault is timed; from about the size of the last
 * level cache the copies run at the memory's speed.
 */
#include "bulk_floor.h"

/* Keeps the compiler from dropping or merging copies whose result is not
 * read: it must assume memory was read and changed here. */
#define BARRIER() __asm__ __volatile__("" ::: "memory")

static void round_trips(char *a, char *b, size_t size, long iters)
{
	long i;

	for (i = 0; i < iters; i++) {
		memcpy(b, a, size);
		BARRIER();
		memcpy(a, b, size);
		BARRIER();
	}
}

int main(int argc, char **argv)
{
	struct floor_args args;
	int s, batch;

	floor_parse(argc, argv, "bulk_memcpy", 1000000, &args);
	for (s = 0; s < args.nsizes; s++) {
		size_t size = args.sizes[s];
		size_t rounded = (size + 4095) & ~(size_t) 4095;
		long iters = floor_iters(&args, size);
		double rtt[BATCHES], bw[BATCHES], t0;
		char *a = aligned_alloc(4096, rounded);
		char *b = aligned_alloc(4096, rounded);

		if (!a || !b) {
			fprintf(stderr, "bulk_memcpy: no memory for %zu bytes\n", size);
			return 1;
		}
		memset(a, 0x5a, rounded);
		memset(b, 0xa5, rounded);
		round_trips(a, b, size, iters);		/* warm-up */
		for (batch = 0; batch < BATCHES; batch++) {
			t0 = floor_now_us();
			round_trips(a, b, size, iters);
			rtt[batch] = (floor_now_us() - t0) / iters;
			bw[batch] = size / (rtt[batch] / 2) / 1e3;
		}
		floor_median(rtt);
		floor_median(bw);
		floor_print("bulk_memcpy", size, iters, rtt, bw, 0);
		free(a);
		free(b);
	}
	return 0;
}
