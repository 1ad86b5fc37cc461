/*
 * GrandeJDK benchmarks.
 */

/*
 * tcp_pingpong: the TCP floor of bench/scripts/bulk.sh: N bytes to another
 * process over a real TCP connection on 127.0.0.1 and back, in C, with
 * TCP_NODELAY (as RMI's sockets have) and blocking write/read of the full
 * N bytes each way; then the one-way bandwidth, windows of N-byte writes
 * each answered with one byte. No serialization, no RMI: what the
 * loopback's TCP costs whatever runs over it.
 *
 *   tcp_pingpong [-n MAX_ITERS] [-b BATCH_BYTES] SIZE...
 *
 * Forks after the listening socket is bound; the parent times, the child
 * echoes. A line per size (bulk_floor.h). The kernel's socket buffers are
 * its defaults (auto-tuned), as a JVM's are.
 */
#include <signal.h>
#include <sys/wait.h>

#include "bulk_floor.h"
#include "tcp_floor.h"

static void read_full(int fd, char *buf, size_t n)
{
	while (n > 0) {
		ssize_t k = read(fd, buf, n);

		if (k == 0) {
			errno = ECONNRESET;
			die("read: the peer closed");
		}
		if (k < 0) {
			if (errno == EINTR)
				continue;
			die("read");
		}
		buf += k;
		n -= k;
	}
}

/* The initiator's side of iters round trips. */
static void ping(int fd, char *buf, size_t size, long iters)
{
	long i;

	for (i = 0; i < iters; i++) {
		write_full(fd, buf, size);
		read_full(fd, buf, size);
	}
}

/* windows runs of window writes, each run acknowledged with a byte. */
static void stream(int fd, char *buf, size_t size, long windows, long window)
{
	long k, w;
	char ack;

	for (k = 0; k < windows; k++) {
		for (w = 0; w < window; w++)
			write_full(fd, buf, size);
		read_full(fd, &ack, 1);
	}
}

/* The echoing side, in step with the initiator's calls in main. */
static void responder(int fd, const struct floor_args *a, char *buf)
{
	int s, batch;
	long i, k, w;

	for (s = 0; s < a->nsizes; s++) {
		size_t size = a->sizes[s];
		long iters = floor_iters(a, size), window = floor_window(size);
		long windows = floor_windows(a, size, window);

		for (batch = 0; batch <= BATCHES; batch++)	/* warm-up too */
			for (i = 0; i < iters; i++) {
				read_full(fd, buf, size);
				write_full(fd, buf, size);
			}
		for (batch = 0; batch <= BATCHES; batch++)
			for (k = 0; k < windows; k++) {
				for (w = 0; w < window; w++)
					read_full(fd, buf, size);
				write_full(fd, "k", 1);
			}
	}
}

int main(int argc, char **argv)
{
	struct floor_args args;
	struct sockaddr_in addr;
	size_t largest = 0;
	int listener, fd, s, batch, status;
	char *buf;
	pid_t pid;

	tcp_floor_tool = "tcp_pingpong";
	floor_parse(argc, argv, "tcp_pingpong", 2000, &args);
	for (s = 0; s < args.nsizes; s++)
		if (args.sizes[s] > largest)
			largest = args.sizes[s];
	buf = malloc(largest);
	if (!buf)
		die("malloc");
	memset(buf, 0x5a, largest);

	listener = listen_loopback(&addr, 1);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork");
	alarm(600);	/* neither side waits for ever on a dead peer */
	if (pid == 0) {
		close(listener);
		fd = connect_to(&addr);
		responder(fd, &args, buf);
		close(fd);
		exit(0);
	}
	fd = accept(listener, NULL, NULL);
	if (fd < 0)
		die("accept");
	close(listener);
	nodelay(fd);

	for (s = 0; s < args.nsizes; s++) {
		size_t size = args.sizes[s];
		long iters = floor_iters(&args, size), window = floor_window(size);
		long windows = floor_windows(&args, size, window);
		double rtt[BATCHES], bw[BATCHES], t0;

		ping(fd, buf, size, iters);		/* warm-up */
		for (batch = 0; batch < BATCHES; batch++) {
			t0 = floor_now_us();
			ping(fd, buf, size, iters);
			rtt[batch] = (floor_now_us() - t0) / iters;
		}
		stream(fd, buf, size, windows, window);
		for (batch = 0; batch < BATCHES; batch++) {
			t0 = floor_now_us();
			stream(fd, buf, size, windows, window);
			bw[batch] = (double) size * window * windows
				    / (floor_now_us() - t0) / 1e3;
		}
		floor_median(rtt);
		floor_median(bw);
		floor_print("tcp_pingpong", size, iters, rtt, bw, window);
	}
	close(fd);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)
	    || WEXITSTATUS(status)) {
		fprintf(stderr, "tcp_pingpong: the responder failed\n");
		return 1;
	}
	return 0;
}
