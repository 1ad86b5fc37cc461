/*
 * libfastfabric: loading libfabric, and keeping the process's signal
 * handlers.
 *
 * Why not link libfabric: Debian's libfabric 1.17 links the psm provider
 * libraries, and libinfinipath's constructor replaces the handlers of
 * SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGINT and SIGTERM with one that
 * prints a backtrace and exits (raise(SIGINT) after loading it ends the
 * process). Inside a JVM, which takes SIGSEGV for implicit null checks and
 * safepoint polls, that is fatal. So libfabric.so.1 is dlopen'ed on first
 * use, and every handler it changed is put back.
 *
 * The shm provider also installs handlers (SIGSEGV, SIGBUS, SIGINT,
 * SIGTERM) when an endpoint is opened, to unlink its shared memory and
 * re-raise. Where the process already had a handler (the JVM's) it is put
 * back after ff_endpoint_open; where the action was the default, shm's
 * handler stays, so a plain C program interrupted by SIGINT still cleans
 * up. (A JVM closes its endpoints from its own shutdown hooks.)
 *
 * shm's large messages: libfabric 1.17 shm copies messages over its inject
 * size (4 KiB) with process_vm_readv (CMA) by default. A receive shorter
 * than such a message then never returns from fi_cq_read (it retries a
 * zero-length process_vm_readv for ever), which must not happen in a
 * critical downcall; and CMA was also slower here (ff_pingpong, 64 KiB:
 * 12-67 us round trip with CMA, 3.9 us without; 1 MiB: 370-555 us, 62 us).
 * So FI_SHM_DISABLE_CMA=1 is set before libfabric is loaded, unless the
 * environment already sets it.
 *
 * Putting the handlers back is not enough while other threads run: a JVM
 * thread that takes a SIGSEGV between libinfinipath's constructor and the
 * restore ends the process ("terminated with signal 11", seen in a JMX
 * server whose fabric started in a thread of its own beside its calls).
 * libinfinipath installs nothing when IPATH_NO_BACKTRACE is set, so that
 * is set too before the load, unless the environment sets it.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define FF_LOADER
#include "ff_internal.h"

#define FF_LIBFABRIC "libfabric.so.1"

struct ff_fi_api ff_fi;

static pthread_once_t ff_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t ff_sig_lock = PTHREAD_MUTEX_INITIALIZER;
static char ff_load_error[256];

static void *ff_sym(void *lib, const char *name)
{
	void *p = dlsym(lib, name);

	if (!p && !ff_load_error[0])
		snprintf(ff_load_error, sizeof(ff_load_error),
			 "%s has no %s", FF_LIBFABRIC, name);
	return p;
}

static void ff_do_load(void)
{
	struct ff_sigs sigs;
	void *lib;

	/* Unless the user chose: shm without CMA, psm without handlers (see the top). */
	setenv("FI_SHM_DISABLE_CMA", "1", 0);
	setenv("IPATH_NO_BACKTRACE", "1", 0);
	ff_sig_save(&sigs);
	lib = dlopen(FF_LIBFABRIC, RTLD_NOW | RTLD_LOCAL);
	ff_sig_restore(&sigs, 0);
	if (!lib) {
		snprintf(ff_load_error, sizeof(ff_load_error),
			 "cannot load %s: %s", FF_LIBFABRIC, dlerror());
		return;
	}
	/* Casts through void * pointers: POSIX dlsym. */
	*(void **) &ff_fi.getinfo = ff_sym(lib, "fi_getinfo");
	*(void **) &ff_fi.freeinfo = ff_sym(lib, "fi_freeinfo");
	*(void **) &ff_fi.dupinfo = ff_sym(lib, "fi_dupinfo");
	*(void **) &ff_fi.fabric = ff_sym(lib, "fi_fabric");
	*(void **) &ff_fi.strerror = ff_sym(lib, "fi_strerror");
	*(void **) &ff_fi.version = ff_sym(lib, "fi_version");
	if (ff_load_error[0])
		ff_fi.version = NULL;	/* not loaded; the library stays mapped */
}

/* 1 once libfabric is loaded, 0 if it cannot be; ff_last_error untouched. */
int ff_loaded(void)
{
	pthread_once(&ff_once, ff_do_load);
	return ff_fi.version != NULL;
}

/* 0 once libfabric is loaded, or FF_ENOPROVIDER with ff_last_error set. */
int ff_load(void)
{
	if (ff_loaded())
		return 0;
	ff_seterr("%s", ff_load_error);
	return FF_ENOPROVIDER;
}

void ff_sig_save(struct ff_sigs *s)
{
	int sig;

	pthread_mutex_lock(&ff_sig_lock);
	for (sig = 1; sig < FF_NSIG; sig++)
		s->ok[sig] = sigaction(sig, NULL, &s->act[sig]) == 0;
}

static int ff_sig_default(const struct sigaction *a)
{
	return !(a->sa_flags & SA_SIGINFO) &&
	       (a->sa_handler == SIG_DFL || a->sa_handler == SIG_IGN);
}

/*
 * Puts back the handlers libfabric changed since ff_sig_save: all of them,
 * or with owned_only those the process had set itself (not SIG_DFL/IGN).
 */
void ff_sig_restore(const struct ff_sigs *s, int owned_only)
{
	struct sigaction now;
	int sig;

	for (sig = 1; sig < FF_NSIG; sig++) {
		if (!s->ok[sig] || sigaction(sig, NULL, &now))
			continue;
		if (now.sa_handler == s->act[sig].sa_handler &&
		    now.sa_flags == s->act[sig].sa_flags)
			continue;
		if (owned_only && ff_sig_default(&s->act[sig]))
			continue;
		sigaction(sig, &s->act[sig], NULL);
	}
	pthread_mutex_unlock(&ff_sig_lock);
}
