/*
 * libfastfabric: ff_rdma_devices, a report of the RDMA devices libibverbs
 * sees. Used directly, not through libfabric's verbs provider, so that the
 * report says why there are none (e.g. ENOSYS: no kernel RDMA support).
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <infiniband/verbs.h>

#include "ff_internal.h"

/* A report being written into a caller's buffer, cut to its size. */
struct ff_out {
	char *buf;
	size_t len, used;
};

static void ff_out(struct ff_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void ff_out(struct ff_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->used + 1 >= o->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->used, o->len - o->used, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	o->used += (size_t) n;
	if (o->used >= o->len)
		o->used = o->len - 1;
}

static const char *ff_link_layer(uint8_t ll)
{
	switch (ll) {
	case IBV_LINK_LAYER_INFINIBAND:
		return "InfiniBand";
	case IBV_LINK_LAYER_ETHERNET:
		return "Ethernet (RoCE)";
	}
	return "unknown";
}

/* Per-lane signalling rate in Gb/s for ibv_port_attr.active_speed. */
static double ff_lane_gbps(uint8_t speed)
{
	switch (speed) {
	case 1: return 2.5;	/* SDR */
	case 2: return 5.0;	/* DDR */
	case 4: return 10.0;	/* QDR */
	case 8: return 10.3125;	/* FDR10 */
	case 16: return 14.0625;	/* FDR */
	case 32: return 25.78125;	/* EDR */
	case 64: return 53.125;	/* HDR */
	case 128: return 106.25;	/* NDR */
	}
	return 0;
}

static int ff_lanes(uint8_t width)
{
	switch (width) {
	case 1: return 1;
	case 2: return 4;
	case 4: return 8;
	case 8: return 12;
	case 16: return 2;
	}
	return 0;
}

static void ff_report_port(struct ff_out *o, struct ibv_context *ctx, int port)
{
	struct ibv_port_attr pa;
	int ret;

	memset(&pa, 0, sizeof(pa));
	ret = ibv_query_port(ctx, port, &pa);
	if (ret) {
		ff_out(o, "  port %d: ibv_query_port: %s\n", port, strerror(ret));
		return;
	}
	ff_out(o, "  port %d: state %s, link layer %s, speed %dx %.4g Gb/s, "
	       "lid %u\n", port, ibv_port_state_str(pa.state),
	       ff_link_layer(pa.link_layer), ff_lanes(pa.active_width),
	       ff_lane_gbps(pa.active_speed), pa.lid);
}

static void ff_report_device(struct ff_out *o, struct ibv_device *dev)
{
	struct ibv_device_attr da;
	struct ibv_context *ctx;
	__be64 raw = ibv_get_device_guid(dev);
	uint8_t b[8];
	uint64_t guid = 0;
	int port, i;

	memcpy(b, &raw, sizeof(b));	/* network byte order */
	for (i = 0; i < 8; i++)
		guid = guid << 8 | b[i];

	ff_out(o, "%s: node GUID %04x:%04x:%04x:%04x\n",
	       ibv_get_device_name(dev), (unsigned) (guid >> 48) & 0xffff,
	       (unsigned) (guid >> 32) & 0xffff, (unsigned) (guid >> 16) & 0xffff,
	       (unsigned) guid & 0xffff);
	ctx = ibv_open_device(dev);
	if (!ctx) {
		ff_out(o, "  ibv_open_device: %s\n", strerror(errno));
		return;
	}
	memset(&da, 0, sizeof(da));
	if (ibv_query_device(ctx, &da)) {
		ff_out(o, "  ibv_query_device: %s\n", strerror(errno));
	} else {
		ff_out(o, "  firmware %s, %d port(s)\n", da.fw_ver,
		       da.phys_port_cnt);
		for (port = 1; port <= da.phys_port_cnt; port++)
			ff_report_port(o, ctx, port);
	}
	ibv_close_device(ctx);
}

int ff_rdma_devices(char *buf, size_t len)
{
	struct ff_out o = { buf, len, 0 };
	struct ibv_device **list;
	int n = 0, i, err;

	if (!buf || !len)
		return ff_badarg("ff_rdma_devices", "NULL or empty buffer");
	buf[0] = '\0';
	errno = 0;
	list = ibv_get_device_list(&n);
	if (!list) {
		err = errno;
		ff_out(&o, "no RDMA devices: ibv_get_device_list failed: %s "
		       "(errno %d%s)\n", strerror(err), err,
		       err == ENOSYS ? "; the kernel has no RDMA support" : "");
		return 0;
	}
	if (n == 0)
		ff_out(&o, "no RDMA devices: libibverbs found none\n");
	for (i = 0; i < n; i++)
		ff_report_device(&o, list[i]);
	ibv_free_device_list(list);
	return n;
}
