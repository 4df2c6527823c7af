/* The busy-core competitor of --busy: a child process pinned to one CPU that spins until this
 * process stops it (bench_busy_stop, also at exit), dies (PR_SET_PDEATHSIG) or its time limit
 * passes (alarm), whichever comes first: another program keeping one core busy, as on a shared
 * machine. Forked before the bench starts any thread. Linux only; elsewhere --busy refuses. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#if defined(__linux__)
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t g_child = -1;

/* The last CPU of this process's affinity set, and how many it has. */
static int last_cpu(int *count)
{
    cpu_set_t set;
    int last = -1;
    *count = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return -1;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) {
            last = c;
            (*count)++;
        }
    return last;
}

static void spin(int cpu, double limitS, pid_t parent)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) /* the parent died before the signal was asked for */
        _exit(0);
    if (sched_setaffinity(0, sizeof one, &one) != 0)
        _exit(2);
    alarm((unsigned)(limitS + 1.0));
    volatile unsigned long long x = 0;
    for (;;)
        x = x + 1;
}

int bench_busy_start(double limitS)
{
    int count = 0, cpu = last_cpu(&count);
    if (cpu < 0 || count < 2) {
        fprintf(stderr, "aclnn_cpu_bench: --busy needs at least 2 CPUs in the affinity set (has %d)\n", count);
        return -1;
    }
    fflush(stdout);
    pid_t parent = getpid(), pid = fork();
    if (pid < 0) {
        perror("aclnn_cpu_bench: fork");
        return -1;
    }
    if (pid == 0)
        spin(cpu, limitS, parent);
    g_child = pid;
    atexit(bench_busy_stop);
    return cpu;
}

void bench_busy_stop(void)
{
    if (g_child <= 0)
        return;
    kill(g_child, SIGKILL);
    waitpid(g_child, NULL, 0);
    g_child = -1;
}

#else

int bench_busy_start(double limitS)
{
    (void)limitS;
    fprintf(stderr, "aclnn_cpu_bench: --busy needs Linux (CPU affinity)\n");
    return -1;
}

void bench_busy_stop(void) {}

#endif
