/*
 * libfastfabric: opening and closing endpoints, addresses, peers and
 * memory regions.
 *
 * An endpoint owns one fabric, domain, address vector (FI_AV_TABLE, so a
 * peer handle is its index), completion queue (FI_CQ_FORMAT_TAGGED) and
 * RDM endpoint. Queues are kept small (default 64): each shm endpoint is a
 * shared-memory region sized by them, and Java opens one per connection.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdlib.h>
#include <string.h>

#include "ff_internal.h"

/* FI_PROVIDER in the environment wins over the caller's choice. */
static const char *ff_pick_provider(const char *provider)
{
	const char *env = getenv("FI_PROVIDER");

	if (env && *env)
		return env;
	return provider && *provider ? provider : NULL;
}

static int ff_getinfo(const char *prov, int depth, struct fi_info **info)
{
	struct fi_info *hints;
	int ret;

	hints = ff_hints(prov, depth);
	if (!hints)
		return ff_fierr(-FI_ENOMEM, "fi_allocinfo");
	ret = fi_getinfo(FF_FI_VERSION, NULL, NULL, 0, hints, info);
	fi_freeinfo(hints);
	if (ret == -FI_ENODATA) {
		ff_seterr("provider \"%s\" is not available here (fi_getinfo "
			  "found no tagged RDM endpoint: %s)",
			  prov ? prov : "(any)", fi_strerror(FI_ENODATA));
		return FF_ENOPROVIDER;
	}
	if (ret)
		return ff_fierr(ret, "fi_getinfo");
	return 0;
}

static int ff_open_cq(struct ff_endpoint *ep)
{
	struct fi_cq_attr attr;
	int ret;

	memset(&attr, 0, sizeof(attr));
	attr.format = FI_CQ_FORMAT_TAGGED;
	attr.size = 2 * ep->depth + 16;
	/* An fd to sleep on in ff_wait, if the provider has one (ff_wait.c). */
	attr.wait_obj = FI_WAIT_FD;
	ret = fi_cq_open(ep->domain, &attr, &ep->cq, NULL);
	if (!ret) {
		ret = fi_control(&ep->cq->fid, FI_GETWAIT, &ep->wait_fd);
		if (!ret)
			return 0;
		fi_close(&ep->cq->fid);
		ep->cq = NULL;
	}
	/* No fd (shm): ff_wait backs off. */
	ep->wait_fd = -1;
	attr.wait_obj = FI_WAIT_NONE;
	ret = fi_cq_open(ep->domain, &attr, &ep->cq, NULL);
	if (ret)
		return ff_fierr(ret, "fi_cq_open");
	return 0;
}

static int ff_open_av(struct ff_endpoint *ep)
{
	struct fi_av_attr attr;
	int ret;

	memset(&attr, 0, sizeof(attr));
	attr.type = FI_AV_TABLE;
	attr.count = 16;
	ret = fi_av_open(ep->domain, &attr, &ep->av, NULL);
	if (ret)
		return ff_fierr(ret, "fi_av_open");
	return 0;
}

static int ff_open_ep(struct ff_endpoint *ep)
{
	int ret;

	ret = fi_endpoint(ep->domain, ep->info, &ep->ep, NULL);
	if (ret)
		return ff_fierr(ret, "fi_endpoint");
	ret = fi_ep_bind(ep->ep, &ep->av->fid, 0);
	if (ret)
		return ff_fierr(ret, "fi_ep_bind(av)");
	ret = fi_ep_bind(ep->ep, &ep->cq->fid, FI_TRANSMIT | FI_RECV);
	if (ret)
		return ff_fierr(ret, "fi_ep_bind(cq)");
	ret = fi_enable(ep->ep);
	if (ret)
		return ff_fierr(ret, "fi_enable");
	ep->addrlen = sizeof(ep->addr);
	ret = fi_getname(&ep->ep->fid, ep->addr, &ep->addrlen);
	if (ret)
		return ff_fierr(ret, "fi_getname");
	return 0;
}

