/*
 * GrandeJDK benchmarks.
 */

/*
 * tcp_callers: the TCP floor of bench/scripts/scaling.sh: CALLERS threads
 * of one process call a server process over 127.0.0.1, each call a
 * SIZE-byte request answered by a SIZE-byte reply, with no serialization
 * and no work in the server: what the loopback's TCP and the threads'
 * wake-ups cost whatever runs over them, as calls/s and as CPU time of
 * the whole machine per call.
 *
 *   tcp_callers [-s SECONDS] [-m SIZE] [-w block|poll|mux|muxpoll] CALLERS...
 *
 * block: a connection per caller and a server thread per connection,
 *        both blocking in read (stock RMI's threads; jdk.fastrmi's when
 *        its wait policy blocks).
 * poll:  the same threads and connections, each read polled without
 *        blocking, sched_yield() between tries (jdk.fastrmi's wait when
 *        more threads wait than there are cores): no sleep and no
 *        wake-up, but a core for every waiter that the others lack.
 * mux:   one connection for all callers. A caller queues its request;
 *        one caller at a time writes all that is queued (the requests of
 *        a burst go out in one write), and each sleeps on its own
 *        condition variable; a reader thread takes the replies as they
 *        come, as many as one read returns, and wakes each caller. The
 *        server is one thread that answers all the requests of one read
 *        with one write. The fewest system calls per call that many
 *        callers can have when each call waits for its reply.
 * muxpoll: mux with every wait polled, sched_yield() between tries: a
 *        caller's for its reply (a flag), the reader's and the server's
 *        (the socket).
 *
 * A line per count:
 *   tcp_callers mode=M callers=N size=S calls_per_s=X cpu_us_per_call=Y
 * Each count runs in a new server process: a second of warm-up, then
 * SECONDS measured. CPU time is the whole machine's, from /proc/stat
 * (user, system and soft interrupts), so both processes and the
 * kernel's loopback work count.
 */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/wait.h>
#include <time.h>

#include "tcp_floor.h"

#define MAX_CALLERS 1024
#define MAX_SIZE 4096
#define WARMUP_SECONDS 1.0

enum mode { MODE_BLOCK, MODE_POLL, MODE_MUX, MODE_MUX_POLL };

static enum mode mode = MODE_BLOCK;
#define MUXED (mode == MODE_MUX || mode == MODE_MUX_POLL)
static const char *const mode_names[] = { "block", "poll", "mux", "muxpoll" };
static size_t size = 64;
static double seconds = 3.0;

/* Set once the measured time is over: callers stop after their current call. */
static atomic_int stopping;
/* Calls completed, by all callers. */
static atomic_long calls;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Busy time of all CPUs in seconds: user, nice, system, irq, softirq. */
static double busy_s(void)
{
	unsigned long long user, nice, sys, idle, iowait, irq, softirq;
	FILE *f = fopen("/proc/stat", "r");

	if (!f || fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu",
			 &user, &nice, &sys, &idle, &iowait, &irq,
			 &softirq) != 7)
		die("/proc/stat");
	fclose(f);
	return (double) (user + nice + sys + irq + softirq)
	       / sysconf(_SC_CLK_TCK);
}

/* Reads what is there, at least a byte; polls in the polling modes. */
static ssize_t read_some(int fd, char *buf, size_t n)
{
	int polls = mode == MODE_POLL || mode == MODE_MUX_POLL;

	for (;;) {
		ssize_t k = recv(fd, buf, n, polls ? MSG_DONTWAIT : 0);

		if (k >= 0)
			return k;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			sched_yield();
		else if (errno != EINTR)
			return -1;
	}
}

/* Reads n bytes; 0 if the peer closed first. */
static int read_full(int fd, char *buf, size_t n)
{
	while (n > 0) {
		ssize_t k = read_some(fd, buf, n);

		if (k == 0 || (k < 0 && errno == ECONNRESET))
			return 0;
		if (k < 0)
			die("read");
		buf += k;
		n -= k;
	}
	return 1;
}

