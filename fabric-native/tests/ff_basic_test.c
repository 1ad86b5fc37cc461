/*
 * Checks that libfastfabric 1.0 loads, finds libfabric at run time and the
 * providers GrandeJDK relies on here (tcp;ofi_rxm on loopback, shm), and
 * reports the RDMA devices (none on this host).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/fabric.h>

#include "fastfabric.h"
#include "ff_testlib.h"

/* Device lines of an ff_rdma_devices report: "NAME: node GUID ...". */
static int count_device_lines(const char *report)
{
	const char *p;
	int n = 0;

	for (p = report; (p = strstr(p, ": node GUID ")) != NULL; p++)
		n++;
	return n;
}

int main(void)
{
	char report[4096], tiny[8];
	ff_endpoint *ep = NULL;
	uint32_t fiv;
	int ret, devices;

	t_begin("ff_basic_test", 60);
	/* Loopback only: the tcp provider must not pick another interface. */
	setenv("FI_TCP_IFACE", "lo", 1);

	t_check(ff_version() == FF_VERSION && FF_VERSION == 0x10000,
		"ff_version is 1.0 and matches the header");
	t_check(sizeof(ff_completion) == 32, "ff_completion is 32 bytes");

	fiv = ff_libfabric_version();
	t_check(FI_MAJOR(fiv) == 1 && FI_MINOR(fiv) >= 17,
		"libfabric at run time is 1.17 or newer");

	ret = ff_provider_available("tcp;ofi_rxm");
	t_check(ret == 1, "provider tcp;ofi_rxm offers tagged RDM endpoints");
	ret = ff_provider_available("shm");
	t_check(ret == 1, "provider shm offers tagged RDM endpoints");
	ret = ff_provider_available("no-such-provider");
	t_check(ret == 0, "an unknown provider is reported absent");
	ret = ff_provider_available("");
	t_check(ret < 0 && strlen(ff_strerror(ret)) > 0,
		"an empty provider name is an error with a message");

	/*
	 * The report's shape, not this host's hardware: with no device it says
	 * so and why; with devices it has one line per device naming it.
	 */
	devices = ff_rdma_devices(report, sizeof(report));
	ret = devices;
	if (ret == 0)
		t_check(strncmp(report, "no RDMA devices: ", 17) == 0,
			"ff_rdma_devices: 0 devices, report \"%.*s\"",
			(int) strcspn(report, "\n"), report);
	else
		t_check(ret > 0 && count_device_lines(report) == ret,
			"ff_rdma_devices: %d device(s), one line each", ret);
	/* A short buffer cuts the report, never the count. */
	ret = ff_rdma_devices(tiny, sizeof(tiny));
	t_check(ret == devices && strlen(tiny) == sizeof(tiny) - 1,
		"ff_rdma_devices cuts the report to the buffer, count %d", ret);
	t_check(ff_rdma_devices(NULL, 10) == FF_EBADHANDLE,
		"ff_rdma_devices(NULL) is FF_EBADHANDLE");

	/* Only providers with a wait object let ff_wait sleep until a message. */
	ret = ff_endpoint_open("shm", 0, &ep);
	t_check(ret == 0 && ff_endpoint_can_wait(ep) == 0,
		"shm: ff_endpoint_can_wait is 0 (ff_wait backs off)");
	ff_endpoint_close(ep);
	ret = ff_endpoint_open("tcp;ofi_rxm", 0, &ep);
	t_check(ret == 0 && ff_endpoint_can_wait(ep) == 1,
		"tcp;ofi_rxm: ff_endpoint_can_wait is 1 (a descriptor)");
	ff_endpoint_close(ep);
	t_check(ff_endpoint_can_wait(NULL) == FF_EBADHANDLE,
		"ff_endpoint_can_wait(NULL) is FF_EBADHANDLE");
	return t_summary();
}
