/* aclnn_cpu_bench: times every API of the operator registry (bench_cases.c: one case per API, plus
 * named variants) through the public two-phase API: the whole call (phase 1 + phase 2 + stream
 * synchronize per call, as a CANN user calls it) and phase 2 alone (one executor made repeatable
 * with aclSetAclOpExecutorRepeatable, run again and again), x fp32/fp16/bf16/fp64 (those the API
 * takes) x sizes x thread counts. All tensors of a case have the case's dtype and shape. In each
 * case, in this process, on the same tensors, with samples interleaved so that all see the same
 * machine state, it also times
 *   roofline:    the same traffic (the call's inputs read, one output written), regular stores,
 *   roofline_nt: the same with streaming (non-temporal) stores,
 *   fused:       a plain fused AVX2 + SLEEF loop, for the cases that have one,
 *   onednn:      oneDNN's eltwise primitive of the peers table at four stack alignments,
 *   torch:       PyTorch's aten call of the peers table (libtorch's C++ API),
 * the peers capped to the library's ISA. Reports medians, the interquartile spread, Gelem/s and %
 * of the roofline (see --help). Other modes: --demo (a short table), --busy (1 and T threads with a
 * core kept busy), --kernels (the kernels alone, bench_kernels.c), --sweep (tiling plan variants),
 * --check-peers (the peers table covers the registry and agrees with the library). */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#endif
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "bench.h"
/* Internal (acpu_internal): the executor's plan, for --sweep; the runnable count, for --demo. */
#include "engine/acpu_contention.h"
#include "ops/acpu_op_call.h"

enum {
    IMPL_ACLNN = 0, /* whole two-phase call */
    IMPL_PHASE2,    /* phase 2 of a repeatable executor */
    IMPL_FUSED,
    IMPL_ROOF,
    IMPL_ROOF_NT,
    IMPL_DNNL0, /* oneDNN, stack pointer 0 mod 64 at the call; then 16, 32, 48 mod 64 */
    IMPL_DNNL16,
    IMPL_DNNL32,
    IMPL_DNNL48,
    IMPL_TORCH,
    IMPL_DIRECT, /* whole two-phase call with the 16-bit lookup tables off (where the call uses one) */
    NUM_IMPLS
};
#define NUM_DNNL 4 /* IMPL_DNNL0 .. IMPL_DNNL48: stack pointer 16 * k mod 64 */
static const char *const kImplNames[NUM_IMPLS] = {"aclnn",        "aclnn_phase2", "fused",        "roofline",
                                                  "roofline_nt",  "onednn_rsp0",  "onednn_rsp16", "onednn_rsp32",
                                                  "onednn_rsp48", "torch",        "aclnn_direct"};

#define MAX_SAMPLES 1000
#define MAX_TIMED 16
/* A spread (IQR / median) above this marks a demo or busy row "noisy" (others' load). */
#define NOISY_SPREAD 0.25

/* One implementation timed in a case: its samples, at its own thread count. */
typedef struct {
    int impl;
    int threads;
    long reps;
    double perCall; /* seconds, from the calibration */
    double samples[MAX_SAMPLES];
    double median, spread; /* seconds per call; IQR / median */
} Timed;

typedef struct {
    int op, dtype, threads;
    size_t n;
} Case;

typedef struct {
    Case c;
    int have[NUM_IMPLS];
    double median[NUM_IMPLS]; /* seconds per call */
    double spread[NUM_IMPLS]; /* IQR / median */
    int rsp[NUM_DNNL];        /* oneDNN: stack pointer mod 64 measured at the call, per variant */
    char dnnlImpl[64];        /* oneDNN's implementation name */
} CaseResult;

/* What one case's implementations run on: the data, the repeatable executor (phase 2 alone), the
 * fused loop, the peers. */
typedef struct {
    const BenchData *data;
    Case c;
    aclOpExecutor *executor;
    uint64_t execWs;
    BenchFused fused;
    BenchFusedParams fusedParams;
    BenchDnnl *dnnl;
    BenchTorch *torch;
    int rsp[NUM_DNNL];
    int curThreads;
    int libraryThreadsOnly; /* switch only the library's thread count (no peer is timed) */
} CaseRun;

typedef struct {
    BenchOptions opt;
    aclrtStream stream;
    void *ws;
    uint64_t wsCap;
    int haveAvx2;
    int haveDnnl, haveTorch; /* built in and not --no-peers */
    const char *isa;
    aclnnCpuTableMode tableMode; /* the lookup-table mode to restore after an IMPL_DIRECT call */
    FILE *csv;
    CaseResult *results;
    int numResults;
} Bench;

/* ---- errors ------------------------------------------------------------------------------------- */

static void check(int status, const char *what)
{
    if (status != 0) {
        fprintf(stderr, "aclnn_cpu_bench: %s failed: %d (%s)\n", what, status, aclGetRecentErrMsg());
        exit(1);
    }
}

static void check_ptr(const void *p, const char *what)
{
    if (p == NULL) {
        fprintf(stderr, "aclnn_cpu_bench: %s returned NULL (%s)\n", what, aclGetRecentErrMsg());
        exit(1);
    }
}

static const BenchCase *case_of(const Case *c) { return &bench_cases[c->op]; }

/* ---- the implementations --------------------------------------------------------------------- */