/* Server, block: echoes one connection's requests until it closes. */
static void *echo_connection(void *arg)
{
	int fd = (int) (long) arg;
	char buf[MAX_SIZE];

	while (read_full(fd, buf, size))
		write_full(fd, buf, size);
	close(fd);
	return NULL;
}

/*
 * Server, mux: answers every whole request of each read with one write.
 * A request's first four bytes name its caller; the reply keeps them.
 */
static void echo_batches(int fd)
{
	static char buf[MAX_CALLERS * MAX_SIZE];
	size_t have = 0;

	for (;;) {
		ssize_t k = read_some(fd, buf + have, sizeof(buf) - have);
		size_t whole;

		if (k <= 0)
			return;
		have += k;
		whole = have - have % size;
		write_full(fd, buf, whole);
		memmove(buf, buf + whole, have - whole);
		have -= whole;
	}
}

static void serve(int listener, int callers)
{
	pthread_t thread;
	int i, fd;

	for (i = 0; i < (MUXED ? 1 : callers); i++) {
		fd = accept(listener, NULL, NULL);
		if (fd < 0)
			die("accept");
		nodelay(fd);
		if (MUXED) {
			echo_batches(fd);
			return;
		}
		if (pthread_create(&thread, NULL, echo_connection,
				   (void *) (long) fd))
			die("pthread_create");
		pthread_detach(thread);
	}
	pause();	/* until the parent kills the server */
}

/* Client, block: one caller on its own connection. */
static void *call_own(void *arg)
{
	const struct sockaddr_in *addr = arg;
	int fd = connect_to(addr);
	char buf[MAX_SIZE];

	memset(buf, 0x5a, size);
	while (!atomic_load_explicit(&stopping, memory_order_relaxed)) {
		write_full(fd, buf, size);
		if (!read_full(fd, buf, size)) {
			errno = ECONNRESET;
			die("read: the server closed");
		}
		atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
	}
	close(fd);
	return NULL;
}

/*
 * Client, mux: the shared connection, the requests queued for it and each
 * caller's wait. Writes are combined: a caller queues its request, and
 * if no caller is writing it becomes the writer and sends everything
 * queued, again until the queue is empty, so a burst of calls costs one
 * write.
 */
static struct {
	int fd;
	pthread_mutex_t lock;
	char queues[2][MAX_CALLERS * MAX_SIZE];
	int queue;		/* the one callers append to */
	size_t queued;
	int writing;
	pthread_cond_t answered[MAX_CALLERS];
	atomic_int waiting[MAX_CALLERS];
} shared = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
};

static void send_combined(const char *request)
{
	pthread_mutex_lock(&shared.lock);
	memcpy(shared.queues[shared.queue] + shared.queued, request, size);
	shared.queued += size;
	if (!shared.writing) {
		shared.writing = 1;
		while (shared.queued > 0) {
			const char *out = shared.queues[shared.queue];
			size_t n = shared.queued;

			shared.queue ^= 1;
			shared.queued = 0;
			pthread_mutex_unlock(&shared.lock);
			write_full(shared.fd, out, n);
			pthread_mutex_lock(&shared.lock);
		}
		shared.writing = 0;
	}
	pthread_mutex_unlock(&shared.lock);
}

static void *call_shared(void *arg)
{
	int id = (int) (long) arg;
	char buf[MAX_SIZE];

	memset(buf, 0x5a, size);
	memcpy(buf, &id, sizeof(id));
	while (!atomic_load_explicit(&stopping, memory_order_relaxed)) {
		atomic_store(&shared.waiting[id], 1);
		send_combined(buf);
		if (mode == MODE_MUX_POLL) {
			while (atomic_load(&shared.waiting[id]))
				sched_yield();
		} else {
			pthread_mutex_lock(&shared.lock);
			while (atomic_load(&shared.waiting[id]))
				pthread_cond_wait(&shared.answered[id],
						  &shared.lock);
			pthread_mutex_unlock(&shared.lock);
		}
		atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
	}
	return NULL;
}

