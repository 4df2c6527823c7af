/* Process settings: read from the environment once, changed by the aclnnCpu* setters.
 *   ACLNN_CPU_MAX_ISA      scalar|neon|avx2|avx512: caps the ISA (chosen once per process)
 *   ACLNN_CPU_AVX512_BF16  0: AVX-512 narrows to bf16 by integer rounding even where the CPU has
 *                          avx512_bf16 (default 1: VCVTNE(2)PS2BF16 there)
 *   ACLNN_CPU_NUM_THREADS  threads of phase 2 (default omp_get_max_threads())
 *   ACLNN_CPU_SOC          platform profile (default host)
 *   ACLNN_CPU_VERBOSE=1    one line per executed operator on stderr
 *   ACLNN_CPU_TABLES       auto|1|0 (also on|off): 16-bit lookup tables (default auto: where a
 *                          timing at the table's build found the lookup faster)
 *   ACLNN_CPU_STREAM_STORES auto|1|0 (also on|off): streaming (non-temporal) stores of outputs
 *                          (default auto: outputs of 16 MiB or more of the memory-bound kernels and
 *                          of the 16-bit lookups read one load per element) */
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/acpu_lock.h"
#include "settings/acpu_settings.h"

/* Capped at 256 KiB, about the Ascend UBs (192-240 KiB): with a 1 MiB "UB" (half a 2 MiB L2) the
 * arch35 tilings put a whole 64K-element call on one core, so a second thread had nothing to do;
 * at 256 KiB they cut it into 4-7 tiles over the cores (two threads then run 1.6-1.9x one). */
#define ACPU_HOST_UB_MIN (64u * 1024u)
#define ACPU_HOST_UB_MAX (256u * 1024u)
#define ACPU_HOST_UB_FALLBACK (256u * 1024u)

static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static acpu_lock settings_lock = ACPU_LOCK_INIT;

static const acpu_kernel_table *active_kernels;
static uint64_t host_ub; /* UB of the host profile, from the cache size */
static bool verbose_env;
static unsigned env_threads; /* 0: unset */
static acpu_soc env_soc = ACPU_SOC_HOST;
/* Setter state (under settings_lock). */
static unsigned set_threads; /* 0: default */
static bool soc_set;
static acpu_soc set_soc;
static uint32_t set_cores;
static uint64_t set_ub;
static acpu_switch env_switches[ACPU_SWITCH_COUNT]; /* AUTO (0) unless the variable says */
static bool switch_set[ACPU_SWITCH_COUNT];
static acpu_switch set_switches[ACPU_SWITCH_COUNT];

static void warn_env(const char *name, const char *value, const char *expected)
{
    if (verbose_env)
        fprintf(stderr, "aclnn_cpu: warning: ignoring %s=%s (expected %s)\n", name, value, expected);
}

static acpu_isa parse_isa_cap(const char *v)
{
    for (int isa = 0; isa < ACPU_ISA_COUNT; isa++)
        if (strcasecmp(v, acpu_isa_name((acpu_isa)isa)) == 0)
            return (acpu_isa)isa;
    warn_env("ACLNN_CPU_MAX_ISA", v, "scalar, neon, avx2 or avx512");
    return ACPU_ISA_COUNT;
}

static void read_threads_env(void)
{
    const char *v = getenv("ACLNN_CPU_NUM_THREADS");
    if (v == NULL || *v == '\0')
        return;
    char *end;
    long n = strtol(v, &end, 10);
    if (*end != '\0' || n < 1 || n > 4096)
        warn_env("ACLNN_CPU_NUM_THREADS", v, "an integer in 1..4096");
    else
        env_threads = (unsigned)n;
}

/* Half of the per-core L2 (the other half holds what streams past), clamped to a sane range. */
static uint64_t host_ub_bytes(void)
{
    long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    uint64_t ub = l2 > 0 ? (uint64_t)l2 / 2 : ACPU_HOST_UB_FALLBACK;
    return ub < ACPU_HOST_UB_MIN ? ACPU_HOST_UB_MIN : ub > ACPU_HOST_UB_MAX ? ACPU_HOST_UB_MAX : ub;
}

/* An auto|1|0 (on|off) variable; unset or invalid (with a warning): AUTO. */
static acpu_switch read_switch_env(const char *name)
{
    const char *v = getenv(name);
    if (v == NULL || *v == '\0' || strcasecmp(v, "auto") == 0)
        return ACPU_SWITCH_AUTO;
    if (strcmp(v, "1") == 0 || strcasecmp(v, "on") == 0)
        return ACPU_SWITCH_ON;
    if (strcmp(v, "0") == 0 || strcasecmp(v, "off") == 0)
        return ACPU_SWITCH_OFF;
    warn_env(name, v, "auto, 1 (on) or 0 (off)");
    return ACPU_SWITCH_AUTO;
}

static void read_switches_env(void)
{
    static const char *const names[ACPU_SWITCH_COUNT] = {
        [ACPU_SWITCH_TABLES] = "ACLNN_CPU_TABLES", [ACPU_SWITCH_STREAMING] = "ACLNN_CPU_STREAM_STORES"};
    for (int k = 0; k < ACPU_SWITCH_COUNT; k++)
        env_switches[k] = read_switch_env(names[k]);
}

