/*
 * GrandeJDK benchmarks.
 */

/*
 * mpi_pingpong: the MPI floor of bench/scripts/bulk.sh, what an HPC reader
 * compares a transport with (OSU's osu_latency and osu_bw measure the
 * same): two ranks, N bytes from rank 0 to rank 1 and back with blocking
 * MPI_Send/MPI_Recv (the round trip, where osu_latency prints half of it);
 * then the one-way bandwidth: rank 0 posts a window of MPI_Isend of N
 * bytes, rank 1 as many MPI_Irecv into a buffer each, and answers the
 * completed window with a 1-byte message.
 *
 *   mpirun -np 2 [--mca btl self,vader] mpi_pingpong [-n MAX_ITERS] [-b BATCH_BYTES] SIZE...
 *
 * Rank 0 prints a line per size (bulk_floor.h); both ranks parse the same
 * command line, so they agree on every count without a message. Buffers are
 * written before the clock starts (no page fault timed) and reused from
 * batch to batch, as a registered buffer of a real program would be.
 */
#include <mpi.h>

#include "bulk_floor.h"

#define TAG 1
#define TAG_ACK 2

static void round_trips(int rank, char *buf, size_t size, long iters)
{
	long i;

	for (i = 0; i < iters; i++) {
		if (rank == 0) {
			MPI_Send(buf, (int) size, MPI_BYTE, 1, TAG, MPI_COMM_WORLD);
			MPI_Recv(buf, (int) size, MPI_BYTE, 1, TAG, MPI_COMM_WORLD,
				 MPI_STATUS_IGNORE);
		} else {
			MPI_Recv(buf, (int) size, MPI_BYTE, 0, TAG, MPI_COMM_WORLD,
				 MPI_STATUS_IGNORE);
			MPI_Send(buf, (int) size, MPI_BYTE, 0, TAG, MPI_COMM_WORLD);
		}
	}
}

/*
 * windows runs of window messages. The sends share one buffer (which
 * MPI 3 allows: a send only reads it); each receive of a window has its
 * own, as concurrent receives into one buffer are erroneous.
 */
static void stream(int rank, char *buf, char *window_bufs, size_t size,
		   long windows, long window, MPI_Request *req)
{
	long k, w;
	char ack = 0;

	for (k = 0; k < windows; k++) {
		if (rank == 0) {
			for (w = 0; w < window; w++)
				MPI_Isend(buf, (int) size, MPI_BYTE, 1, TAG,
					  MPI_COMM_WORLD, &req[w]);
			MPI_Waitall((int) window, req, MPI_STATUSES_IGNORE);
			MPI_Recv(&ack, 1, MPI_BYTE, 1, TAG_ACK, MPI_COMM_WORLD,
				 MPI_STATUS_IGNORE);
		} else {
			for (w = 0; w < window; w++)
				MPI_Irecv(window_bufs + w * size, (int) size,
					  MPI_BYTE, 0, TAG, MPI_COMM_WORLD,
					  &req[w]);
			MPI_Waitall((int) window, req, MPI_STATUSES_IGNORE);
			MPI_Send(&ack, 1, MPI_BYTE, 0, TAG_ACK, MPI_COMM_WORLD);
		}
	}
}

int main(int argc, char **argv)
{
	struct floor_args args;
	MPI_Request req[WINDOW];
	int rank, ranks, s, batch;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &ranks);
	if (ranks != 2) {
		if (rank == 0)
			fprintf(stderr, "mpi_pingpong: needs 2 ranks, has %d\n", ranks);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	floor_parse(argc, argv, "mpi_pingpong", 2000, &args);
	for (s = 0; s < args.nsizes; s++) {
		size_t size = args.sizes[s];
		long iters = floor_iters(&args, size), window = floor_window(size);
		long windows = floor_windows(&args, size, window);
		double rtt[BATCHES], bw[BATCHES], t0;
		char *buf = malloc(size);
		char *window_bufs = rank == 1 ? malloc(size * window) : NULL;

		if (size > (size_t) 0x7fffffff || !buf
		    || (rank == 1 && !window_bufs)) {
			fprintf(stderr, "mpi_pingpong: cannot send %zu bytes\n", size);
			MPI_Abort(MPI_COMM_WORLD, 1);
		}
		memset(buf, 0x5a, size);
		if (window_bufs)
			memset(window_bufs, 0xa5, size * window);

		MPI_Barrier(MPI_COMM_WORLD);
		round_trips(rank, buf, size, iters);		/* warm-up */
		for (batch = 0; batch < BATCHES; batch++) {
			t0 = floor_now_us();
			round_trips(rank, buf, size, iters);
			rtt[batch] = (floor_now_us() - t0) / iters;
		}
		MPI_Barrier(MPI_COMM_WORLD);
		stream(rank, buf, window_bufs, size, windows, window, req);
		for (batch = 0; batch < BATCHES; batch++) {
			t0 = floor_now_us();
			stream(rank, buf, window_bufs, size, windows, window, req);
			bw[batch] = (double) size * window * windows
				    / (floor_now_us() - t0) / 1e3;
		}
		if (rank == 0) {
			floor_median(rtt);
			floor_median(bw);
			floor_print("mpi_pingpong", size, iters, rtt, bw, window);
		}
		free(buf);
		free(window_bufs);
	}
	MPI_Finalize();
	return 0;
}