/* Client, mux: hands each reply of a read to its caller. */
static void *demultiplex(void *arg)
{
	static char buf[MAX_CALLERS * MAX_SIZE];
	size_t have = 0, at;
	int id;

	(void) arg;
	for (;;) {
		ssize_t k = read_some(shared.fd, buf + have, sizeof(buf) - have);

		if (k <= 0)
			return NULL;
		have += k;
		if (mode == MODE_MUX)
			pthread_mutex_lock(&shared.lock);
		for (at = 0; at + size <= have; at += size) {
			memcpy(&id, buf + at, sizeof(id));
			atomic_store(&shared.waiting[id], 0);
			if (mode == MODE_MUX)
				pthread_cond_signal(&shared.answered[id]);
		}
		if (mode == MODE_MUX)
			pthread_mutex_unlock(&shared.lock);
		memmove(buf, buf + at, have - at);
		have -= at;
	}
}

static void run(int callers)
{
	struct sockaddr_in addr;
	pthread_t threads[MAX_CALLERS], reader;
	double t0, b0, elapsed, busy;
	long n0;
	int listener, i, status;
	pid_t pid;

	listener = listen_loopback(&addr, MAX_CALLERS);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		alarm((unsigned) (seconds + WARMUP_SECONDS) + 60);
		serve(listener, callers);
		exit(0);
	}
	close(listener);

	atomic_store(&stopping, 0);
	atomic_store(&calls, 0);
	if (MUXED) {
		shared.fd = connect_to(&addr);
		for (i = 0; i < callers; i++)
			pthread_cond_init(&shared.answered[i], NULL);
		if (pthread_create(&reader, NULL, demultiplex, NULL))
			die("pthread_create");
	}
	for (i = 0; i < callers; i++)
		if (pthread_create(&threads[i], NULL,
				   MUXED ? call_shared : call_own,
				   MUXED ? (void *) (long) i
						    : (void *) &addr))
			die("pthread_create");

	usleep((useconds_t) (WARMUP_SECONDS * 1e6));
	n0 = atomic_load(&calls);
	b0 = busy_s();
	t0 = now_s();
	usleep((useconds_t) (seconds * 1e6));
	elapsed = now_s() - t0;
	busy = busy_s() - b0;
	n0 = atomic_load(&calls) - n0;
	atomic_store(&stopping, 1);

	for (i = 0; i < callers; i++)
		pthread_join(threads[i], NULL);
	if (MUXED) {
		shutdown(shared.fd, SHUT_WR);
		pthread_join(reader, NULL);
		close(shared.fd);
	}
	kill(pid, SIGTERM);
	if (waitpid(pid, &status, 0) != pid)
		die("waitpid");
	printf("tcp_callers mode=%s callers=%d size=%zu calls_per_s=%.0f "
	       "cpu_us_per_call=%.2f\n", mode_names[mode],
	       callers, size, n0 / elapsed, n0 ? busy * 1e6 / n0 : 0.0);
	fflush(stdout);
}

static void usage(void)
{
	fprintf(stderr, "usage: tcp_callers [-s SECONDS] [-m SIZE] "
		"[-w block|poll|mux|muxpoll] CALLERS...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int opt, i, callers;

	while ((opt = getopt(argc, argv, "s:m:w:")) != -1) {
		switch (opt) {
		case 's':
			seconds = atof(optarg);
			if (seconds <= 0 || seconds > 600)
				usage();
			break;
		case 'm':
			size = strtoul(optarg, NULL, 10);
			if (size < sizeof(int) || size > MAX_SIZE)
				usage();
			break;
		case 'w':
			if (!strcmp(optarg, "block"))
				mode = MODE_BLOCK;
			else if (!strcmp(optarg, "poll"))
				mode = MODE_POLL;
			else if (!strcmp(optarg, "mux"))
				mode = MODE_MUX;
			else if (!strcmp(optarg, "muxpoll"))
				mode = MODE_MUX_POLL;
			else
				usage();
			break;
		default:
			usage();
		}
	}
	if (optind == argc)
		usage();
	tcp_floor_tool = "tcp_callers";
	signal(SIGPIPE, SIG_IGN);
	for (i = optind; i < argc; i++) {
		callers = atoi(argv[i]);
		if (callers < 1 || callers > MAX_CALLERS)
			usage();
		run(callers);
	}
	return 0;
}