static int ff_open_fabric(struct ff_endpoint *ep)
{
	int ret;

	ret = fi_fabric(ep->info->fabric_attr, &ep->fabric, NULL);
	if (ret)
		return ff_fierr(ret, "fi_fabric");
	ret = fi_domain(ep->fabric, ep->info, &ep->domain, NULL);
	if (ret)
		return ff_fierr(ret, "fi_domain");
	ret = ff_open_cq(ep);
	if (ret)
		return ret;
	ret = ff_open_av(ep);
	if (ret)
		return ret;
	return ff_open_ep(ep);
}

static void ff_note_info(struct ff_endpoint *ep)
{
	struct fi_info *info = ep->info;

	strncpy(ep->prov, info->fabric_attr->prov_name, FF_PROV_LEN - 1);
	ep->needs_mr = (info->domain_attr->mr_mode & FI_MR_LOCAL) ||
		       (info->mode & FI_LOCAL_MR);
	ep->inject_size = info->tx_attr->inject_size;
}

/* Everything libfabric does at open, under the signal-handler guard. */
static int ff_open(struct ff_endpoint *ep, const char *provider)
{
	struct ff_sigs sigs;
	const char *prov;
	int ret;

	prov = ff_pick_provider(provider);
	if (prov && !strcmp(prov, "shm"))
		ff_shm_reap();
	ff_sig_save(&sigs);
	ret = ff_getinfo(prov, ep->depth, &ep->info);
	if (ret)
		goto out;
	ff_note_info(ep);
	ret = ff_ctx_init(ep);
	if (ret)
		goto out;
	ret = ff_open_fabric(ep);
	if (!ret && !strcmp(ep->prov, "shm"))
		ep->shm_live_fd = ff_shm_mark_live(ep->addr, ep->addrlen);
out:
	ff_sig_restore(&sigs, 1);
	return ret;
}

int ff_endpoint_open(const char *provider, int queue_depth, ff_endpoint **out)
{
	struct ff_endpoint *ep;
	int ret;

	if (!out)
		return ff_badarg("ff_endpoint_open", "out is NULL");
	*out = NULL;
	if (queue_depth < 0 || queue_depth > FF_MAX_DEPTH)
		return ff_badarg("ff_endpoint_open", "queue_depth out of range");

	ret = ff_load();
	if (ret)
		return ret;
	ep = calloc(1, sizeof(*ep));
	if (!ep)
		return ff_fierr(-FI_ENOMEM, "calloc");
	ep->wait_fd = -1;
	ep->shm_live_fd = -1;
	ep->depth = queue_depth ? queue_depth : FF_DEFAULT_DEPTH;

	ret = ff_open(ep, provider);
	if (ret) {
		ff_endpoint_close(ep);
		return ret;
	}
	*out = ep;
	return 0;
}

const char *ff_endpoint_provider(const ff_endpoint *ep)
{
	return ep ? ep->prov : NULL;
}

int ff_endpoint_address(ff_endpoint *ep, void *buf, size_t len)
{
	if (!ep || (!buf && len))
		return ff_badarg("ff_endpoint_address", "NULL endpoint or buffer");
	if (len < ep->addrlen) {
		ff_seterr("ff_endpoint_address: the address needs %zu bytes, "
			  "got %zu", ep->addrlen, len);
		return -FI_ETOOSMALL;
	}
	memcpy(buf, ep->addr, ep->addrlen);
	return (int) ep->addrlen;
}

int ff_endpoint_needs_registration(const ff_endpoint *ep)
{
	if (!ep)
		return ff_badarg("ff_endpoint_needs_registration", "NULL endpoint");
	return ep->needs_mr;
}

int ff_endpoint_can_wait(const ff_endpoint *ep)
{
	if (!ep)
		return ff_badarg("ff_endpoint_can_wait", "NULL endpoint");
	return ep->wait_fd >= 0;
}

uint64_t ff_endpoint_max_message(const ff_endpoint *ep)
{
	return ep ? ep->info->ep_attr->max_msg_size : 0;
}

