/*
 * libfastfabric: versions, provider queries and the fi_getinfo hints every
 * endpoint is opened with.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdlib.h>
#include <string.h>

#include "ff_internal.h"

int ff_version(void)
{
	return FF_VERSION;
}

uint32_t ff_libfabric_version(void)
{
	return ff_loaded() ? fi_version() : 0;
}

/*
 * Hints for a tagged RDM endpoint of `provider` (NULL: any) with queues of
 * `depth`. The mode bits and MR modes are the ones this library handles:
 * every operation carries an fi_context2, and buffers are registered when
 * the provider asks for FI_MR_LOCAL (verbs;ofi_rxm). shm and tcp need none.
 */
struct fi_info *ff_hints(const char *provider, int depth)
{
	struct fi_info *hints;

	hints = fi_allocinfo();
	if (!hints)
		return NULL;
	hints->caps = FI_TAGGED | FI_DIRECTED_RECV;
	hints->mode = FI_CONTEXT | FI_CONTEXT2;
	hints->ep_attr->type = FI_EP_RDM;
	hints->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_VIRT_ADDR |
				      FI_MR_ALLOCATED | FI_MR_PROV_KEY;
	hints->domain_attr->threading = FI_THREAD_DOMAIN;
	hints->domain_attr->av_type = FI_AV_TABLE;
	hints->tx_attr->msg_order = FI_ORDER_SAS;
	hints->rx_attr->msg_order = FI_ORDER_SAS;
	if (depth > 0) {
		hints->tx_attr->size = depth;
		hints->rx_attr->size = depth;
	}
	if (provider) {
		hints->fabric_attr->prov_name = strdup(provider);
		if (!hints->fabric_attr->prov_name) {
			fi_freeinfo(hints);
			return NULL;
		}
	}
	return hints;
}

int ff_provider_available(const char *provider)
{
	struct fi_info *hints, *info = NULL;
	struct ff_sigs sigs;
	int ret;

	if (!provider || !*provider)
		return ff_badarg("ff_provider_available", "no provider name");
	ret = ff_load();
	if (ret)
		return ret;

	hints = ff_hints(provider, 0);
	if (!hints)
		return -FI_ENOMEM;
	ff_sig_save(&sigs);
	ret = fi_getinfo(FF_FI_VERSION, NULL, NULL, 0, hints, &info);
	ff_sig_restore(&sigs, 1);
	fi_freeinfo(hints);
	if (ret == -FI_ENODATA)
		return 0;
	if (ret)
		return ff_fierr(ret, "fi_getinfo");
	fi_freeinfo(info);
	return 1;
}
