/*
 * The socketpair side channel of ff_pingpong and the C tests (see
 * ff_sockpair.h).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <errno.h>
#include <unistd.h>

#include <rdma/fi_errno.h>

#include "ff_sockpair.h"

int sp_io(int fd, void *buf, size_t len, int out)
{
	char *p = buf;
	ssize_t n;

	while (len) {
		n = out ? write(fd, p, len) : read(fd, p, len);
		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t) n;
	}
	return 0;
}

int sp_sync(int sock)
{
	char b = 's';

	if (sp_io(sock, &b, 1, 1) || sp_io(sock, &b, 1, 0))
		return -1;
	return 0;
}

int64_t sp_exchange(ff_endpoint *ep, int sock)
{
	char addr[256], peer[256];
	uint32_t len, plen;
	int ret;

	ret = ff_endpoint_address(ep, addr, sizeof(addr));
	if (ret < 0)
		return ret;
	len = (uint32_t) ret;
	if (sp_io(sock, &len, sizeof(len), 1) || sp_io(sock, addr, len, 1) ||
	    sp_io(sock, &plen, sizeof(plen), 0) || plen > sizeof(peer) ||
	    sp_io(sock, peer, plen, 0))
		return -FI_EIO;
	return ff_peer_add(ep, peer, plen);
}
