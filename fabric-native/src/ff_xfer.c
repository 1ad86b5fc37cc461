/*
 * libfastfabric: the data path. Sends, receives and ff_poll.
 *
 * Every operation carries a slot of a per-endpoint pool (struct ff_ctx)
 * as its libfabric context, whatever the provider's mode bits: the slot
 * holds the fi_context2 the provider may use and maps the completion back
 * to the caller's 64-bit context. Sends and receives have depth slots
 * each; an empty pool is -FI_EAGAIN.
 *
 * Sends of at most inject_size bytes go out with fi_tinject: the buffer is
 * free at once and no CQ entry follows, so the FF_SEND completion is
 * queued here and reported by the next ff_poll, before any CQ entries.
 *
 * ff_poll is called from Java through a critical downcall: it never
 * blocks, sleeps or calls back; fi_cq_read also drives the progress of
 * shm and ofi_rxm (FI_PROGRESS_MANUAL).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdlib.h>
#include <string.h>

#include "ff_internal.h"

#define FF_CQ_BATCH 16

static void ff_ctx_push(struct ff_ctx **list, struct ff_ctx *ctx)
{
	ctx->busy = 0;
	ctx->next = *list;
	*list = ctx;
}

int ff_ctx_init(struct ff_endpoint *ep)
{
	int i;

	ep->ctx = calloc(2 * ep->depth, sizeof(*ep->ctx));
	ep->inj = calloc(ep->depth, sizeof(*ep->inj));
	if (!ep->ctx || !ep->inj)
		return ff_fierr(-FI_ENOMEM, "calloc");
	for (i = ep->depth - 1; i >= 0; i--) {
		ep->ctx[i].kind = FF_SEND;
		ff_ctx_push(&ep->free_tx, &ep->ctx[i]);
		ep->ctx[ep->depth + i].kind = FF_RECV;
		ff_ctx_push(&ep->free_rx, &ep->ctx[ep->depth + i]);
	}
	return 0;
}

static struct ff_ctx *ff_ctx_get(struct ff_ctx **list, uint64_t user,
				 uint64_t tag)
{
	struct ff_ctx *ctx = *list;

	if (!ctx)
		return NULL;
	*list = ctx->next;
	ctx->busy = 1;
	ctx->user = user;
	ctx->tag = tag;
	return ctx;
}

static void ff_ctx_put(struct ff_endpoint *ep, struct ff_ctx *ctx)
{
	ff_ctx_push(ctx->kind == FF_SEND ? &ep->free_tx : &ep->free_rx, ctx);
}

/* Cancels every posted operation (at close; the CQ is not read again). */
void ff_ctx_cancel_all(struct ff_endpoint *ep)
{
	int i;

	for (i = 0; i < 2 * ep->depth; i++) {
		if (ep->ctx[i].busy)
			fi_cancel(&ep->ep->fid, &ep->ctx[i].fi);
	}
}

int ff_cancel(ff_endpoint *ep, uint64_t context)
{
	struct ff_ctx *ctx;
	int i, n = 0, ret;

	if (!ep)
		return ff_badarg("ff_cancel", "NULL endpoint");
	for (i = ep->depth; i < 2 * ep->depth; i++) {
		ctx = &ep->ctx[i];
		if (!ctx->busy || ctx->user != context)
			continue;
		/* -FI_ENOENT: already matched; its completion comes as usual. */
		ret = fi_cancel(&ep->ep->fid, &ctx->fi);
		if (ret && ret != -FI_ENOENT)
			return ff_fierr(ret, "fi_cancel");
		n++;
	}
	return n;
}

/*
 * shm answers -FI_ENOMEM when its own free list of receive or send entries
 * (also used for unexpected messages and transfers still in progress) is
 * empty: that is a full queue too, gone after the CQ was read.
 */
static int ff_post_ret(int ret, const char *call)
{
	if (ret == -FI_ENOMEM)
		ret = -FI_EAGAIN;
	if (ret != -FI_EAGAIN)
		ff_fierr(ret, call);
	return ret;
}

static int ff_inject(struct ff_endpoint *ep, int64_t peer, const void *buf,
		     size_t len, uint64_t tag, uint64_t context)
{
	ff_completion *c;
	int ret;

	if (ep->inj_count == ep->depth)
		return -FI_EAGAIN;
	ret = fi_tinject(ep->ep, buf, len, (fi_addr_t) peer, tag);
	if (ret)
		return ff_post_ret(ret, "fi_tinject");
	c = &ep->inj[(ep->inj_head + ep->inj_count) % ep->depth];
	ep->inj_count++;
	c->context = context;
	c->tag = tag;
	c->length = 0;
	c->status = 0;
	c->kind = FF_SEND;
	return 0;
}

