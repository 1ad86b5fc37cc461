/*
 * libfastfabric: version and provider queries. The data path (endpoints,
 * sends, receives, completions) builds on these.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <rdma/fabric.h>
#include <rdma/fi_errno.h>

#include "fastfabric.h"

/* The libfabric API version this library is written against. */
#define FF_FI_VERSION FI_VERSION(1, 17)

int ff_version(void)
{
	return FF_VERSION;
}

uint32_t ff_libfabric_version(void)
{
	return fi_version();
}

int ff_provider_available(const char *provider)
{
	struct fi_info *hints, *info = NULL;
	int ret;

	if (!provider || !*provider)
		return -FI_EINVAL;

	hints = fi_allocinfo();
	if (!hints)
		return -FI_ENOMEM;
	hints->ep_attr->type = FI_EP_RDM;
	hints->caps = FI_MSG;
	hints->fabric_attr->prov_name = strdup(provider);
	if (!hints->fabric_attr->prov_name) {
		fi_freeinfo(hints);
		return -FI_ENOMEM;
	}

	ret = fi_getinfo(FF_FI_VERSION, NULL, NULL, 0, hints, &info);
	fi_freeinfo(hints);
	if (ret == -FI_ENODATA)
		return 0;
	if (ret)
		return ret;
	fi_freeinfo(info);
	return 1;
}

const char *ff_strerror(int error)
{
	return fi_strerror(error < 0 ? -error : error);
}
