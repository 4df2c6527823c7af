/* The lookup-table cache (ops/acpu_tables.h). Entries are immutable once published: readers scan
 * the published prefix without a lock (count with acquire order); builders serialise on a mutex,
 * look again, build, time the lookup against the kernel, then publish the entry and the count
 * (release).
 *
 * Whether a gather beats the arithmetic depends on the kernel and the CPU (on one Zen 4, AVX2's
 * lookups ran SiluGrad 1.6x faster, AVX-512's 0.8x; AVX-512 CeluV2 3x), so the automatic mode asks
 * the machine: both run on the same CALIBRATION_N inputs (values in [-8, 8], first operands in
 * [-1, 1]), best of CALIBRATION_RUNS each, interleaved; the table is used when its lookup took at
 * most CALIBRATION_WIN of the kernel's time. Either gives the same bits: a noisy timing costs speed,
 * never a result. A table may be read by the faster of two lookups, timed the same way: the ISA's
 * vector gather and one scalar load per element (lookup_candidates): on one Zen 4, the lookup
 * loop alone over 4K and 1M bf16 indices, a WHOLE table read by plain C ran 3.5 Gelem/s against
 * 2.7 for AVX-512's VPGATHERDD and 2.1 for AVX2's. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "engine/acpu_contention.h"
#include "engine/acpu_engine.h"
#include "ops/acpu_op_call.h"
#include "ops/acpu_tables.h"

typedef struct {
    const acpu_kernel_table *kt;
    acpu_kernel_id kid;
    acpu_kdtype kdt;
    size_t params_size;
    unsigned char params[ACPU_OP_PARAMS_BYTES];
    void *table;
    acpu_kernel_fn lookup; /* the lookup kernel that reads it (the faster at the build's timing) */
    bool faster;           /* the lookup beat the kernel at the build's timing */
} acpu_table_entry;

#define CALIBRATION_N 4096u
#define CALIBRATION_RUNS 3
#define CALIBRATION_WIN 0.9

static acpu_table_entry entries[ACPU_TABLE_CACHE_SLOTS];
static atomic_int published;
static size_t cache_bytes; /* under build_lock */
static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;

static bool entry_is(const acpu_table_entry *e, const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt,
                     const void *params, size_t params_size)
{
    return e->kid == kid && e->kdt == kdt && e->kt == kt && e->params_size == params_size &&
           memcmp(e->params, params, params_size) == 0;
}

static const acpu_table_entry *find(int n, const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt,
                                    const void *params, size_t params_size)
{
    for (int i = 0; i < n; i++)
        if (entry_is(&entries[i], kt, kid, kdt, params, params_size))
            return &entries[i];
    return NULL;
}

/* The 16-bit pattern of v (nearest even) in dtype kdt. */
static uint16_t bits_of(acpu_kdtype kdt, float v)
{
    return kdt == ACPU_KDT_BF16 ? acpu_f32_to_bf16(v) : acpu_f32_to_f16(v);
}

static uint64_t time_kernel(acpu_kernel_fn k, const void *const *in, void *out, const void *params)
{
    uint64_t t0 = acpu_now_ns();
    k(CALIBRATION_N, in, out, params);
    return acpu_now_ns() - t0;
}

/* The lookup kernels that can read a table of `form` for kdt: the kernel table's own, and its
 * lookup_loads alternative where the kernel table offers one (kernels/ops/lookup.h says where and
 * why). */
static int lookup_candidates(const acpu_kernel_table *kt, acpu_table_form form, acpu_kdtype kdt, acpu_kernel_fn *out)
{
    int n = 0;
    out[n++] = kt->lookup[form][kdt == ACPU_KDT_BF16];
    acpu_kernel_fn loads = kt->lookup_loads[form][kdt == ACPU_KDT_BF16];
    if (loads != NULL)
        out[n++] = loads;
    return n;
}

/* The faster lookup kernel of `table` on this CPU (*lookup), and whether it runs the kernel's work
 * faster than the kernel. */
