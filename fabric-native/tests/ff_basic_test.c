/*
 * Checks that libfastfabric loads, links against libfabric and finds the
 * providers GrandeJDK relies on here (tcp, shm on loopback).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/fabric.h>

#include "fastfabric.h"

static int passed, failed;

static void check(int ok, const char *what)
{
	if (ok) {
		passed++;
		printf("PASS %s\n", what);
	} else {
		failed++;
		printf("FAIL %s\n", what);
	}
}

int main(void)
{
	uint32_t fiv;
	int ret;

	/* Loopback only: the tcp provider must not pick another interface. */
	setenv("FI_TCP_IFACE", "lo", 1);

	check(ff_version() == FF_VERSION, "ff_version matches the header");

	fiv = ff_libfabric_version();
	check(FI_MAJOR(fiv) == 1 && FI_MINOR(fiv) >= 17,
	      "libfabric at run time is 1.17 or newer");

	ret = ff_provider_available("tcp;ofi_rxm");
	check(ret == 1, "provider tcp;ofi_rxm offers RDM endpoints");
	ret = ff_provider_available("shm");
	check(ret == 1, "provider shm offers RDM endpoints");
	ret = ff_provider_available("no-such-provider");
	check(ret == 0, "an unknown provider is reported absent");
	ret = ff_provider_available("");
	check(ret < 0 && strlen(ff_strerror(ret)) > 0,
	      "an empty provider name is an error with a message");

	printf("fabric-native: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
