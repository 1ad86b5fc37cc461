/*
 * libfastfabric: removing the shared-memory regions of dead processes.
 *
 * libfabric's shm provider names an endpoint's region in /dev/shm
 * "<pid>:<n>:<n>" and unlinks it when the endpoint is closed. A process
 * killed with SIGKILL cannot, so its regions (16 MiB each in 1.17, sparse)
 * stay until reboot: a JVM killed mid-test left dozens here.
 *
 * A pid cannot tell whether the owner lives: a process of another pid
 * namespace (a container sharing /dev/shm) has a pid this process cannot
 * see, or sees as another process. So each region of an endpoint this
 * library opens has a companion, "ff-live.<region>", which the endpoint
 * holds flock()ed (shared) while it is open; the kernel drops the lock
 * when the process dies, in whatever namespace. Before each shm endpoint
 * opens, every companion of this user that can be locked exclusively
 * belongs to a dead process: it and its region are unlinked. Regions
 * without a companion (other programs', or of older versions) are never
 * touched. FF_SHM_REAP=0 turns the removal off.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#define _DEFAULT_SOURCE		/* flock(), which POSIX lacks */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "ff_internal.h"

#define FF_SHM_DIR "/dev/shm"

/* The pid of a name "<pid>:<n>:<n>", or 0 if the name is not one. */
static long ff_shm_owner_pid(const char *name)
{
	const char *p = name;
	long pid = 0;
	int part, digits;

	for (part = 0; part < 3; part++) {
		for (digits = 0; *p >= '0' && *p <= '9'; p++, digits++) {
			if (part == 0 && pid < 100000000L)
				pid = pid * 10 + (*p - '0');
		}
		if (!digits || digits > 9)
			return 0;
		if (part < 2 && *p++ != ':')
			return 0;
	}
	return *p ? 0 : pid;
}

#define FF_SHM_LIVE "ff-live."
#define FF_SHM_PREFIX "fi_shm://"

/*
 * The region name of an shm address ("fi_shm://<pid>:<n>:<n>"), copied
 * into name, or -1 if the address is not one.
 */
static int ff_shm_region_of(const char *addr, size_t len, char *name,
			    size_t size)
{
	size_t plen = strlen(FF_SHM_PREFIX);
	size_t n;

	if (len <= plen || memcmp(addr, FF_SHM_PREFIX, plen))
		return -1;
	n = strnlen(addr + plen, len - plen);
	if (n == 0 || n >= size || !ff_shm_owner_pid(addr + plen))
		return -1;
	memcpy(name, addr + plen, n);
	name[n] = '\0';
	return 0;
}

int ff_shm_mark_live(const char *addr, size_t len)
{
	char name[256], tmp[sizeof(FF_SHM_DIR) + 300],
	     path[sizeof(FF_SHM_DIR) + 300];
	int fd;

	if (ff_shm_region_of(addr, len, name, sizeof(name)))
		return -1;
	/*
	 * Locked under a name no reaper looks at, then renamed: a reaper
	 * never finds a companion that is not locked yet.
	 */
	snprintf(tmp, sizeof(tmp), FF_SHM_DIR "/.ff-new.%ld.%s",
		 (long) getpid(), name);
	snprintf(path, sizeof(path), FF_SHM_DIR "/" FF_SHM_LIVE "%s", name);
	fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (flock(fd, LOCK_SH | LOCK_NB) || rename(tmp, path)) {
		unlink(tmp);
		close(fd);
		return -1;
	}
	return fd;
}

void ff_shm_unmark(int fd, const char *addr, size_t len)
{
	char name[256], path[sizeof(FF_SHM_DIR) + 300];

	if (fd < 0)
		return;
	if (!ff_shm_region_of(addr, len, name, sizeof(name))) {
		snprintf(path, sizeof(path), FF_SHM_DIR "/" FF_SHM_LIVE "%s",
			 name);
		unlink(path);
	}
	close(fd);
}

/* Unlinks a dead process's companion and its region, if still the same file. */
static void ff_shm_reap_one(const char *live, const char *region)
{
	char path[sizeof(FF_SHM_DIR) + 300];
	struct stat st, held;
	int fd;

	snprintf(path, sizeof(path), FF_SHM_DIR "/%s", live);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return;
	if (fstat(fd, &held) || !S_ISREG(held.st_mode) ||
	    held.st_uid != geteuid() || flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);	/* another user's, or its owner lives */
		return;
	}
	/* No process holds it: the owner is dead, whatever its namespace. */
	if (stat(path, &st) == 0 && st.st_ino == held.st_ino &&
	    st.st_dev == held.st_dev) {
		snprintf(path, sizeof(path), FF_SHM_DIR "/%s", region);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == geteuid())
			unlink(path);
		snprintf(path, sizeof(path), FF_SHM_DIR "/%s", live);
		unlink(path);
	}
	close(fd);
}

void ff_shm_reap(void)
{
	const char *env = getenv("FF_SHM_REAP");
	size_t plen = strlen(FF_SHM_LIVE);
	struct dirent *d;
	DIR *dir;

	if (env && !strcmp(env, "0"))
		return;
	dir = opendir(FF_SHM_DIR);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (strncmp(d->d_name, FF_SHM_LIVE, plen) ||
		    strlen(d->d_name) > 256 ||
		    !ff_shm_owner_pid(d->d_name + plen))
			continue;
		ff_shm_reap_one(d->d_name, d->d_name + plen);
	}
	closedir(dir);
}
