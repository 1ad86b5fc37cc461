/*
 * GrandeJDK benchmarks.
 */

/*
 * What the C floors over TCP share (tcp_pingpong, tcp_callers): dying
 * with the tool's name and errno's text, a socket listening on
 * 127.0.0.1 at a port the kernel picks, a client connection to it, Nagle
 * off (as RMI's sockets have it), and writing a buffer whole.
 */
#ifndef TCP_FLOOR_H
#define TCP_FLOOR_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The tool's name in its messages; main sets it first. */
static const char *tcp_floor_tool = "tcp_floor";

static void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", tcp_floor_tool, what, strerror(errno));
	exit(2);
}

static void nodelay(int fd)
{
	int one = 1;

	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)))
		die("TCP_NODELAY");
}

/* A listening socket on 127.0.0.1, its address (port chosen) in *addr. */
static int listen_loopback(struct sockaddr_in *addr, int backlog)
{
	socklen_t len = sizeof(*addr);
	int listener = socket(AF_INET, SOCK_STREAM, 0);

	if (listener < 0)
		die("socket");
	memset(addr, 0, sizeof(*addr));
	addr->sin_family = AF_INET;
	addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listener, (struct sockaddr *) addr, sizeof(*addr))
	    || listen(listener, backlog)
	    || getsockname(listener, (struct sockaddr *) addr, &len))
		die("listen on 127.0.0.1");
	return listener;
}

/* A connection to addr, Nagle off. */
static int connect_to(const struct sockaddr_in *addr)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0 || connect(fd, (const struct sockaddr *) addr,
			      sizeof(*addr)))
		die("connect to 127.0.0.1");
	nodelay(fd);
	return fd;
}

static void write_full(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, buf, n);

		if (k < 0) {
			if (errno == EINTR)
				continue;
			die("write");
		}
		buf += k;
		n -= k;
	}
}

#endif /* TCP_FLOOR_H */