int ff_send(ff_endpoint *ep, int64_t peer, const void *buf, size_t len,
	    void *desc, uint64_t tag, uint64_t context)
{
	struct ff_ctx *ctx;
	int ret;

	if (!ep || peer < 0 || (!buf && len))
		return ff_badarg("ff_send", "NULL endpoint or buffer, or bad peer");
	if (len <= ep->inject_size)
		return ff_inject(ep, peer, buf, len, tag, context);

	ctx = ff_ctx_get(&ep->free_tx, context, tag);
	if (!ctx)
		return -FI_EAGAIN;
	ret = fi_tsend(ep->ep, buf, len, desc, (fi_addr_t) peer, tag, &ctx->fi);
	if (ret) {
		ff_ctx_put(ep, ctx);
		ret = ff_post_ret(ret, "fi_tsend");
	}
	return ret;
}

int ff_recv(ff_endpoint *ep, int64_t peer, void *buf, size_t len, void *desc,
	    uint64_t tag, uint64_t ignore, uint64_t context)
{
	fi_addr_t src = peer == FF_ANY_PEER ? FI_ADDR_UNSPEC : (fi_addr_t) peer;
	struct ff_ctx *ctx;
	int ret;

	if (!ep || peer < FF_ANY_PEER || (!buf && len))
		return ff_badarg("ff_recv", "NULL endpoint or buffer, or bad peer");
	ctx = ff_ctx_get(&ep->free_rx, context, tag);
	if (!ctx)
		return -FI_EAGAIN;
	ret = fi_trecv(ep->ep, buf, len, desc, src, tag, ignore, &ctx->fi);
	if (ret) {
		ff_ctx_put(ep, ctx);
		ret = ff_post_ret(ret, "fi_trecv");
	}
	return ret;
}

/* Reports injected sends; returns how many. */
static int ff_inj_drain(struct ff_endpoint *ep, ff_completion *out, int max)
{
	int n = 0;

	while (n < max && ep->inj_count) {
		out[n++] = ep->inj[ep->inj_head];
		ep->inj_head = (ep->inj_head + 1) % ep->depth;
		ep->inj_count--;
	}
	return n;
}

/* Turns a finished operation into a completion and frees its slot. */
static void ff_report(struct ff_endpoint *ep, struct ff_ctx *ctx,
		      ff_completion *c, uint64_t len, uint64_t tag, int status)
{
	c->context = ctx->user;
	c->kind = ctx->kind;
	c->status = status;
	if (ctx->kind == FF_RECV) {
		c->tag = tag;
		c->length = len;
	} else {
		c->tag = ctx->tag;
		c->length = 0;
	}
	ff_ctx_put(ep, ctx);
}

/* Reads one error entry; returns 1 if it was reported, 0 if none, or < 0. */
static int ff_read_err(struct ff_endpoint *ep, ff_completion *c)
{
	struct fi_cq_err_entry err;
	struct ff_ctx *ctx;
	int ret;

	memset(&err, 0, sizeof(err));
	ret = fi_cq_readerr(ep->cq, &err, 0);
	if (ret == -FI_EAGAIN)
		return 0;
	if (ret < 0)
		return ff_fierr(ret, "fi_cq_readerr");
	ctx = err.op_context;
	if (!ctx)
		return 0;
	ff_seterr("operation failed: %s (provider error %d)",
		  fi_strerror(err.err < 0 ? -err.err : err.err), err.prov_errno);
	/* shm 1.17 puts a negative code in err (e.g. -FI_ETRUNC). */
	ff_report(ep, ctx, c, err.len, err.tag,
		  err.err > 0 ? -err.err : err.err < 0 ? err.err : -FI_EOTHER);
	return 1;
}

/* Reads CQ entries into out; returns how many, or < 0 if none and failed. */
static int ff_read_cq(struct ff_endpoint *ep, ff_completion *out, int max)
{
	struct fi_cq_tagged_entry e[FF_CQ_BATCH];
	int n = 0, want, ret, i;

	while (n < max) {
		want = max - n < FF_CQ_BATCH ? max - n : FF_CQ_BATCH;
		ret = fi_cq_read(ep->cq, e, want);
		if (ret > 0) {
			for (i = 0; i < ret; i++) {
				if (e[i].op_context)
					ff_report(ep, e[i].op_context, &out[n++],
						  e[i].len, e[i].tag, 0);
			}
			if (ret < want)
				break;
		} else if (ret == -FI_EAVAIL) {
			ret = ff_read_err(ep, &out[n]);
			if (ret < 0)
				return n ? n : ret;
			if (!ret)
				break;
			n += ret;
		} else if (ret == -FI_EAGAIN) {
			break;
		} else {
			ff_fierr(ret, "fi_cq_read");
			return n ? n : ret;
		}
	}
	return n;
}

int ff_poll(ff_endpoint *ep, ff_completion *out, int max)
{
	int n, ret;

	if (!ep || !out || max <= 0)
		return ff_badarg("ff_poll", "NULL endpoint or output, or max <= 0");
	n = ep->inj_count ? ff_inj_drain(ep, out, max) : 0;
	if (n == max)
		return n;
	ret = ff_read_cq(ep, out + n, max - n);
	if (ret < 0)
		return n ? n : ret;
	return n + ret;
}