static bool calibrate(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt, acpu_table_form form,
                      const void *params, const void *table, acpu_kernel_fn *lookup)
{
    static _Thread_local uint16_t a[CALIBRATION_N], x[CALIBRATION_N], out[CALIBRATION_N];
    uint32_t h = 2463534242u;
    for (uint32_t i = 0; i < CALIBRATION_N; i++) {
        h ^= h << 13, h ^= h >> 17, h ^= h << 5; /* xorshift32 */
        x[i] = bits_of(kdt, (float)(h >> 8) * 0x1p-24f * 16.0f - 8.0f);
        a[i] = bits_of(kdt, (float)(h & 0xffffu) * 0x1p-16f * 2.0f - 1.0f);
    }
    const void *in[2] = {form == ACPU_TABLE_WHOLE ? (const void *)x : (const void *)a, x};
    acpu_lookup_params lp = {table};
    acpu_kernel_fn direct = kt->k[kid][kdt], candidates[2];
    int n_candidates = lookup_candidates(kt, form, kdt, candidates);
    uint64_t best_direct = UINT64_MAX, best_lookup[2] = {UINT64_MAX, UINT64_MAX};
    for (int r = 0; r < CALIBRATION_RUNS; r++) {
        uint64_t d = time_kernel(direct, in, out, params);
        best_direct = d < best_direct ? d : best_direct;
        for (int c = 0; c < n_candidates; c++) {
            uint64_t l = time_kernel(candidates[c], in, out, &lp);
            best_lookup[c] = l < best_lookup[c] ? l : best_lookup[c];
        }
    }
    int best = n_candidates > 1 && best_lookup[1] < best_lookup[0] ? 1 : 0;
    *lookup = candidates[best];
    return (double)best_lookup[best] <= CALIBRATION_WIN * (double)best_direct;
}

static const acpu_table_entry *build_locked(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt,
                                            acpu_table_form form, const void *params, size_t params_size)
{
    int n = atomic_load_explicit(&published, memory_order_relaxed);
    const acpu_table_entry *found = find(n, kt, kid, kdt, params, params_size);
    size_t bytes = acpu_table_bytes(form);
    if (found != NULL || n >= ACPU_TABLE_CACHE_SLOTS || cache_bytes + bytes > ACPU_TABLE_CACHE_BYTES)
        return found;
    void *table = aligned_alloc(64, bytes);
    if (table == NULL)
        return NULL;
    acpu_fp_state saved; /* the kernels' own environment, as the engine runs them */
    acpu_fp_enter(&saved);
    acpu_table_fill(kt, kid, kdt, params, table);
    acpu_kernel_fn lookup = NULL;
    bool faster = calibrate(kt, kid, kdt, form, params, table, &lookup);
    acpu_fp_leave(&saved);
    acpu_table_entry *e = &entries[n];
    *e = (acpu_table_entry){.kt = kt,
                            .kid = kid,
                            .kdt = kdt,
                            .params_size = params_size,
                            .table = table,
                            .lookup = lookup,
                            .faster = faster};
    memcpy(e->params, params, params_size);
    cache_bytes += bytes;
    atomic_store_explicit(&published, n + 1, memory_order_release);
    acpu_settings_plans_may_change(); /* kept repeatable executors planned without it plan again */
    return e;
}

const void *acpu_table_get(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt, const void *params,
                           size_t params_size, bool build, bool only_faster, acpu_kernel_fn *lookup)
{
    acpu_table_form form = (acpu_table_form)acpu_kernel_table_forms[kid];
    if (form == ACPU_TABLE_NONE || (kdt != ACPU_KDT_F16 && kdt != ACPU_KDT_BF16) ||
        params_size > ACPU_OP_PARAMS_BYTES || !acpu_table_fillable(kt, kid, kdt))
        return NULL;
    const acpu_table_entry *e = find(atomic_load_explicit(&published, memory_order_acquire), kt, kid, kdt, params,
                                     params_size);
    if (e == NULL && build) {
        pthread_mutex_lock(&build_lock);
        e = build_locked(kt, kid, kdt, form, params, params_size);
        pthread_mutex_unlock(&build_lock);
    }
    if (e == NULL || (!e->faster && only_faster))
        return NULL;
    *lookup = e->lookup;
    return e->table;
}
