/*
 * fastfabric-info: what libfastfabric finds on this host. The library and
 * libfabric versions, which providers offer tagged RDM endpoints, and the
 * RDMA devices libibverbs sees. Exits 0 even when there are none.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdio.h>

#include "fastfabric.h"

static const char *const providers[] = { "shm", "tcp;ofi_rxm", "verbs;ofi_rxm" };

static void show_provider(const char *prov)
{
	ff_endpoint *ep;
	int ret;

	ret = ff_provider_available(prov);
	if (ret < 0) {
		printf("provider %-14s error: %s\n", prov, ff_last_error());
		return;
	}
	if (!ret) {
		printf("provider %-14s not available\n", prov);
		return;
	}
	ret = ff_endpoint_open(prov, 0, &ep);
	if (ret) {
		printf("provider %-14s available, but ff_endpoint_open failed: "
		       "%s\n", prov, ff_last_error());
		return;
	}
	printf("provider %-14s available (as %s; registration %s)\n", prov,
	       ff_endpoint_provider(ep),
	       ff_endpoint_needs_registration(ep) ? "needed" : "not needed");
	ff_endpoint_close(ep);
}

int main(void)
{
	static char report[8192];
	uint32_t fiv = ff_libfabric_version();
	unsigned i;
	int n;

	printf("libfastfabric %d.%d\n", ff_version() >> 16,
	       ff_version() & 0xffff);
	printf("libfabric %u.%u\n", (fiv >> 16) & 0xffff, fiv & 0xffff);
	for (i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		show_provider(providers[i]);
	n = ff_rdma_devices(report, sizeof(report));
	if (n < 0)
		printf("RDMA devices: error %d: %s\n", n, ff_last_error());
	else
		printf("RDMA devices: %d\n%s", n, report);
	return 0;
}