int64_t ff_peer_add(ff_endpoint *ep, const void *address, size_t len)
{
	fi_addr_t fi_addr = FI_ADDR_NOTAVAIL;
	int ret;

	if (!ep || !address || !len)
		return ff_badarg("ff_peer_add", "NULL endpoint or empty address");
	if (len > FF_MAX_ADDR)
		return ff_badarg("ff_peer_add", "address too long");
	ret = fi_av_insert(ep->av, address, 1, &fi_addr, 0, NULL);
	if (ret != 1) {
		ff_fierr(ret < 0 ? ret : -FI_EINVAL, "fi_av_insert");
		return ret < 0 ? ret : -FI_EINVAL;
	}
	return (int64_t) fi_addr;
}

int ff_peer_remove(ff_endpoint *ep, int64_t peer)
{
	fi_addr_t fi_addr = (fi_addr_t) peer;
	int ret;

	if (!ep || peer < 0)
		return ff_badarg("ff_peer_remove", "NULL endpoint or bad peer");
	ret = fi_av_remove(ep->av, &fi_addr, 1, 0);
	if (ret)
		return ff_fierr(ret, "fi_av_remove");
	return 0;
}

int ff_register(ff_endpoint *ep, void *buf, size_t len, ff_region **out)
{
	struct ff_region *r;
	int ret;

	if (!out)
		return ff_badarg("ff_register", "out is NULL");
	*out = NULL;
	if (!ep || !buf || !len)
		return ff_badarg("ff_register", "NULL endpoint or empty buffer");
	r = calloc(1, sizeof(*r));
	if (!r)
		return ff_fierr(-FI_ENOMEM, "calloc");
	/* Without FI_MR_PROV_KEY the keys must be unique per domain. */
	ret = fi_mr_reg(ep->domain, buf, len, FI_SEND | FI_RECV, 0,
			ep->next_key++, 0, &r->mr, NULL);
	if (ret) {
		free(r);
		return ff_fierr(ret, "fi_mr_reg");
	}
	r->desc = fi_mr_desc(r->mr);
	r->ep = ep;
	r->next = ep->regions;
	if (ep->regions)
		ep->regions->prev = r;
	ep->regions = r;
	*out = r;
	return 0;
}

void *ff_region_desc(const ff_region *region)
{
	return region ? region->desc : NULL;
}

int ff_deregister(ff_region *region)
{
	struct ff_endpoint *ep;
	int ret;

	if (!region)
		return 0;
	ep = region->ep;
	if (region->prev)
		region->prev->next = region->next;
	else
		ep->regions = region->next;
	if (region->next)
		region->next->prev = region->prev;
	ret = fi_close(&region->mr->fid);
	free(region);
	if (ret)
		return ff_fierr(ret, "fi_close(mr)");
	return 0;
}

/* Closes fid if open, keeping the first error in *first. */
static void ff_close_fid(struct fid *fid, const char *what, int *first)
{
	int ret;

	if (!fid)
		return;
	ret = fi_close(fid);
	if (ret && !*first)
		*first = ff_fierr(ret, what);
}

int ff_endpoint_close(ff_endpoint *ep)
{
	int ret = 0;

	if (!ep)
		return 0;
	if (ep->ep)
		ff_ctx_cancel_all(ep);
	ff_close_fid(ep->ep ? &ep->ep->fid : NULL, "fi_close(ep)", &ret);
	while (ep->regions) {
		int r = ff_deregister(ep->regions);

		if (r && !ret)
			ret = r;
	}
	ff_close_fid(ep->av ? &ep->av->fid : NULL, "fi_close(av)", &ret);
	ff_close_fid(ep->cq ? &ep->cq->fid : NULL, "fi_close(cq)", &ret);
	ff_close_fid(ep->domain ? &ep->domain->fid : NULL,
		     "fi_close(domain)", &ret);
	ff_close_fid(ep->fabric ? &ep->fabric->fid : NULL,
		     "fi_close(fabric)", &ret);
	/* after the region is gone: a reaper meanwhile finds nothing to do */
	ff_shm_unmark(ep->shm_live_fd, ep->addr, ep->addrlen);
	if (ep->info)
		fi_freeinfo(ep->info);
	free(ep->ctx);
	free(ep->inj);
	free(ep);
	return ret;
}