static void read_env(void)
{
    const char *v = getenv("ACLNN_CPU_VERBOSE");
    verbose_env = v != NULL && strcmp(v, "0") != 0 && *v != '\0';
    v = getenv("ACLNN_CPU_AVX512_BF16");
    bool native_bf16 = v == NULL || strcmp(v, "0") != 0; /* an invalid value is ignored: the default */
    if (v != NULL && *v != '\0' && strcmp(v, "0") != 0 && strcmp(v, "1") != 0)
        warn_env("ACLNN_CPU_AVX512_BF16", v, "0 or 1");
    v = getenv("ACLNN_CPU_MAX_ISA");
    active_kernels = acpu_kernel_table_best(v && *v ? parse_isa_cap(v) : ACPU_ISA_COUNT, native_bf16);
    read_threads_env();
    read_switches_env();
    host_ub = host_ub_bytes();
    v = getenv("ACLNN_CPU_SOC");
    if (v != NULL && *v != '\0' && !acpu_soc_parse(v, &env_soc))
        warn_env("ACLNN_CPU_SOC", v, "host, Ascend910, Ascend910B, Ascend910_93 or Ascend950");
}

static void ensure_env(void) { pthread_once(&env_once, read_env); }

const acpu_kernel_table *acpu_active_kernels(void)
{
    ensure_env();
    return active_kernels;
}

bool acpu_verbose(void)
{
    ensure_env();
    return verbose_env;
}

static unsigned default_threads(void)
{
    if (env_threads > 0)
        return env_threads;
    int n = omp_get_max_threads();
    return n > 0 ? (unsigned)n : 1u;
}

static void settings_read_locked(acpu_settings *out, unsigned threads)
{
    out->threads = set_threads > 0 ? set_threads : threads;
    acpu_soc soc = soc_set ? set_soc : env_soc;
    acpu_platform_init(&out->platform, soc, out->threads, host_ub);
    if (soc_set && set_cores > 0)
        out->platform.core_num = set_cores;
    if (soc_set && set_ub > 0)
        out->platform.ub_bytes = set_ub;
    out->kernels = active_kernels;
    out->verbose = verbose_env;
    for (int k = 0; k < ACPU_SWITCH_COUNT; k++)
        out->switches[k] = switch_set[k] ? set_switches[k] : env_switches[k];
}

/* Every phase 1 reads the settings, which change rarely: each thread keeps its last snapshot and
 * reuses it while no setter has run since (settings_generation, bumped under the lock after the
 * change) and omp_get_max_threads(), a per-thread value, is unchanged. A read that races a setter
 * sees the state before or after it, as it would under the lock. Each refresh gives the snapshot a
 * new stamp (snapshot_stamps: unique in the process), so a caller that compares stamps knows when
 * phase 1 may plan differently (acpu_settings_stamp); a new lookup table moves the generation too
 * (acpu_settings_plans_may_change), for phase 1 then plans with it. */
static atomic_ullong settings_generation; /* 64 bits: never wraps in practice */
static atomic_ullong snapshot_stamps;

static _Thread_local struct {
    bool valid;
    unsigned long long generation, stamp;
    unsigned default_threads;
    acpu_settings settings;
} snapshot;

static void snapshot_refresh(void)
{
    ensure_env();
    unsigned threads = default_threads();
    unsigned long long generation = atomic_load_explicit(&settings_generation, memory_order_acquire);
    if (snapshot.valid && snapshot.generation == generation && snapshot.default_threads == threads)
        return;
    acpu_lock_take(&settings_lock);
    /* acquire: a generation moved outside the lock (a table published) comes with what it saw */
    snapshot.generation = atomic_load_explicit(&settings_generation, memory_order_acquire);
    settings_read_locked(&snapshot.settings, threads);
    acpu_lock_give(&settings_lock);
    snapshot.default_threads = threads;
    snapshot.stamp = atomic_fetch_add_explicit(&snapshot_stamps, 1ull, memory_order_relaxed) + 1ull;
    snapshot.valid = true;
}

void acpu_settings_get(acpu_settings *out)
{
    snapshot_refresh();
    *out = snapshot.settings;
}

unsigned long long acpu_settings_stamp(void)
{
    snapshot_refresh();
    return snapshot.stamp;
}

/* The host profile as a standalone plan would see it, without changing any setting: the core count
 * is the phase-2 thread count (aclnnCpuSetNumThreads, else the default), the UB the cache budget;
 * cores / ub override them when > 0. */
void acpu_settings_host_platform(uint32_t cores, uint64_t ub, acpu_platform *p)
{
    ensure_env();
    unsigned threads = default_threads();
    acpu_lock_take(&settings_lock);
    if (set_threads > 0)
        threads = set_threads;
    acpu_lock_give(&settings_lock);
    acpu_platform_init(p, ACPU_SOC_HOST, cores > 0 ? cores : threads, ub > 0 ? ub : host_ub);
}

void acpu_settings_plans_may_change(void)
{
    atomic_fetch_add_explicit(&settings_generation, 1ull, memory_order_release);
}

/* Setters change the state and then the generation, both under the lock. */
static void settings_changed_locked(void)
{
    atomic_fetch_add_explicit(&settings_generation, 1ull, memory_order_release);
}

void acpu_settings_set_threads(unsigned threads)
{
    ensure_env();
    acpu_lock_take(&settings_lock);
    set_threads = threads;
    settings_changed_locked();
    acpu_lock_give(&settings_lock);
}

void acpu_settings_set_platform(bool set, acpu_soc soc, uint32_t cores, uint64_t ub)
{
    ensure_env();
    acpu_lock_take(&settings_lock);
    soc_set = set;
    set_soc = soc;
    set_cores = cores;
    set_ub = ub;
    settings_changed_locked();
    acpu_lock_give(&settings_lock);
}

void acpu_settings_set_switch(acpu_switch_id which, acpu_switch mode)
{
    ensure_env();
    acpu_lock_take(&settings_lock);
    switch_set[which] = true;
    set_switches[which] = mode;
    settings_changed_locked();
    acpu_lock_give(&settings_lock);
}
