/*
 * libfastfabric: removing the shared-memory regions of dead processes.
 *
 * libfabric's shm provider names an endpoint's region in /dev/shm
 * "<pid>:<n>:<n>" and unlinks it when the endpoint is closed. A process
 * killed with SIGKILL cannot, so its regions (16 MiB each in 1.17, sparse)
 * stay until reboot: a JVM killed mid-test left dozens here. Before each shm
 * endpoint opens, regions named that way whose process no longer exists
 * and that belong to this user are unlinked. FF_SHM_REAP=0 turns it off,
 * for a /dev/shm shared by processes of other pid namespaces (containers),
 * whose pids this process cannot see.
 *
 * Copyright (c) 2026, GrandeJDK contributors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int ff_process_gone(long pid)
{
	return kill((pid_t) pid, 0) == -1 && errno == ESRCH;
}

void ff_shm_reap(void)
{
	const char *env = getenv("FF_SHM_REAP");
	char path[sizeof(FF_SHM_DIR) + 300];
	struct dirent *d;
	struct stat st;
	DIR *dir;
	long pid;

	if (env && !strcmp(env, "0"))
		return;
	dir = opendir(FF_SHM_DIR);
	if (!dir)
		return;
	while ((d = readdir(dir))) {
		pid = ff_shm_owner_pid(d->d_name);
		if (pid <= 0 || pid == (long) getpid() || !ff_process_gone(pid))
			continue;
		if (strlen(d->d_name) > 256)
			continue;
		snprintf(path, sizeof(path), FF_SHM_DIR "/%s", d->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == geteuid())
			unlink(path);
	}
	closedir(dir);
}
