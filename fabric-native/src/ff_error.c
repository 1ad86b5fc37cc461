/*
 * libfastfabric: error messages. ff_last_error is a per-thread buffer so
 * that a Java thread reads the message of its own last failure.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ff_internal.h"

static __thread char ff_errbuf[512];

void ff_seterr(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ff_errbuf, sizeof(ff_errbuf), fmt, ap);
	va_end(ap);
}

/* libfabric's message for a positive code, or the C library's. */
static const char *ff_errstr(int code)
{
	if (ff_loaded())
		return fi_strerror(code);
	return code < FI_ERRNO_OFFSET ? strerror(code) : "Unknown libfabric error";
}

/* Records that libfabric call `call` failed with ret; returns ret. */
int ff_fierr(int ret, const char *call)
{
	ff_seterr("%s: %s (%d)", call, ff_errstr(ret < 0 ? -ret : ret), ret);
	return ret;
}

/* Records a NULL handle or bad argument; returns FF_EBADHANDLE. */
int ff_badarg(const char *func, const char *what)
{
	ff_seterr("%s: %s", func, what);
	return FF_EBADHANDLE;
}

const char *ff_last_error(void)
{
	return ff_errbuf;
}

const char *ff_strerror(int error)
{
	switch (error) {
	case 0:
		return "Success";
	case FF_ENOPROVIDER:
		return "The libfabric provider is not available here";
	case FF_EWATCH:
		return "The watched descriptor is ready (the peer may be gone)";
	case FF_EBADHANDLE:
		return "A NULL or closed handle, or a bad argument";
	}
	return ff_errstr(error < 0 ? -error : error);
}