static void ensure_workspace(Bench *b, uint64_t size)
{
    if (size <= b->wsCap)
        return;
    if (b->ws != NULL)
        check(aclrtFree(b->ws), "aclrtFree(workspace)");
    check(aclrtMalloc(&b->ws, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(workspace)");
    b->wsCap = size;
}

static void run_aclnn(Bench *b, const BenchData *d)
{
    uint64_t wsSize = 0;
    aclOpExecutor *executor = NULL;
    check(bench_case_phase1(d, &wsSize, &executor), d->c->api->phase1);
    ensure_workspace(b, wsSize); /* allocates during warm-up only: the size does not change */
    check(d->c->api->run(wsSize > 0 ? b->ws : NULL, wsSize, executor, b->stream), d->c->api->name);
    check(aclrtSynchronizeStream(b->stream), "aclrtSynchronizeStream");
}

/* Phase 1 once, for a repeatable executor that phase 2 then runs again and again. Captures the
 * current settings (threads, platform), as every phase 1 does. Returns the phase-1 status. */
static aclnnStatus make_repeatable(Bench *b, CaseRun *run)
{
    aclnnStatus st = bench_case_phase1(run->data, &run->execWs, &run->executor);
    if (st != ACLNN_SUCCESS)
        return st;
    check(aclSetAclOpExecutorRepeatable(run->executor), "aclSetAclOpExecutorRepeatable");
    ensure_workspace(b, run->execWs);
    return ACLNN_SUCCESS;
}

static void release_repeatable(CaseRun *run)
{
    if (run->executor != NULL)
        check(aclDestroyAclOpExecutor(run->executor), "aclDestroyAclOpExecutor");
    run->executor = NULL;
}

static void run_phase2(Bench *b, const CaseRun *run)
{
    const acpu_api_def *api = run->data->c->api;
    check(api->run(run->execWs > 0 ? b->ws : NULL, run->execWs, run->executor, b->stream), api->name);
    check(aclrtSynchronizeStream(b->stream), "aclrtSynchronizeStream");
}

static void run_roofline(Bench *b, const BenchData *d, int threads, int nt)
{
    const BenchCase *c = d->c;
    const void *in[BENCH_MAX_IN] = {NULL};
    int reads = 0;
    if (c->inplace)
        in[reads++] = d->out; /* read and written in place */
    for (int j = 0; j < c->numIn; j++)
        if (c->bound[j] && !(c->inplace && j == c->inplaceSlot))
            in[reads++] = d->in[j];
    size_t esize = bench_dtype_size(d->dtype);
    if (nt)
        bench_roofline_nt_avx2(in, reads, d->out, d->n, threads, esize);
    else if (b->haveAvx2)
        bench_roofline_avx2(in, reads, d->out, d->n, threads, esize);
    else
        bench_roofline_generic(in, reads, d->out, d->n, threads, esize);
}

/* The whole call computing directly: tables off for its phase 1, then the mode restored. */
static void run_direct(Bench *b, const BenchData *d)
{
    check(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_OFF), "aclnnCpuSetLookupTables");
    run_aclnn(b, d);
    check(aclnnCpuSetLookupTables(b->tableMode), "aclnnCpuSetLookupTables");
}

/* Whether the call's executor runs a lookup kernel (then IMPL_DIRECT shows what the table buys, and
 * for an output of 16 MiB or more the streaming stores a lookup read one load per element gets). */
static int uses_table(const CaseRun *run)
{
    const acpu_op_call *call = acpu_executor_op_call(run->executor);
    return call != NULL && acpu_is_lookup_kernel(acpu_active_kernels(), call->task.kernel);
}

static void run_impl(Bench *b, CaseRun *run, int impl, int threads)
{
    const BenchData *d = run->data;
    switch (impl) {
    case IMPL_ACLNN: run_aclnn(b, d); break;
    case IMPL_DIRECT: run_direct(b, d); break;
    case IMPL_PHASE2: run_phase2(b, run); break;
    case IMPL_FUSED: run->fused((const void *const *)d->in, d->out, d->n, threads, &run->fusedParams); break;
    case IMPL_ROOF: run_roofline(b, d, threads, 0); break;
    case IMPL_ROOF_NT: run_roofline(b, d, threads, 1); break;
    case IMPL_TORCH: bench_torch_run(run->torch); break;
    default: /* oneDNN at one of the four stack alignments */
        run->rsp[impl - IMPL_DNNL0] = bench_dnnl_run(run->dnnl, 16 * (impl - IMPL_DNNL0));
        break;
    }
}

/* ---- timing ------------------------------------------------------------------------------------- */

/* Threads for every implementation: the library's setting (captured by phase 1), oneDNN's and
 * PyTorch's OpenMP default (read at creation and execution); the fused loops and rooflines take
 * them per call. */
static void set_threads(int threads)
{
    check(aclnnCpuSetNumThreads(threads), "aclnnCpuSetNumThreads");
    bench_dnnl_set_threads(threads);
    bench_torch_set_threads(threads);
}

static void use_threads(CaseRun *run, int threads)
{
    if (run->curThreads != threads && run->libraryThreadsOnly)
        check(aclnnCpuSetNumThreads(threads), "aclnnCpuSetNumThreads");
    else if (run->curThreads != threads)
        set_threads(threads);
    run->curThreads = threads;
}

/* `reps` calls of one implementation; returns their time. An in-place case's data is restored
 * before each call, untimed: applied to its own results again and again, an activation drifts
 * (hardswish and mish take negative inputs into subnormals, which cost an Intel core a microcode
 * assist per operation under IEEE arithmetic: inplace_hardswish fp32 64K ran 40 times slower than
 * on its generated inputs), and the samples would time that drift instead of the case's inputs. */
static double timed_calls(Bench *b, CaseRun *run, const Timed *t, long reps)
{
    if (run->data->pristine == NULL) {
        double t0 = bench_now();
        for (long r = 0; r < reps; r++)
            run_impl(b, run, t->impl, t->threads);
        return bench_now() - t0;
    }
    double sum = 0.0;
    for (long r = 0; r < reps; r++) {
        bench_data_restore(run->data);
        double t0 = bench_now();
        run_impl(b, run, t->impl, t->threads);
        sum += bench_now() - t0;
    }
    return sum;
}

/* Warms up, then returns how many calls make one sample of at least minSampleS. */
static long calibrate(Bench *b, CaseRun *run, Timed *t)
{
    use_threads(run, t->threads);
    bench_data_restore(run->data);
    run_impl(b, run, t->impl, t->threads);
    long calls = 0;
    double dt = 0.0;
    while (calls < 2 || dt < b->opt.minSampleS * 0.5) {
        dt += timed_calls(b, run, t, 1);
        calls++;
    }
    t->perCall = dt / (double)calls;
    long reps = (long)ceil(b->opt.minSampleS / t->perCall);
    return reps < 1 ? 1 : reps;
}

/* The oneDNN stack alignment (IMPL_DNNL0 + k) whose calibration ran fastest: the demo times only
 * that one. */
static int fastest_alignment(Bench *b, CaseRun *run, int threads)
{
    int best = IMPL_DNNL0;
    double bestTime = INFINITY;
    for (int k = 0; k < NUM_DNNL; k++) {
        Timed t = {.impl = IMPL_DNNL0 + k, .threads = threads};
        calibrate(b, run, &t);
        if (t.perCall < bestTime)
            bestTime = t.perCall, best = t.impl;
    }
    return best;
}

/* Times items[0..count), samples interleaved (each from the generated data: an in-place case's
 * input is restored before every call, untimed: timed_calls); medians and IQR / median. */
static void measure(Bench *b, CaseRun *run, Timed *items, int count)
{
    for (int i = 0; i < count; i++)
        items[i].reps = calibrate(b, run, &items[i]);
    for (int s = 0; s < b->opt.samples; s++)
        for (int i = 0; i < count; i++) {
            Timed *t = &items[i];
            use_threads(run, t->threads);
            bench_data_restore(run->data);
            t->samples[s] = timed_calls(b, run, t, t->reps) / (double)t->reps;
        }
    for (int i = 0; i < count; i++) {
        double q1 = 0, q3 = 0;
        bench_stats(items[i].samples, b->opt.samples, &items[i].median, &q1, &q3);
        items[i].spread = (q3 - q1) / items[i].median;
    }
}

/* ---- setting a case up -------------------------------------------------------------------------- */

/* The fused loops' constants from a case's attributes (by operator attribute name; absent ones
 * stay 0: the case's loop does not read them). */
static void fused_params(const BenchCase *c, BenchFusedParams *p)
{
    acpu_attr_value alpha = {.f = 1}, scale = {.f = 1}, inputScale = {.f = 1}, beta = {.f = 1}, threshold = {.f = 20};
    bench_case_attr(c, "alpha", &alpha, NULL);
    bench_case_attr(c, "scale", &scale, NULL);
    bench_case_attr(c, "input_scale", &inputScale, NULL);
    bench_case_attr(c, "beta", &beta, NULL);
    bench_case_attr(c, "threshold", &threshold, NULL);
    *p = (BenchFusedParams){.scale = scale.f,
                            .factorNeg = alpha.f * scale.f * inputScale.f,
                            .negBias = alpha.f * scale.f,
                            .inputScale = inputScale.f,
                            .beta = beta.f,
                            .threshold = threshold.f};
}

/* oneDNN's primitive for the run (NULL with a note when a peer row or oneDNN says no). */
static BenchDnnl *open_dnnl(Bench *b, const BenchData *d, int threads, int quiet)
{
    char why[200], text[480];
    const BenchCase *c = d->c;
    if (!b->haveDnnl || !bench_dnnl_has_dtype(d->dtype))
        return NULL;
    if (bench_peer_skip(c, 0, why, sizeof why)[0] == '\0') {
        BenchDnnl *dn = bench_dnnl_create(d, threads, why, sizeof why);
        if (dn != NULL)
            return dn;
    }
    snprintf(text, sizeof text, "%s %s: oneDNN skipped: %s", c->name, bench_dtype_name(d->dtype), why);
    if (!quiet)
        bench_note(text);
    return NULL;
}

static BenchTorch *open_torch(Bench *b, const BenchData *d, int verify, int quiet)
{
    char why[200], text[480];
    const BenchCase *c = d->c;
    if (!b->haveTorch)
        return NULL;
    if (bench_peer_skip(c, 1, why, sizeof why)[0] == '\0') {
        BenchTorchCall call;
        bench_torch_call_of(d, bench_peer_find(c->name)->torch, verify, &call);
        BenchTorch *t = bench_torch_create(&call, why, sizeof why);
        if (t != NULL)
            return t;
    }
    snprintf(text, sizeof text, "%s %s: PyTorch skipped: %s", c->name, bench_dtype_name(d->dtype), why);
    if (!quiet)
        bench_note(text);
    return NULL;
}

static void close_peers(CaseRun *run)
{
    bench_dnnl_destroy(run->dnnl);
    bench_torch_destroy(run->torch);
    run->dnnl = NULL;
    run->torch = NULL;
}

/* ---- the main mode -------------------------------------------------------------------------------- */

static void measure_case(Bench *b, const BenchData *d, CaseResult *res)
{
    CaseRun run = {.data = d, .c = res->c, .rsp = {-1, -1, -1, -1}, .curThreads = -1};
    int threads = res->c.threads;
    use_threads(&run, threads);
    check(make_repeatable(b, &run), "phase 1 of the repeatable executor");
    res->have[IMPL_DIRECT] = uses_table(&run);
    if (res->have[IMPL_FUSED]) {
        run.fused = bench_fused_kernel(d->c->name, d->dtype);
        fused_params(d->c, &run.fusedParams);
    }
    if (res->have[IMPL_DNNL0] && (run.dnnl = open_dnnl(b, d, threads, 0)) != NULL)
        snprintf(res->dnnlImpl, sizeof res->dnnlImpl, "%s", bench_dnnl_impl_name(run.dnnl));
    for (int k = 0; k < NUM_DNNL; k++)
        res->have[IMPL_DNNL0 + k] = run.dnnl != NULL;
    if (res->have[IMPL_TORCH])
        res->have[IMPL_TORCH] = (run.torch = open_torch(b, d, 0, 0)) != NULL;
    static Timed items[NUM_IMPLS];
    int count = 0;
    for (int i = 0; i < NUM_IMPLS; i++)
        if (res->have[i])
            items[count++] = (Timed){.impl = i, .threads = threads};
    measure(b, &run, items, count);
    for (int k = 0; k < count; k++) {
        res->median[items[k].impl] = items[k].median;
        res->spread[items[k].impl] = items[k].spread;
    }
    memcpy(res->rsp, run.rsp, sizeof res->rsp);
    release_repeatable(&run);
    close_peers(&run);
}

static double gelem(const CaseResult *r, int impl) { return (double)r->c.n / r->median[impl] * 1e-9; }

/* The fastest oneDNN variant (IMPL_DNNL0 .. IMPL_DNNL48); -1 when oneDNN did not run. */
static int best_dnnl(const CaseResult *r)
{
    if (!r->have[IMPL_DNNL0])
        return -1;
    int best = IMPL_DNNL0;
    for (int i = IMPL_DNNL0 + 1; i < IMPL_DNNL0 + NUM_DNNL; i++)
        best = r->median[i] < r->median[best] ? i : best;
    return best;
}

static void csv_header(FILE *f)
{
    fprintf(f, "op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline\n");
}

static void csv_row(const CaseResult *r, const char *isa, const char *impl, int i, FILE *f)
{
    fprintf(f, "%s,%s,%zu,%d,%s,%s,%.4f,%.3f,%.1f,%.1f\n", case_of(&r->c)->name, bench_dtype_name(r->c.dtype), r->c.n,
            r->c.threads, isa, impl, gelem(r, i), r->median[i] * 1e6, r->spread[i] * 100.0,
            gelem(r, i) / gelem(r, IMPL_ROOF) * 100.0);
}

/* The isa column: the library's ISA, the AVX2/generic loops, oneDNN's implementation name (commas
 * replaced) with the stack residue it ran at, PyTorch's capability. */
static void csv_rows(const Bench *b, const CaseResult *r, FILE *f)
{
    char dnnl[NUM_DNNL][96], torch[96];
    for (int k = 0; k < NUM_DNNL; k++) {
        snprintf(dnnl[k], sizeof dnnl[k], "%s@rsp%d", r->dnnlImpl, r->rsp[k]);
        for (char *p = dnnl[k]; *p; p++)
            *p = *p == ',' ? ';' : *p;
    }
    snprintf(torch, sizeof torch, "torch %s", bench_torch_version());
    for (char *p = torch; *p; p++)
        *p = *p == ',' ? ';' : *p;
    const char *loops = b->haveAvx2 ? "avx2" : "generic";
    for (int i = 0; i < NUM_IMPLS; i++) {
        if (!r->have[i])
            continue;
        const char *isa = i <= IMPL_PHASE2 || i == IMPL_DIRECT           ? b->isa
                          : i == IMPL_TORCH                              ? torch
                          : i >= IMPL_DNNL0 && i < IMPL_DNNL0 + NUM_DNNL ? dnnl[i - IMPL_DNNL0]
                                                                         : loops;
        csv_row(r, isa, kImplNames[i], i, f);
    }
    int best = best_dnnl(r);
    if (best >= 0)
        csv_row(r, dnnl[best - IMPL_DNNL0], "onednn", best, f);
    fflush(f);
}

static void table_header(void)
{
    printf("%-22s %-5s %9s %3s %8s %8s %8s %7s %8s %8s %8s %7s %8s %8s\n", "op", "dtype", "N", "thr", "aclnn", "phase2",
           "call/ph2", "%roof", "fused", "oneDNN", "torch", "/peer", "roofline", "roof_nt");
}

static void fmt_opt(char *dst, size_t size, int have, double v, const char *fmt)
{
    if (have)
        snprintf(dst, size, fmt, v);
    else
        snprintf(dst, size, "-");
}

/* The faster peer's Gelem/s (oneDNN's best alignment or PyTorch); 0 without one. */
static double best_peer(const CaseResult *r)
{
    int bd = best_dnnl(r);
    double g = bd >= 0 ? gelem(r, bd) : 0.0;
    if (r->have[IMPL_TORCH] && gelem(r, IMPL_TORCH) > g)
        g = gelem(r, IMPL_TORCH);
    return g;
}

static void table_row(const CaseResult *r)
{
    char fused[32], dnnl[32], torch[32], ratio[32], nt[32];
    int best = best_dnnl(r);
    double peer = best_peer(r);
    fmt_opt(fused, sizeof fused, r->have[IMPL_FUSED], r->have[IMPL_FUSED] ? gelem(r, IMPL_FUSED) : 0.0, "%.3f");
    fmt_opt(nt, sizeof nt, r->have[IMPL_ROOF_NT], r->have[IMPL_ROOF_NT] ? gelem(r, IMPL_ROOF_NT) : 0.0, "%.3f");
    fmt_opt(dnnl, sizeof dnnl, best >= 0, best >= 0 ? gelem(r, best) : 0.0, "%.3f");
    fmt_opt(torch, sizeof torch, r->have[IMPL_TORCH], r->have[IMPL_TORCH] ? gelem(r, IMPL_TORCH) : 0.0, "%.3f");
    fmt_opt(ratio, sizeof ratio, peer > 0.0, peer > 0.0 ? gelem(r, IMPL_ACLNN) / peer : 0.0, "%.2f");
    printf("%-22s %-5s %9zu %3d %8.3f %8.3f %8.2f %6.1f%% %8s %8s %8s %7s %8.3f %8s\n", case_of(&r->c)->name,
           bench_dtype_name(r->c.dtype), r->c.n, r->c.threads, gelem(r, IMPL_ACLNN), gelem(r, IMPL_PHASE2),
           r->median[IMPL_ACLNN] / r->median[IMPL_PHASE2], gelem(r, IMPL_ACLNN) / gelem(r, IMPL_ROOF) * 100.0, fused,
           dnnl, torch, ratio, gelem(r, IMPL_ROOF), nt);
    fflush(stdout);
}

/* Geometric means over the cases of `op` (-1: all cases) of the aclnn throughput ratios. */
static void summary_geomeans(const Bench *b, int op)
{
    enum { R_FUSED, R_ROOF, R_PHASE2, R_DNNL, R_TORCH, R_DIRECT, NUM_R };
    static const char *const names[NUM_R] = {"aclnn/fused",  "aclnn/roofline", "call/phase2 (time)",
                                             "aclnn/onednn", "aclnn/torch",    "aclnn/aclnn_direct (lookup tables)"};
    double logSum[NUM_R] = {0};
    int count[NUM_R] = {0};
    for (int k = 0; k < b->numResults; k++) {
        const CaseResult *r = &b->results[k];
        if (op >= 0 && r->c.op != op)
            continue;
        double g = gelem(r, IMPL_ACLNN);
        int best = best_dnnl(r);
        if (r->have[IMPL_FUSED])
            logSum[R_FUSED] += log(g / gelem(r, IMPL_FUSED)), count[R_FUSED]++;
        logSum[R_ROOF] += log(g / gelem(r, IMPL_ROOF)), count[R_ROOF]++;
        logSum[R_PHASE2] += log(r->median[IMPL_ACLNN] / r->median[IMPL_PHASE2]), count[R_PHASE2]++;
        if (best >= 0)
            logSum[R_DNNL] += log(g / gelem(r, best)), count[R_DNNL]++;
        if (r->have[IMPL_TORCH])
            logSum[R_TORCH] += log(g / gelem(r, IMPL_TORCH)), count[R_TORCH]++;
        if (r->have[IMPL_DIRECT])
            logSum[R_DIRECT] += log(g / gelem(r, IMPL_DIRECT)), count[R_DIRECT]++;
    }
    const char *what = op >= 0 ? bench_cases[op].name : "", *sep = op >= 0 ? " " : "";
    for (int i = 0; i < NUM_R; i++)
        if (count[i] > 0)
            printf("# geomean %s%s%s = %.3f over %d cases\n", what, sep, names[i], exp(logSum[i] / count[i]), count[i]);
}

static void summary(const Bench *b)
{
    printf("# summary: throughput ratios, same run (aclnn = public two-phase API per call, isa=%s; phase2 = "
           "repeatable executor; oneDNN %s; PyTorch %s)\n",
           b->isa, b->haveDnnl ? bench_dnnl_version() : "skipped", b->haveTorch ? bench_torch_version() : "skipped");
    int shown = 0;
    for (int k = 0; k < b->opt.numOps && b->opt.numOps > 1; k++)
        for (int r = 0; r < b->numResults; r++)
            if (b->results[r].c.op == b->opt.ops[k]) {
                summary_geomeans(b, b->opt.ops[k]);
                shown++;
                break;
            }
    if (shown != 1)
        summary_geomeans(b, -1);
}

/* ---- --verify: the library against every reference ------------------------------------------------ */

/* Runs one implementation on the run's data and compares the output with `ours`. */
static void verify_against(Bench *b, CaseRun *run, const void *ours, int impl, const char *name)
{
    const BenchData *d = run->data;
    size_t differing = 0;
    bench_data_restore(d);
    run_impl(b, run, impl, run->c.threads);
    uint64_t ulp = bench_max_ulp_diff(d->dtype, ours, d->out, d->n, &differing);
    double rel = bench_max_rel_diff(d->dtype, d->out, ours, d->n, 1e-2);
    printf("# verify %s %s n=%zu threads=%d: aclnn vs %s: %zu elements differ, max %llu ulp, max rel %.2g\n",
           d->c->name, bench_dtype_name(d->dtype), d->n, run->c.threads, name, differing, (unsigned long long)ulp, rel);
}

/* The library's output on the data (from the generated inputs), copied into a new buffer. */
static void *our_output(Bench *b, const BenchData *d)
{
    size_t bytes = d->n * bench_dtype_size(d->dtype);
    void *ours = bench_xalloc(bytes);
    bench_data_restore(d);
    run_aclnn(b, d);
    memcpy(ours, d->out, bytes);
    return ours;
}

static void verify_case(Bench *b, const BenchData *d, const CaseResult *r)
{
    CaseRun run = {.data = d, .c = r->c, .curThreads = -1};
    use_threads(&run, r->c.threads);
    void *ours = our_output(b, d);
    if (r->have[IMPL_FUSED]) {
        run.fused = bench_fused_kernel(d->c->name, d->dtype);
        fused_params(d->c, &run.fusedParams);
        verify_against(b, &run, ours, IMPL_FUSED, "fused");
    }
    if (b->haveDnnl && (run.dnnl = open_dnnl(b, d, r->c.threads, 1)) != NULL)
        verify_against(b, &run, ours, IMPL_DNNL0, "onednn");
    if (b->haveTorch && (run.torch = open_torch(b, d, 1, 1)) != NULL)
        verify_against(b, &run, ours, IMPL_TORCH, "torch");
    close_peers(&run);
    free(ours);
}

static void run_case(Bench *b, const BenchData *d, int op, int threads)
{
    CaseResult *r = &b->results[b->numResults++];
    r->c = (Case){.op = op, .dtype = d->dtype, .threads = threads, .n = d->n};
    r->have[IMPL_ACLNN] = r->have[IMPL_PHASE2] = r->have[IMPL_ROOF] = 1;
    r->have[IMPL_ROOF_NT] = b->haveAvx2;
    r->have[IMPL_FUSED] = b->haveAvx2 && !b->opt.noFused && bench_fused_kernel(d->c->name, d->dtype) != NULL;
    r->have[IMPL_DNNL0] = b->haveDnnl;
    r->have[IMPL_TORCH] = b->haveTorch;
    measure_case(b, d, r);
    size_t sub = d->c->inplace ? bench_count_subnormal(d->dtype, d->out, d->n) : 0;
    if (sub > 0) { /* restored before each call: one call's results on the case's inputs */
        char text[200];
        snprintf(text, sizeof text, "%s %s n=%zu: after a call in place, %zu elements are subnormal", d->c->name,
                 bench_dtype_name(d->dtype), d->n, sub);
        bench_note(text);
    }
    if (b->opt.table)
        table_row(r);
    else
        csv_rows(b, r, stdout);
    if (b->csv != NULL)
        csv_rows(b, r, b->csv);
    if (b->opt.verify)
        verify_case(b, d, r);
}

/* About 0.3 s of calls at every thread count before the first timing: clocks ramp up, the OpenMP
 * pool starts, first-touch faults of the library's own state are paid. */
static void warm_up(Bench *b, const int *threads, int numThreads)
{
    int op = b->opt.ops[0], dtype = BENCH_FP32;
    while (!bench_case_has_dtype(op, dtype))
        dtype++;
    BenchData d;
    bench_data_create(&bench_cases[op], dtype, 1u << 16, &d);
    for (int t = 0; t < numThreads; t++) {
        set_threads(threads[t]);
        for (double t0 = bench_now(); bench_now() - t0 < 0.3 / numThreads;)
            run_aclnn(b, &d);
    }
    bench_data_destroy(&d);
}

static void run_all(Bench *b)
{
    const BenchOptions *o = &b->opt;
    warm_up(b, o->threads, o->numThreads);
    for (int d = 0; d < o->numDtypes; d++)
        for (int s = 0; s < o->numSizes; s++)
            for (int k = 0; k < o->numOps; k++) {
                if (!bench_case_has_dtype(o->ops[k], o->dtypes[d]))
                    continue;
                BenchData data;
                bench_data_create(&bench_cases[o->ops[k]], o->dtypes[d], o->sizes[s], &data);
                for (int t = 0; t < o->numThreads; t++)
                    run_case(b, &data, o->ops[k], o->threads[t]);
                bench_data_destroy(&data);
            }
}

/* ---- --demo: the short table -------------------------------------------------------------------- */

/* A ratio for the demo's table: "0.93x", or flagged when a sample set behind it is noisy (an
 * absurd value then reads as what it is: no number). */
static void fmt_ratio(char *dst, size_t size, double ratio, int noisy)
{
    if (ratio <= 0.0)
        snprintf(dst, size, "-");
    else if (noisy && (ratio > 20.0 || ratio < 0.05))
        snprintf(dst, size, "noisy");
    else
        snprintf(dst, size, ratio < 0.1 ? "%.3fx%s" : "%.2fx%s", ratio, noisy ? "?" : "");
}

static void demo_case(Bench *b, int op, int dtype, size_t n, int threads)
{
    BenchData d;
    bench_data_create(&bench_cases[op], dtype, n, &d);
    CaseRun run = {.data = &d, .c = {.op = op, .dtype = dtype, .threads = threads, .n = n}, .curThreads = -1};
    use_threads(&run, threads);
    run.dnnl = open_dnnl(b, &d, threads, 1);
    run.torch = open_torch(b, &d, 0, 1);
    Timed items[MAX_TIMED];
    int count = 0;
    items[count++] = (Timed){.impl = IMPL_ACLNN, .threads = threads};
    items[count++] = (Timed){.impl = IMPL_ROOF, .threads = threads};
    if (run.dnnl != NULL)
        items[count++] = (Timed){.impl = fastest_alignment(b, &run, threads), .threads = threads};
    if (run.torch != NULL)
        items[count++] = (Timed){.impl = IMPL_TORCH, .threads = threads};
    measure(b, &run, items, count);
    /* the roofline at the call's thread count (a 1-thread roofline interleaved with 2-thread calls
     * let the second CPU fall asleep between samples: on a 2-CPU VM both the call's and the
     * 2-thread roofline's spread rose to 60-170% at 64K); the best peer: the fastest median */
    const Timed *roof = &items[1], *peer = NULL;
    for (int i = 2; i < count; i++) {
        if (items[i].impl >= IMPL_DNNL0 && (peer == NULL || items[i].median < peer->median))
            peer = &items[i];
    }
    const Timed *ours = &items[0];
    int noisyRoof = ours->spread > NOISY_SPREAD || roof->spread > NOISY_SPREAD;
    int noisyPeer = peer != NULL && (ours->spread > NOISY_SPREAD || peer->spread > NOISY_SPREAD);
    char r1[32], r2[48], sizeText[16];
    fmt_ratio(r1, sizeof r1, roof->median / ours->median, noisyRoof);
    fmt_ratio(r2, sizeof r2, peer != NULL ? peer->median / ours->median : 0.0, noisyPeer);
    if (peer != NULL)
        snprintf(r2 + strlen(r2), sizeof r2 - strlen(r2), " %s", peer->impl == IMPL_TORCH ? "PyTorch" : "oneDNN");
    snprintf(sizeText, sizeof sizeText, n >= (1u << 20) ? "%zuM" : "%zuK", n >= (1u << 20) ? n >> 20 : n >> 10);
    char spread[16];
    if (ours->spread > 9.99)
        snprintf(spread, sizeof spread, ">999%%");
    else
        snprintf(spread, sizeof spread, "%.0f%%", ours->spread * 100.0);
    printf("%-18s %-5s %4s %3d %9.3f %7s %11s  %-16s%s\n", bench_cases[op].name, bench_dtype_name(dtype), sizeText,
           threads, (double)n / ours->median * 1e-9, spread, r1, r2,
           noisyRoof || noisyPeer ? "  noisy (an IQR > 25% behind a ratio)" : "");
    fflush(stdout);
    close_peers(&run);
    bench_data_destroy(&d);
}

static void bench_sleep_ms(unsigned ms)
{
    struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Other threads runnable on the machine now (the library's count: /proc/loadavg's runnable field
 * less this thread and this process's spinning OpenMP workers), the fewest of 5 looks 10 ms apart,
 * so that a moment's activity is not taken for load; -1 where unknown. Not the load average: after
 * a build its minute-long average still says busy on a quiet machine. */
static int other_runnable_threads(int *cpus)
{
    int fewest = -1;
    for (int look = 0; look < 5; look++) {
        unsigned runnable, online;
        if (!acpu_contention_runnable(&runnable, &online))
            return -1;
        int others = (int)runnable - 1;
        fewest = fewest < 0 || others < fewest ? others : fewest;
        *cpus = (int)online;
        if (look < 4)
            bench_sleep_ms(10);
    }
    return fewest;
}

static void run_demo(Bench *b)
{
    static const char *const kApis[] = {"silu_backward", "elu_backward", "softplus_backward"};
    static const int kDtypes[] = {BENCH_FP32, BENCH_BF16};
    static const size_t kSizes[] = {(size_t)64 << 10, (size_t)16 << 20};
    int threads = omp_get_max_threads();
    /* Another process running: a multi-threaded call (ours, a peer's, the roofline's) can wait a
     * scheduler slice for a thread the OS does not run, and its ratios then say nothing about the
     * code. The demo then runs one thread, as the full benchmark's --busy mode measures that case. */
    int cpus = 0, others = threads > 1 ? other_runnable_threads(&cpus) : -1;
    if (others > 0 && others + threads > cpus) {
        printf("# the machine is busy (%d other threads running on %d CPUs): one thread per call, so that no call\n"
               "# waits for a thread another process holds; ./build.sh bench measures 1 and %d threads, quiet and\n"
               "# with a busy core\n",
               others, cpus, threads);
        threads = 1;
    }
    printf("%-18s %-5s %4s %3s %9s %7s %11s  %-16s\n", "API", "dtype", "N", "thr", "Gelem/s", "spread", "vs roofline",
           "vs best peer");
    warm_up(b, &threads, 1);
    for (size_t a = 0; a < sizeof kApis / sizeof kApis[0]; a++) {
        int op = bench_case_find(kApis[a]);
        for (int d = 0; d < 2 && op >= 0; d++)
            for (int s = 0; s < 2 && bench_case_has_dtype(op, kDtypes[d]); s++)
                demo_case(b, op, kDtypes[d], kSizes[s], threads);
    }
    printf(
        "Gelem/s: ours, whole call (phase 1 + phase 2 + sync), median of %d samples interleaved with the references;\n"
        "spread: their IQR / median. vs roofline: ours / the same-run memory roofline of the same traffic (at %d\n"
        "threads, as ours); vs best peer: ours / the faster of oneDNN %s and PyTorch %s, in this process, on the\n"
        "same tensors (above 1: ours is faster; oneDNN at its fastest stack alignment). '?': a spread above 25%%\n"
        "behind the ratio (on a busy machine: others' load; rerun when it is idle).\n",
        b->opt.samples, threads, b->haveDnnl ? bench_dnnl_version() : "(not built)",
        b->haveTorch ? bench_torch_version() : "(not built)");
    printf("Every API, size, thread count and peer, the kernel ceiling and the busy-core check: ./build.sh bench "
           "(bench/RESULTS.md).\n");
}

/* ---- --busy: 1 and T threads with a core kept busy ------------------------------------------------- */

static void busy_case(Bench *b, int op, int dtype, size_t n, int threads)
{
    BenchData d;
    bench_data_create(&bench_cases[op], dtype, n, &d);
    /* Only the library's thread count switches between samples: at::set_num_threads rebuilds
     * libtorch's pthreadpool, whose new threads spun on the calling thread's CPU (the other one
     * being busy) and made every sample after a switch to 2 threads 1.8-2x slower, one-thread
     * calls included (Xeon, 2 CPUs). */
    CaseRun run = {.data = &d,
                   .c = {.op = op, .dtype = dtype, .threads = threads, .n = n},
                   .curThreads = -1,
                   .libraryThreadsOnly = 1};
    Timed items[4] = {{.impl = IMPL_ACLNN, .threads = 1},
                      {.impl = IMPL_ACLNN, .threads = threads},
                      {.impl = IMPL_ROOF, .threads = 1},
                      {.impl = IMPL_ROOF, .threads = threads}};
    /* The library's two thread counts interleaved, then the rooflines: their OpenMP loop's team would
     * otherwise run between the library's samples, and libgomp's idle worker spins for milliseconds
     * after each of its regions, on the CPU the calling thread could have moved to. */
    measure(b, &run, items, 2);
    measure(b, &run, items + 2, 2);
    double ratio = items[1].median / items[0].median;
    int noisy = items[0].spread > NOISY_SPREAD || items[1].spread > NOISY_SPREAD;
    char line[256];
    snprintf(line, sizeof line, "busy,%s,%s,%zu,%d,%.3f,%.3f,%.3f,%.1f,%.1f,%.3f,%.3f\n", bench_cases[op].name,
             bench_dtype_name(dtype), n, threads, items[0].median * 1e6, items[1].median * 1e6, ratio,
             items[0].spread * 100.0, items[1].spread * 100.0, items[2].median * 1e6, items[3].median * 1e6);
    if (b->csv != NULL)
        fputs(line, b->csv);
    if (b->opt.table)
        printf("%-22s %-5s %9zu %3d %10.2f %10.2f %7.2f%s %6.0f%% %6.0f%% %10.2f %10.2f\n", bench_cases[op].name,
               bench_dtype_name(dtype), n, threads, items[0].median * 1e6, items[1].median * 1e6, ratio,
               ratio > 1.3 ? "!" : " ", items[0].spread * 100.0, items[1].spread * 100.0, items[2].median * 1e6,
               items[3].median * 1e6);
    else
        fputs(line, stdout);
    (void)noisy;
    fflush(stdout);
    bench_data_destroy(&d);
}

static void run_busy(Bench *b, int cpu)
{
    const BenchOptions *o = &b->opt;
    int threads = 1;
    for (int t = 0; t < o->numThreads; t++)
        threads = o->threads[t] > threads ? o->threads[t] : threads;
    printf(
        "# busy: a process spins on CPU %d while each case runs at 1 and %d threads, samples interleaved;\n"
        "# ratio = time at %d threads / time at 1 (target <= 1.3; '!' above); rooflines at 1 and %d threads too,\n"
        "# timed after the library's samples (their OpenMP team's idle spinning would otherwise fall between them)\n",
        cpu, threads, threads, threads);
    const char *head = "busy,op,dtype,n,threads,t1_us,tT_us,ratio,spread1_pct,spreadT_pct,roof1_us,roofT_us\n";
    if (b->csv != NULL)
        fputs(head, b->csv);
    if (o->table)
        printf("%-22s %-5s %9s %3s %10s %10s %8s %7s %7s %10s %10s\n", "op", "dtype", "N", "T", "t1 us", "tT us",
               "tT/t1", "IQR1", "IQRT", "roof1 us", "roofT us");
    else
        fputs(head, stdout);
    warm_up(b, (int[]){1, threads}, 2);
    for (int d = 0; d < o->numDtypes; d++)
        for (int s = 0; s < o->numSizes; s++)
            for (int k = 0; k < o->numOps; k++)
                if (bench_case_has_dtype(o->ops[k], o->dtypes[d]))
                    busy_case(b, o->ops[k], o->dtypes[d], o->sizes[s], threads);
}

/* ---- --check-peers ------------------------------------------------------------------------------- */

/* One peer of a case at 4K fp32 against the library: 1 when it disagrees. */
static int check_agreement(Bench *b, const BenchData *d, int impl, const char *name, const void *ours)
{
    CaseRun run = {.data = d, .c = {.dtype = d->dtype, .threads = 1, .n = d->n}, .curThreads = 1};
    run.dnnl = impl == IMPL_TORCH ? NULL : open_dnnl(b, d, 1, 1);
    run.torch = impl == IMPL_TORCH ? open_torch(b, d, 1, 1) : NULL;
    if (run.dnnl == NULL && run.torch == NULL) {
        char why[256];
        printf("# check %s: %s does not run: %s\n", d->c->name, name,
               bench_peer_skip(d->c, impl == IMPL_TORCH, why, sizeof why)[0] ? why : "refused for fp32 (see stderr)");
        return 0;
    }
    bench_data_restore(d);
    run_impl(b, &run, impl, 1);
    double rel = bench_max_rel_diff(d->dtype, d->out, ours, d->n, 1e-2);
    close_peers(&run);
    int bad = !(rel <= 1e-3);
    printf("%s %s: %s %s: max |peer - ours| / (|ours| + 0.01) = %.2g (bound 1e-3)\n", bad ? "FAIL peers:" : "# check",
           d->c->name, name, bad ? "disagrees" : "agrees", rel);
    return bad;
}

static int run_check_peers(Bench *b)
{
    int bad = bench_peers_check_table(b->opt.checkExtra, b->opt.numCheckExtra);
    set_threads(1);
    for (int k = 0; k < bench_num_cases; k++) {
        if (!bench_case_has_dtype(k, BENCH_FP32) || bench_peer_find(bench_cases[k].name) == NULL)
            continue;
        BenchData d;
        bench_data_create(&bench_cases[k], BENCH_FP32, 4096, &d);
        void *ours = our_output(b, &d);
        if (b->haveDnnl)
            bad += check_agreement(b, &d, IMPL_DNNL0, "oneDNN", ours);
        if (b->haveTorch)
            bad += check_agreement(b, &d, IMPL_TORCH, "PyTorch", ours);
        free(ours);
        bench_data_destroy(&d);
    }
    printf("%s: %d problem%s (oneDNN %s, PyTorch %s)\n", bad ? "FAIL" : "OK", bad, bad == 1 ? "" : "s",
           b->haveDnnl ? bench_dnnl_version() : "not built", b->haveTorch ? bench_torch_version() : "not built");
    return bad ? 1 : 0;
}

/* ---- --sweep: one op over plan variants ----------------------------------------------------------- */

/* The plan of one variant: the one phase 1 made (the registry's strategy for the profile), read
 * back from the executor. */
typedef struct {
    char strategy[32];  /* the strategy's verbose name: ELU's schedule mode, ascend910b, arch35 */
    char bufferOpen[8]; /* 1: double buffering */
    uint64_t cores, tile, ubBytes;
} SweepPlan;

static void sweep_plan(const CaseRun *run, SweepPlan *out)
{
    acpu_settings s;
    acpu_settings_get(&s); /* what phase 1 captured: the profile with its core / UB overrides */
    const acpu_op_call *call = acpu_executor_op_call(run->executor);
    memset(out, 0, sizeof *out);
    out->ubBytes = s.platform.ub_bytes;
    snprintf(out->strategy, sizeof out->strategy, "%s", call->sch != NULL ? call->sch : "-");
    snprintf(out->bufferOpen, sizeof out->bufferOpen, "%d", call->plan.double_buffer ? 1 : 0);
    out->cores = call->plan.core_num;
    out->tile = call->plan.tile;
}

static void sweep_header(FILE *f, int table)
{
    if (table)
        fprintf(f, "%-10s %5s %7s %4s %7s | %5s %8s %-20s %3s %7s %4s | %9s %9s %6s\n", "soc", "cores", "ub", "buf",
                "tile", "cores", "ub_bytes", "strategy", "buf", "tile", "thr", "call G/s", "ph2 G/s", "spread");
    else
        fprintf(f, "sweep,op,dtype,n,threads,soc,cores_req,ub_req,buffer_req,tile_req,plan_cores,ub_bytes,strategy,"
                   "buffer_open,tile,exec_threads,call_gelem_s,phase2_gelem_s,spread_pct\n");
}

/* A forced buffering (buffer >= 0) or tile (> 0) on the phase-1 executor's plan, with the workspace
 * it then needs. Returns an error text, or NULL. */
static const char *force_plan(Bench *b, CaseRun *run, int buffer, long long tile)
{
    acpu_op_call *call = acpu_executor_op_call(run->executor);
    if (tile > 0 && call->plan.kind != ACPU_SCHED_RANGES)
        return "a forced tile needs a RANGES plan";
    if (tile > 0 && (uint64_t)tile > call->plan.total)
        return "a forced tile must not exceed N";
    if (tile > 0)
        call->plan.tile = (uint64_t)tile;
    if (buffer >= 0)
        call->plan.double_buffer = buffer != 0;
    acpu_executor_set_workspace(run->executor, acpu_engine_workspace(&call->plan, &call->task, call->threads));
    run->execWs = call->workspace_size;
    ensure_workspace(b, run->execWs);
    return NULL;
}

/* One variant: platform + threads set, phase 1 (may fail: the tiling refuses tiny UBs), timing. A
 * forced buffering or tile applies to the repeatable executor only: then phase 2 alone is timed. */
static void sweep_variant(Bench *b, const BenchData *d, const char *soc, long long cores, long long ub, int buffer,
                          long long tile, int threads)
{
    Case c = {.op = b->opt.ops[0], .dtype = d->dtype, .threads = threads, .n = d->n};
    const char *bufReq = buffer < 0 ? "plan" : buffer ? "on" : "off";
    CaseRun run = {.data = d, .c = c, .curThreads = threads};
    SweepPlan plan;
    char err[160] = "";
    set_threads(threads);
    bench_data_restore(d);
    if (aclnnCpuSetPlatform(soc, (int32_t)cores, (int64_t)ub) != ACL_SUCCESS)
        snprintf(err, sizeof err, "platform refused: %s", aclGetRecentErrMsg());
    else if (make_repeatable(b, &run) != ACLNN_SUCCESS)
        snprintf(err, sizeof err, "phase 1 failed: %s", aclGetRecentErrMsg());
    else
        sweep_plan(&run, &plan);
    bool forced = buffer >= 0 || tile > 0;
    const char *forceErr = err[0] == '\0' && forced ? force_plan(b, &run, buffer, tile) : NULL;
    if (forceErr != NULL) {
        snprintf(err, sizeof err, "%s", forceErr);
        release_repeatable(&run);
    }
    for (char *p = err; *p; p++)
        *p = *p == ',' || *p == '\n' ? ';' : *p;
    if (err[0] != '\0') {
        if (b->opt.table)
            printf("%-10s %5lld %7lld %4s %7lld | %s\n", soc, cores, ub, bufReq, tile, err);
        else
            printf("sweep,%s,%s,%zu,%d,%s,%lld,%lld,%s,%lld,,,%s,,,,,,\n", bench_cases[c.op].name,
                   bench_dtype_name(c.dtype), c.n, threads, soc, cores, ub, bufReq, tile, err);
        if (b->csv != NULL)
            fprintf(b->csv, "sweep,%s,%s,%zu,%d,%s,%lld,%lld,%s,%lld,,,%s,,,,,,\n", bench_cases[c.op].name,
                    bench_dtype_name(c.dtype), c.n, threads, soc, cores, ub, bufReq, tile, err);
        return;
    }
    /* The executor's own plan: the threads the engine will run (cores capped by threads and size). */
    unsigned execThreads = acpu_executor_op_call(run.executor)->threads;
    if (forced) { /* what runs: the forced fields */
        snprintf(plan.bufferOpen, sizeof plan.bufferOpen, "%d",
                 acpu_executor_op_call(run.executor)->plan.double_buffer ? 1 : 0);
        plan.tile = acpu_executor_op_call(run.executor)->plan.tile;
    }
    Timed items[2] = {{.impl = IMPL_PHASE2, .threads = threads}, {.impl = IMPL_ACLNN, .threads = threads}};
    measure(b, &run, items, forced ? 1 : 2); /* no whole call with a forced plan */
    release_repeatable(&run);
    double ph2 = (double)c.n / items[0].median * 1e-9, sp = items[forced ? 0 : 1].spread;
    char call[32] = "-";
    if (!forced)
        snprintf(call, sizeof call, "%.4f", (double)c.n / items[1].median * 1e-9);
    if (b->opt.table)
        printf("%-10s %5lld %7lld %4s %7lld | %5llu %8llu %-20s %3s %7llu %4u | %9.9s %9.3f %5.1f%%\n", soc, cores, ub,
               bufReq, tile, (unsigned long long)plan.cores, (unsigned long long)plan.ubBytes, plan.strategy,
               plan.bufferOpen, (unsigned long long)plan.tile, execThreads, call, ph2, sp * 100.0);
    for (int k = 0; k < 2; k++) {
        FILE *f = k == 0 ? (b->opt.table ? NULL : stdout) : b->csv;
        if (f != NULL)
            fprintf(f, "sweep,%s,%s,%zu,%d,%s,%lld,%lld,%s,%lld,%llu,%llu,%s,%s,%llu,%u,%s,%.4f,%.1f\n",
                    bench_cases[c.op].name, bench_dtype_name(c.dtype), c.n, threads, soc, cores, ub, bufReq, tile,
                    (unsigned long long)plan.cores, (unsigned long long)plan.ubBytes, plan.strategy, plan.bufferOpen,
                    (unsigned long long)plan.tile, execThreads, forced ? "" : call, ph2, sp * 100.0);
    }
    fflush(stdout);
}

static void run_sweep(Bench *b)
{
    const BenchOptions *o = &b->opt;
    BenchData buf;
    bench_data_create(&bench_cases[o->ops[0]], o->dtypes[0], o->sizes[0], &buf);
    { /* warm-up: the first variant timed otherwise pays for page faults and clock ramp-up */
        CaseRun warm = {.data = &buf,
                        .c = {.op = o->ops[0], .dtype = buf.dtype, .threads = o->threads[0], .n = buf.n},
                        .curThreads = -1};
        Timed item = {.impl = IMPL_ACLNN, .threads = o->threads[0]};
        measure(b, &warm, &item, 1);
    }
    for (int t = 0; t < o->numThreads; t++) {
        if (o->table)
            printf("# sweep %s %s n=%zu threads=%d isa=%s (cores/ub requested | plan | throughput)\n",
                   bench_cases[o->ops[0]].name, bench_dtype_name(o->dtypes[0]), o->sizes[0], o->threads[t], b->isa);
        if (o->table || t == 0)
            sweep_header(stdout, o->table);
        for (int s = 0; s < o->numSweepSocs; s++)
            for (int k = 0; k < o->numSweepCores; k++)
                for (int u = 0; u < o->numSweepUb; u++)
                    for (int d = 0; d < o->numSweepBuffer; d++)
                        for (int e = 0; e < o->numSweepTile; e++)
                            sweep_variant(b, &buf, o->sweepSocs[s], o->sweepCores[k], o->sweepUb[u], o->sweepBuffer[d],
                                          o->sweepTile[e], o->threads[t]);
    }
    check(aclnnCpuSetPlatform(NULL, 0, 0), "aclnnCpuSetPlatform(NULL)");
    bench_data_destroy(&buf);
}

/* ---- driver ------------------------------------------------------------------------------------- */

static void setup(Bench *b)
{
    const char *caps = bench_cap_peers(); /* before either peer's first use */
    check(aclInit(NULL), "aclInit");
    check(aclrtSetDevice(0), "aclrtSetDevice");
    check(aclrtCreateStream(&b->stream), "aclrtCreateStream");
    b->haveAvx2 = bench_have_avx2();
    b->isa = aclnnCpuIsaName(aclnnCpuGetIsa());
    b->tableMode = aclnnCpuGetLookupTables();
    b->haveDnnl = bench_dnnl_available() && !b->opt.noPeers;
    b->haveTorch = bench_torch_available() && !b->opt.noPeers;
    char cpu[128];
    bench_cpu_model(cpu, sizeof cpu);
    if (!b->opt.demo)
        printf("# aclnn_cpu_bench: %s, %d threads by default; library ISA %s\n# %s\n# peers: oneDNN %s, PyTorch %s\n",
               cpu, omp_get_max_threads(), b->isa, caps,
               !bench_dnnl_available()
                   ? "not built (libdnnl-dev not found at configure time, or ACLNN_CPU_BENCH_ONEDNN=OFF)"
               : b->opt.noPeers ? "skipped (--no-peers)"
                                : bench_dnnl_version(),
               !bench_torch_available()
                   ? "not built (libtorch-dev not found at configure time, or ACLNN_CPU_BENCH_TORCH=OFF)"
               : b->opt.noPeers ? "skipped (--no-peers)"
                                : bench_torch_version());
    else
        printf("# %s; library ISA %s; %s\n", cpu, b->isa, caps);
}

static void teardown(Bench *b)
{
    if (b->ws != NULL)
        aclrtFree(b->ws);
    aclrtDestroyStream(b->stream);
    aclrtResetDevice(0);
    aclFinalize();
    free(b->results);
}

static int run_mode(Bench *b)
{
    if (b->opt.checkPeers)
        return run_check_peers(b);
    if (b->opt.kernels)
        return bench_kernels_run(&b->opt);
    if (b->opt.demo) {
        run_demo(b);
        return 0;
    }
    if (b->opt.sweep) {
        if (b->csv != NULL)
            sweep_header(b->csv, 0);
        run_sweep(b);
        return 0;
    }
    if (b->csv != NULL)
        csv_header(b->csv);
    if (b->opt.table)
        table_header();
    else
        csv_header(stdout);
    run_all(b);
    summary(b);
    return 0;
}

int main(int argc, char **argv)
{
    static Bench b;
    if (bench_cases_build() != 0)
        return 2;
    int rc = bench_parse_options(argc, argv, &b.opt);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    int busyCpu = -1;
    if (b.opt.busy && (busyCpu = bench_busy_start(3600.0)) < 0) /* before any thread starts */
        return 2;
    if (b.opt.csvPath != NULL && (b.csv = fopen(b.opt.csvPath, "w")) == NULL) {
        perror(b.opt.csvPath);
        return 2;
    }
    setup(&b);
    bench_cases_probe();
    if (bench_resolve_ops(&b.opt) != 0)
        return 2;
    const BenchOptions *o = &b.opt;
    b.results = calloc((size_t)(o->numOps * o->numDtypes * o->numSizes * o->numThreads) + 1, sizeof *b.results);
    check_ptr(b.results, "calloc");
    if (b.opt.busy)
        run_busy(&b, busyCpu);
    else
        rc = run_mode(&b);
    bench_busy_stop();
    teardown(&b);
    if (b.csv != NULL)
        fclose(b.csv);
    return rc;
}
