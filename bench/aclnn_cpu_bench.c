/* aclnn_cpu_bench: times the operators through the public two-phase API: the whole call (phase 1
 * + phase 2 + stream synchronize per call, as a CANN user calls it) and phase 2 alone (one
 * executor made repeatable with aclSetAclOpExecutorRepeatable, run again and again):
 * aclnnEluBackward as elu (isResult false) and elures (isResult true), aclnnSoftplusBackward as
 * softplus (beta 1, threshold 20), x fp32/fp16/bf16 (and fp64 for softplus) x sizes x thread
 * counts. All tensors of a case have the case's dtype. In each case, with samples interleaved so
 * that all see the same machine state, it also times
 *   roofline:    c[i] = a[i]*b[i] with the same traffic (2 reads + 1 write of the element size),
 *   roofline_nt: the same with streaming (non-temporal) stores,
 *   fused:       a plain fused AVX2 + SLEEF loop (when the CPU has AVX2 + FMA + F16C),
 *   onednn:      oneDNN's eltwise backward at four stack alignments (when built with oneDNN).
 * Reports medians, the interquartile spread, Gelem/s and % of the roofline (see --help).
 * --sweep runs one op over tiling plan variants instead (platform profile, cores, UB bytes);
 * --kernels times the kernels alone instead (bench_kernels.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "bench.h"
/* Internal (acpu_internal): the tiling functions and the executor's plan, for --sweep. */
#include "api/op_common.h" /* acpu_op_call, acpu_settings: the planned call of an executor */
#include "tiling/acpu_elu_tiling.h"
#include "tiling/acpu_silu_tiling.h"
#include "tiling/acpu_softplus_tiling.h"

enum {
    IMPL_ACLNN = 0,   /* whole two-phase call */
    IMPL_PHASE2,      /* phase 2 of a repeatable executor */
    IMPL_FUSED,
    IMPL_ROOF,
    IMPL_ROOF_NT,
    IMPL_DNNL0,       /* oneDNN, stack pointer 0 mod 64 at the call; then 16, 32, 48 mod 64 */
    IMPL_DNNL16,
    IMPL_DNNL32,
    IMPL_DNNL48,
    NUM_IMPLS
};
#define NUM_DNNL 4 /* IMPL_DNNL0 .. IMPL_DNNL48: stack pointer 16 * k mod 64 */
static const char *const kImplNames[NUM_IMPLS] = {"aclnn",       "aclnn_phase2", "fused",        "roofline",
                                                  "roofline_nt", "onednn_rsp0",  "onednn_rsp16", "onednn_rsp32",
                                                  "onednn_rsp48"};

#define MAX_SAMPLES 1000

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

typedef struct {
    int dtype;
    size_t n;
    void *dy, *x, *dx;
    aclTensor *tdy, *tx, *tdx;
} Buffers;

/* What one case's implementations run on: the buffers, the repeatable executor (phase 2 alone)
 * and the oneDNN primitive. */
typedef struct {
    const Buffers *buf;
    Case c;
    aclOpExecutor *executor;
    uint64_t execWs;
    BenchDnnl *dnnl;
    int rsp[NUM_DNNL];
} CaseRun;

typedef struct {
    BenchOptions opt;
    aclrtStream stream;
    aclScalar *alpha, *scale, *inputScale; /* ELU: all 1 */
    aclScalar *beta, *threshold;           /* softplus: 1 and 20 */
    BenchParams params;
    void *ws;
    uint64_t wsCap;
    int haveAvx2;
    int haveDnnl;        /* oneDNN built in and not --no-peers */
    char dnnlNote[96];   /* its version, or why it is skipped */
    const char *isa;
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

/* Phase 1 of each operator on the case's buffers; phase 2 has one signature for all. */
typedef aclnnStatus (*Phase1)(const Bench *b, const Buffers *buf, int op, uint64_t *wsSize,
                              aclOpExecutor **executor);
typedef aclnnStatus (*Phase2)(void *ws, uint64_t wsSize, aclOpExecutor *executor, aclrtStream stream);

typedef struct {
    Phase1 phase1;
    Phase2 phase2;
    const char *phase1Name, *phase2Name;
} OpApi;

static aclnnStatus elu_phase1(const Bench *b, const Buffers *buf, int op, uint64_t *wsSize,
                              aclOpExecutor **executor)
{
    return aclnnEluBackwardGetWorkspaceSize(buf->tdy, b->alpha, b->scale, b->inputScale, op == BENCH_OP_ELURES,
                                            buf->tx, buf->tdx, wsSize, executor);
}

static aclnnStatus softplus_phase1(const Bench *b, const Buffers *buf, int op, uint64_t *wsSize,
                                   aclOpExecutor **executor)
{
    (void)op;
    return aclnnSoftplusBackwardGetWorkspaceSize(buf->tdy, buf->tx, b->beta, b->threshold, buf->tdx, wsSize,
                                                 executor);
}

static aclnnStatus silu_phase1(const Bench *b, const Buffers *buf, int op, uint64_t *wsSize, aclOpExecutor **executor)
{
    (void)b;
    (void)op;
    return aclnnSiluBackwardGetWorkspaceSize(buf->tdy, buf->tx, buf->tdx, wsSize, executor);
}

#define ELU_API {elu_phase1, aclnnEluBackward, "aclnnEluBackwardGetWorkspaceSize", "aclnnEluBackward"}
static const OpApi kOpApis[BENCH_NUM_OPS] = {
    [BENCH_OP_ELU] = ELU_API,
    [BENCH_OP_ELURES] = ELU_API,
    [BENCH_OP_SOFTPLUS] = {softplus_phase1, aclnnSoftplusBackward, "aclnnSoftplusBackwardGetWorkspaceSize",
                           "aclnnSoftplusBackward"},
    [BENCH_OP_SILU] = {silu_phase1, aclnnSiluBackward, "aclnnSiluBackwardGetWorkspaceSize", "aclnnSiluBackward"},
};

static void run_aclnn(Bench *b, const Buffers *buf, const Case *c)
{
    const OpApi *api = &kOpApis[c->op];
    uint64_t wsSize = 0;
    aclOpExecutor *executor = NULL;
    check(api->phase1(b, buf, c->op, &wsSize, &executor), api->phase1Name);
    ensure_workspace(b, wsSize); /* allocates during warm-up only: the size does not change */
    check(api->phase2(wsSize > 0 ? b->ws : NULL, wsSize, executor, b->stream), api->phase2Name);
    check(aclrtSynchronizeStream(b->stream), "aclrtSynchronizeStream");
}

/* Phase 1 once, for a repeatable executor that phase 2 then runs again and again. Captures the
 * current settings (threads, platform), as every phase 1 does. Returns the phase-1 status. */
static aclnnStatus make_repeatable(Bench *b, CaseRun *run)
{
    const OpApi *api = &kOpApis[run->c.op];
    aclnnStatus st = api->phase1(b, run->buf, run->c.op, &run->execWs, &run->executor);
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
    const OpApi *api = &kOpApis[run->c.op];
    check(api->phase2(run->execWs > 0 ? b->ws : NULL, run->execWs, run->executor, b->stream), api->phase2Name);
    check(aclrtSynchronizeStream(b->stream), "aclrtSynchronizeStream");
}

static void run_impl(Bench *b, CaseRun *run, int impl)
{
    const Buffers *buf = run->buf;
    const Case *c = &run->c;
    size_t esize = bench_dtype_size(c->dtype);
    switch (impl) {
    case IMPL_ACLNN:
        run_aclnn(b, buf, c);
        break;
    case IMPL_PHASE2:
        run_phase2(b, run);
        break;
    case IMPL_FUSED:
        bench_fused_kernel(c->op, c->dtype)(buf->dy, buf->x, buf->dx, c->n, c->threads, &b->params);
        break;
    case IMPL_ROOF:
        if (b->haveAvx2)
            bench_roofline_avx2(buf->dy, buf->x, buf->dx, c->n, c->threads, esize);
        else
            bench_roofline_generic(buf->dy, buf->x, buf->dx, c->n, c->threads, esize);
        break;
    case IMPL_ROOF_NT:
        bench_roofline_nt_avx2(buf->dy, buf->x, buf->dx, c->n, c->threads, esize);
        break;
    default: /* oneDNN at one of the four stack alignments */
        run->rsp[impl - IMPL_DNNL0] = bench_dnnl_run(run->dnnl, 16 * (impl - IMPL_DNNL0));
        break;
    }
}

/* ---- timing ------------------------------------------------------------------------------------- */

/* Warms up, then returns how many calls make one sample of at least minSampleS. */
static long calibrate(Bench *b, CaseRun *run, int impl)
{
    run_impl(b, run, impl);
    long calls = 0;
    double t0 = bench_now(), dt = 0.0;
    while (calls < 2 || dt < b->opt.minSampleS * 0.5) {
        run_impl(b, run, impl);
        calls++;
        dt = bench_now() - t0;
    }
    double perCall = dt / (double)calls;
    long reps = (long)ceil(b->opt.minSampleS / perCall);
    return reps < 1 ? 1 : reps;
}

static double time_sample(Bench *b, CaseRun *run, int impl, long reps)
{
    double t0 = bench_now();
    for (long r = 0; r < reps; r++)
        run_impl(b, run, impl);
    return (bench_now() - t0) / (double)reps;
}

/* Times the implementations flagged in have[], samples interleaved; medians and IQR/median. */
static void measure(Bench *b, CaseRun *run, const int *have, double *median, double *spread)
{
    static double samples[NUM_IMPLS][MAX_SAMPLES];
    long reps[NUM_IMPLS] = {0};
    for (int i = 0; i < NUM_IMPLS; i++)
        if (have[i])
            reps[i] = calibrate(b, run, i);
    for (int s = 0; s < b->opt.samples; s++)
        for (int i = 0; i < NUM_IMPLS; i++)
            if (have[i])
                samples[i][s] = time_sample(b, run, i, reps[i]);
    for (int i = 0; i < NUM_IMPLS; i++) {
        double q1 = 0, q3 = 0;
        if (!have[i])
            continue;
        bench_stats(samples[i], b->opt.samples, &median[i], &q1, &q3);
        spread[i] = (q3 - q1) / median[i];
    }
}

/* Threads for every implementation: the library's setting (captured by phase 1), oneDNN's OpenMP
 * default (read at creation and execution); the fused loops and rooflines take them per call. */
static void set_threads(int threads)
{
    check(aclnnCpuSetNumThreads(threads), "aclnnCpuSetNumThreads");
    bench_dnnl_set_threads(threads);
}

static void measure_case(Bench *b, const Buffers *buf, CaseResult *res)
{
    CaseRun run = {.buf = buf, .c = res->c, .rsp = {-1, -1, -1, -1}};
    set_threads(res->c.threads);
    check(make_repeatable(b, &run), "phase 1 of the repeatable executor");
    if (res->have[IMPL_DNNL0]) {
        run.dnnl = bench_dnnl_create(res->c.op, res->c.dtype, res->c.n, buf->dy, buf->x, buf->dx, res->c.threads);
        if (run.dnnl == NULL)
            for (int k = 0; k < NUM_DNNL; k++)
                res->have[IMPL_DNNL0 + k] = 0;
        else
            snprintf(res->dnnlImpl, sizeof res->dnnlImpl, "%s", bench_dnnl_impl_name(run.dnnl));
    }
    measure(b, &run, res->have, res->median, res->spread);
    memcpy(res->rsp, run.rsp, sizeof res->rsp);
    release_repeatable(&run);
    bench_dnnl_destroy(run.dnnl);
}

/* ---- output ------------------------------------------------------------------------------------- */

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
    fprintf(f, "%s,%s,%zu,%d,%s,%s,%.4f,%.3f,%.1f,%.1f\n", bench_op_name(r->c.op), bench_dtype_name(r->c.dtype),
            r->c.n, r->c.threads, isa, impl, gelem(r, i), r->median[i] * 1e6, r->spread[i] * 100.0,
            gelem(r, i) / gelem(r, IMPL_ROOF) * 100.0);
}

/* The isa column: the library's ISA, the AVX2/generic loops, or oneDNN's implementation name
 * (commas replaced) with the stack residue it ran at. */
static void csv_rows(const Bench *b, const CaseResult *r, FILE *f)
{
    char dnnl[NUM_DNNL][96];
    for (int k = 0; k < NUM_DNNL; k++) {
        snprintf(dnnl[k], sizeof dnnl[k], "%s@rsp%d", r->dnnlImpl, r->rsp[k]);
        for (char *p = dnnl[k]; *p; p++)
            *p = *p == ',' ? ';' : *p;
    }
    const char *loops = b->haveAvx2 ? "avx2" : "generic";
    for (int i = 0; i < NUM_IMPLS; i++) {
        if (!r->have[i])
            continue;
        const char *isa = i <= IMPL_PHASE2 ? b->isa : i >= IMPL_DNNL0 ? dnnl[i - IMPL_DNNL0] : loops;
        csv_row(r, isa, kImplNames[i], i, f);
    }
    int best = best_dnnl(r);
    if (best >= 0)
        csv_row(r, dnnl[best - IMPL_DNNL0], "onednn", best, f);
    fflush(f);
}

static void table_header(void)
{
    printf("%-8s %-5s %9s %3s %8s %8s %9s %7s %8s %8s %8s %8s %8s\n", "op", "dtype", "N", "thr", "aclnn", "phase2",
           "call/ph2", "%roof", "fused", "oneDNN", "/oneDNN", "roofline", "roof_nt");
}

static void fmt_opt(char *dst, size_t size, int have, double v, const char *fmt)
{
    if (have)
        snprintf(dst, size, fmt, v);
    else
        snprintf(dst, size, "-");
}

static void table_row(const CaseResult *r)
{
    char fused[32], dnnl[32], ratio[32], nt[32];
    int best = best_dnnl(r);
    fmt_opt(fused, sizeof fused, r->have[IMPL_FUSED], r->have[IMPL_FUSED] ? gelem(r, IMPL_FUSED) : 0.0, "%.3f");
    fmt_opt(nt, sizeof nt, r->have[IMPL_ROOF_NT], r->have[IMPL_ROOF_NT] ? gelem(r, IMPL_ROOF_NT) : 0.0, "%.3f");
    fmt_opt(dnnl, sizeof dnnl, best >= 0, best >= 0 ? gelem(r, best) : 0.0, "%.3f");
    fmt_opt(ratio, sizeof ratio, best >= 0, best >= 0 ? gelem(r, IMPL_ACLNN) / gelem(r, best) : 0.0, "%.2f");
    printf("%-8s %-5s %9zu %3d %8.3f %8.3f %9.2f %6.1f%% %8s %8s %8s %8.3f %8s\n", bench_op_name(r->c.op),
           bench_dtype_name(r->c.dtype), r->c.n, r->c.threads, gelem(r, IMPL_ACLNN), gelem(r, IMPL_PHASE2),
           r->median[IMPL_ACLNN] / r->median[IMPL_PHASE2], gelem(r, IMPL_ACLNN) / gelem(r, IMPL_ROOF) * 100.0, fused,
           dnnl, ratio, gelem(r, IMPL_ROOF), nt);
    fflush(stdout);
}

/* Geometric means over the cases of `op` (-1: all cases) of the aclnn time ratios. */
static void summary_geomeans(const Bench *b, int op)
{
    enum { R_FUSED, R_ROOF, R_PHASE2, R_DNNL, NUM_R };
    static const char *const names[NUM_R] = {"aclnn/fused", "aclnn/roofline", "call/phase2 (time)", "aclnn/onednn"};
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
    }
    const char *what = op >= 0 ? bench_op_name(op) : "", *sep = op >= 0 ? " " : "";
    for (int i = 0; i < NUM_R; i++)
        if (count[i] > 0)
            printf("# geomean %s%s%s = %.3f over %d cases\n", what, sep, names[i], exp(logSum[i] / count[i]),
                   count[i]);
}

static void summary(const Bench *b)
{
    printf("# summary: throughput ratios, same run (aclnn = public two-phase API per call, isa=%s; "
           "phase2 = repeatable executor; oneDNN %s)\n", b->isa, b->dnnlNote);
    if (!b->opt.table)
        printf("# %-8s %-5s %9s %3s %12s %15s %10s %13s\n", "op", "dtype", "n", "thr", "aclnn/fused", "aclnn/roofline",
               "call/ph2", "aclnn/onednn");
    for (int k = 0; k < b->numResults && !b->opt.table; k++) {
        const CaseResult *r = &b->results[k];
        int best = best_dnnl(r);
        double rf = r->have[IMPL_FUSED] ? gelem(r, IMPL_ACLNN) / gelem(r, IMPL_FUSED) : NAN;
        double rd = best >= 0 ? gelem(r, IMPL_ACLNN) / gelem(r, best) : NAN;
        printf("# %-8s %-5s %9zu %3d %12.3f %15.3f %10.3f %13.3f\n", bench_op_name(r->c.op),
               bench_dtype_name(r->c.dtype), r->c.n, r->c.threads, rf, gelem(r, IMPL_ACLNN) / gelem(r, IMPL_ROOF),
               r->median[IMPL_ACLNN] / r->median[IMPL_PHASE2], rd);
    }
    for (int k = 0; k < b->opt.numOps && b->opt.numOps > 1; k++)
        summary_geomeans(b, b->opt.ops[k]);
    summary_geomeans(b, -1);
}

/* ---- buffers ------------------------------------------------------------------------------------ */

static const aclDataType kAclTypes[BENCH_NUM_DTYPES] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};

static aclTensor *make_tensor(void *data, int dtype, size_t n)
{
    int64_t shape[1] = {(int64_t)n};
    aclTensor *t = aclCreateTensor(shape, 1, kAclTypes[dtype], NULL, 0, ACL_FORMAT_ND, shape, 1, data);
    check_ptr(t, "aclCreateTensor");
    return t;
}

static void buffers_create(Buffers *buf, int dtype, size_t n)
{
    size_t bytes = n * bench_dtype_size(dtype);
    buf->dtype = dtype;
    buf->n = n;
    check(aclrtMalloc(&buf->dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(gradOutput)");
    check(aclrtMalloc(&buf->x, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(self)");
    check(aclrtMalloc(&buf->dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc(gradInput)");
    bench_fill(dtype, buf->dy, n, 1); /* touches every page before any timing */
    bench_fill(dtype, buf->x, n, 2);
    check(aclrtMemset(buf->dx, bytes, 0, bytes), "aclrtMemset(gradInput)");
    buf->tdy = make_tensor(buf->dy, dtype, n);
    buf->tx = make_tensor(buf->x, dtype, n);
    buf->tdx = make_tensor(buf->dx, dtype, n);
}

static void buffers_destroy(Buffers *buf)
{
    aclDestroyTensor(buf->tdy);
    aclDestroyTensor(buf->tx);
    aclDestroyTensor(buf->tdx);
    aclrtFree(buf->dy);
    aclrtFree(buf->x);
    aclrtFree(buf->dx);
}

/* ---- --verify: the library against the fused loop and oneDNN ------------------------------------ */

static void verify_against(Bench *b, CaseRun *run, const void *ours, int impl, const char *name)
{
    const Case *c = &run->c;
    size_t differing = 0;
    run_impl(b, run, impl);
    uint64_t ulp = bench_max_ulp_diff(c->dtype, ours, run->buf->dx, c->n, &differing);
    printf("# verify %s %s n=%zu threads=%d: aclnn vs %s: %zu elements differ, max %llu ulp\n", bench_op_name(c->op),
           bench_dtype_name(c->dtype), c->n, c->threads, name, differing, (unsigned long long)ulp);
}

static void verify_case(Bench *b, const Buffers *buf, const CaseResult *r)
{
    CaseRun run = {.buf = buf, .c = r->c};
    size_t bytes = r->c.n * bench_dtype_size(r->c.dtype);
    void *ours = malloc(bytes);
    check_ptr(ours, "malloc");
    run_impl(b, &run, IMPL_ACLNN);
    check(aclrtMemcpy(ours, bytes, buf->dx, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    if (r->have[IMPL_FUSED])
        verify_against(b, &run, ours, IMPL_FUSED, "fused");
    if (r->have[IMPL_DNNL0]) {
        bench_dnnl_set_threads(r->c.threads);
        run.dnnl = bench_dnnl_create(r->c.op, r->c.dtype, r->c.n, buf->dy, buf->x, buf->dx, r->c.threads);
        if (run.dnnl != NULL)
            verify_against(b, &run, ours, IMPL_DNNL0, "onednn");
        bench_dnnl_destroy(run.dnnl);
    }
    free(ours);
}

/* ---- driver ------------------------------------------------------------------------------------- */

static aclScalar *make_scalar(float value)
{
    aclScalar *s = aclCreateScalar(&value, ACL_FLOAT);
    check_ptr(s, "aclCreateScalar");
    return s;
}

static void setup(Bench *b)
{
    const float one = 1.0f, beta = 1.0f, threshold = 20.0f;
    check(aclInit(NULL), "aclInit");
    check(aclrtSetDevice(0), "aclrtSetDevice");
    check(aclrtCreateStream(&b->stream), "aclrtCreateStream");
    b->alpha = make_scalar(one);
    b->scale = make_scalar(one);
    b->inputScale = make_scalar(one);
    b->beta = make_scalar(beta);
    b->threshold = make_scalar(threshold);
    /* alpha = scale = inputScale = 1: factorNeg = alpha*scale*inputScale, negBias = alpha*scale. */
    b->params = (BenchParams){.scale = one, .factorNeg = one * one * one, .negBias = one * one, .inputScale = one,
                              .beta = beta, .threshold = threshold};
    b->haveAvx2 = bench_have_avx2();
    b->isa = aclnnCpuIsaName(aclnnCpuGetIsa());
    b->haveDnnl = bench_dnnl_available() && !b->opt.noPeers;
    snprintf(b->dnnlNote, sizeof b->dnnlNote, "%s",
             !bench_dnnl_available() ? "not built (libdnnl-dev not found at configure time, or ACLNN_CPU_BENCH_ONEDNN=OFF): skipped"
             : b->opt.noPeers        ? "skipped (--no-peers)"
                                     : bench_dnnl_version());
    const BenchOptions *o = &b->opt;
    b->results = calloc((size_t)(o->numOps * o->numDtypes * o->numSizes * o->numThreads), sizeof *b->results);
    check_ptr(b->results, "calloc");
}

static void teardown(Bench *b)
{
    if (b->ws != NULL)
        aclrtFree(b->ws);
    aclDestroyScalar(b->alpha);
    aclDestroyScalar(b->scale);
    aclDestroyScalar(b->inputScale);
    aclDestroyScalar(b->beta);
    aclDestroyScalar(b->threshold);
    aclrtDestroyStream(b->stream);
    aclrtResetDevice(0);
    aclFinalize();
    free(b->results);
}

static void run_case(Bench *b, const Buffers *buf, int op, int threads)
{
    CaseResult *r = &b->results[b->numResults++];
    r->c = (Case){.op = op, .dtype = buf->dtype, .threads = threads, .n = buf->n};
    r->have[IMPL_ACLNN] = r->have[IMPL_PHASE2] = r->have[IMPL_ROOF] = 1;
    r->have[IMPL_ROOF_NT] = b->haveAvx2;
    r->have[IMPL_FUSED] = b->haveAvx2 && !b->opt.noFused;
    for (int k = 0; k < NUM_DNNL; k++)
        r->have[IMPL_DNNL0 + k] = b->haveDnnl && bench_dnnl_has(op, buf->dtype);
    measure_case(b, buf, r);
    if (b->opt.table)
        table_row(r);
    else
        csv_rows(b, r, stdout);
    if (b->csv != NULL)
        csv_rows(b, r, b->csv);
    if (b->opt.verify)
        verify_case(b, buf, r);
}

/* 1 when some requested op runs in `dtype` (fp64: softplus only). */
static int dtype_has_ops(const BenchOptions *o, int dtype)
{
    for (int k = 0; k < o->numOps; k++)
        if (bench_op_has_dtype(o->ops[k], dtype))
            return 1;
    return 0;
}

/* About 0.3 s of calls at every thread count before the first timing: clocks ramp up, the OpenMP
 * pool starts, first-touch faults of the library's own state are paid. */
static void warm_up(Bench *b)
{
    Buffers buf;
    buffers_create(&buf, BENCH_FP32, 1u << 16);
    for (int t = 0; t < b->opt.numThreads; t++) {
        CaseRun run = {.buf = &buf, .c = {.op = BENCH_OP_ELU, .dtype = BENCH_FP32, .threads = b->opt.threads[t],
                                          .n = buf.n}};
        set_threads(run.c.threads);
        for (double t0 = bench_now(); bench_now() - t0 < 0.3 / b->opt.numThreads;)
            run_impl(b, &run, IMPL_ACLNN);
    }
    buffers_destroy(&buf);
}

static void run_all(Bench *b)
{
    const BenchOptions *o = &b->opt;
    warm_up(b);
    for (int d = 0; d < o->numDtypes; d++)
        for (int s = 0; s < o->numSizes && dtype_has_ops(o, o->dtypes[d]); s++) {
            Buffers buf;
            buffers_create(&buf, o->dtypes[d], o->sizes[s]);
            for (int k = 0; k < o->numOps; k++)
                for (int t = 0; t < o->numThreads && bench_op_has_dtype(o->ops[k], buf.dtype); t++)
                    run_case(b, &buf, o->ops[k], o->threads[t]);
            buffers_destroy(&buf);
        }
}

/* ---- --sweep: one op over plan variants ----------------------------------------------------------- */

/* The plan of one variant, from the tiling functions on the platform that phase 1 saw. */
typedef struct {
    char strategy[32];  /* ELU: the schedule mode; softplus: ascend910b or arch35 */
    char bufferOpen[8]; /* ELU: the tiling's bufferOpen (1: double buffering); softplus: "-" */
    uint64_t cores, tile, ubBytes;
} SweepPlan;

/* SiLU: the 910B tiling on the non-regbase profiles, the atvoss broadcast tiling elsewhere. */
static int sweep_plan_silu(const acpu_platform *platform, const Case *c, SweepPlan *out)
{
    acpu_bc_shape shape = {.rank = 1, .dims = {(int64_t)c->n}};
    aclDataType dt = kAclTypes[c->dtype];
    acpu_silu_tiling_args args = {.inputs = {shape, shape}, .output = shape, .dtypes = {dt, dt, dt}};
    snprintf(out->bufferOpen, sizeof out->bufferOpen, "-");
    if (acpu_silu_soc_has_910b_tiling(platform->soc)) {
        acpu_silu_910b_plan plan;
        if (acpu_silu_tiling_910b(platform, &args, &plan) != 0)
            return -1;
        snprintf(out->strategy, sizeof out->strategy, "ascend910b");
        snprintf(out->bufferOpen, sizeof out->bufferOpen, "%u", plan.tiling_key);
        out->cores = plan.block_dim;
        out->tile = plan.data.tileDataNum;
        return 0;
    }
    acpu_silu_arch35_plan plan;
    if (acpu_silu_tiling_arch35(platform, &args, &plan) != 0)
        return -1;
    snprintf(out->strategy, sizeof out->strategy, "arch35");
    out->cores = plan.block_dim;
    out->tile = (uint64_t)(plan.data.ubFormer < plan.data.outputDims[0] ? plan.data.ubFormer : plan.data.outputDims[0]);
    return 0;
}

static int sweep_plan(const Bench *b, const Case *c, SweepPlan *out)
{
    acpu_settings s;
    acpu_settings_get(&s); /* what phase 1 captures: the profile with its core / UB overrides */
    memset(out, 0, sizeof *out);
    out->ubBytes = s.platform.ub_bytes;
    if (c->op == BENCH_OP_SILU)
        return sweep_plan_silu(&s.platform, c, out);
    if (c->op != BENCH_OP_SOFTPLUS) {
        acpu_elu_tiling_args args = {.n = c->n, .in_dtype = kAclTypes[c->dtype], .out_dtype = kAclTypes[c->dtype],
                                     .alpha = 1.0f, .scale = 1.0f, .input_scale = 1.0f,
                                     .is_result = c->op == BENCH_OP_ELURES};
        acpu_elu_plan plan;
        if (acpu_elu_tiling(&s.platform, &args, &plan) != 0)
            return -1;
        snprintf(out->strategy, sizeof out->strategy, "%s", acpu_elu_sch_mode_name(plan.sch_mode));
        snprintf(out->bufferOpen, sizeof out->bufferOpen, "%u", plan.data.bufferOpen);
        out->cores = plan.data.coreNum;
        out->tile = plan.data.tileDataNum;
        return 0;
    }
    /* Softplus: fp64 runs as a cast to float32 around the float kernel, as CANN does. */
    acpu_sp_tiling_args args = {.num_inputs = 2, .beta = b->params.beta, .threshold = b->params.threshold,
                                .dtype = c->dtype == BENCH_FP64 ? ACL_FLOAT : kAclTypes[c->dtype]};
    for (int j = 0; j < 2; j++)
        args.inputs[j] = (acpu_sp_shape){.rank = 1, .dims = {(int64_t)c->n}};
    args.output = args.inputs[0];
    snprintf(out->bufferOpen, sizeof out->bufferOpen, "-");
    if (acpu_sp_soc_has_910b_tiling(s.platform.soc)) { /* equal dense shapes: the 910B tiling */
        acpu_sp_910b_plan plan;
        if (acpu_sp_tiling_910b(&s.platform, &args, &plan) != 0)
            return -1;
        snprintf(out->strategy, sizeof out->strategy, "ascend910b");
        out->cores = plan.block_dim;
        out->tile = plan.data.tileDataNum;
        return 0;
    }
    acpu_sp_arch35_plan plan;
    if (acpu_sp_tiling_arch35(&s.platform, &args, &plan) != 0)
        return -1;
    uint64_t inner = 1;
    for (int64_t k = plan.data.split.axis + 1; k < plan.RANK; k++)
        inner *= (uint64_t)plan.data.max_bro_shape[k];
    snprintf(out->strategy, sizeof out->strategy, "arch35");
    out->cores = plan.block_dim;
    out->tile = (uint64_t)plan.data.split.a_i * inner;
    return 0;
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
    if (tile > 0 && call->plan.kind != ACPU_PLAN_RANGES)
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
static void sweep_variant(Bench *b, const Buffers *buf, const char *soc, long long cores, long long ub, int buffer,
                          long long tile, int threads)
{
    Case c = {.op = b->opt.ops[0], .dtype = buf->dtype, .threads = threads, .n = buf->n};
    const char *bufReq = buffer < 0 ? "plan" : buffer ? "on" : "off";
    CaseRun run = {.buf = buf, .c = c};
    SweepPlan plan;
    char err[160] = "";
    set_threads(threads);
    if (aclnnCpuSetPlatform(soc, (int32_t)cores, (int64_t)ub) != ACL_SUCCESS)
        snprintf(err, sizeof err, "platform refused: %s", aclGetRecentErrMsg());
    else if (sweep_plan(b, &c, &plan) != 0)
        snprintf(err, sizeof err, "tiling failed");
    else if (make_repeatable(b, &run) != ACLNN_SUCCESS)
        snprintf(err, sizeof err, "phase 1 failed: %s", aclGetRecentErrMsg());
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
            printf("sweep,%s,%s,%zu,%d,%s,%lld,%lld,%s,%lld,,,%s,,,,,,\n", bench_op_name(c.op), bench_dtype_name(c.dtype),
                   c.n, threads, soc, cores, ub, bufReq, tile, err);
        if (b->csv != NULL)
            fprintf(b->csv, "sweep,%s,%s,%zu,%d,%s,%lld,%lld,%s,%lld,,,%s,,,,,,\n", bench_op_name(c.op),
                    bench_dtype_name(c.dtype), c.n, threads, soc, cores, ub, bufReq, tile, err);
        return;
    }
    /* The executor's own plan: the threads the engine will run (cores capped by threads and size). */
    unsigned execThreads = acpu_executor_op_call(run.executor)->threads;
    if (forced) { /* what runs: the forced fields */
        snprintf(plan.bufferOpen, sizeof plan.bufferOpen, "%d", acpu_executor_op_call(run.executor)->plan.double_buffer ? 1 : 0);
        plan.tile = acpu_executor_op_call(run.executor)->plan.tile;
    }
    int have[NUM_IMPLS] = {[IMPL_ACLNN] = !forced, [IMPL_PHASE2] = 1};
    double median[NUM_IMPLS] = {0}, spread[NUM_IMPLS] = {0};
    measure(b, &run, have, median, spread);
    release_repeatable(&run);
    double ph2 = (double)c.n / median[IMPL_PHASE2] * 1e-9, sp = spread[forced ? IMPL_PHASE2 : IMPL_ACLNN];
    char call[32] = "-"; /* no whole call with a forced plan */
    if (!forced)
        snprintf(call, sizeof call, "%.4f", (double)c.n / median[IMPL_ACLNN] * 1e-9);
    if (b->opt.table)
        printf("%-10s %5lld %7lld %4s %7lld | %5llu %8llu %-20s %3s %7llu %4u | %9.9s %9.3f %5.1f%%\n", soc, cores,
               ub, bufReq, tile, (unsigned long long)plan.cores, (unsigned long long)plan.ubBytes, plan.strategy, plan.bufferOpen,
               (unsigned long long)plan.tile, execThreads, call, ph2, sp * 100.0);
    for (int k = 0; k < 2; k++) {
        FILE *f = k == 0 ? (b->opt.table ? NULL : stdout) : b->csv;
        if (f != NULL)
            fprintf(f, "sweep,%s,%s,%zu,%d,%s,%lld,%lld,%s,%lld,%llu,%llu,%s,%s,%llu,%u,%s,%.4f,%.1f\n",
                    bench_op_name(c.op), bench_dtype_name(c.dtype), c.n, threads, soc, cores, ub, bufReq, tile,
                    (unsigned long long)plan.cores,
                    (unsigned long long)plan.ubBytes, plan.strategy, plan.bufferOpen, (unsigned long long)plan.tile,
                    execThreads, forced ? "" : call, ph2, sp * 100.0);
    }
    fflush(stdout);
}

static void run_sweep(Bench *b)
{
    const BenchOptions *o = &b->opt;
    Buffers buf;
    buffers_create(&buf, o->dtypes[0], o->sizes[0]);
    { /* warm-up: the first variant timed otherwise pays for page faults and clock ramp-up */
        CaseRun warm = {.buf = &buf, .c = {.op = o->ops[0], .dtype = buf.dtype, .threads = o->threads[0], .n = buf.n}};
        int have[NUM_IMPLS] = {[IMPL_ACLNN] = 1};
        double median[NUM_IMPLS], spread[NUM_IMPLS];
        set_threads(o->threads[0]);
        measure(b, &warm, have, median, spread);
    }
    for (int t = 0; t < o->numThreads; t++) {
        if (o->table)
            printf("# sweep %s %s n=%zu threads=%d isa=%s (cores/ub requested | plan | throughput)\n",
                   bench_op_name(o->ops[0]), bench_dtype_name(o->dtypes[0]), o->sizes[0], o->threads[t], b->isa);
        if (o->table || t == 0)
            sweep_header(stdout, o->table);
        for (int s = 0; s < o->numSweepSocs; s++)
            for (int k = 0; k < o->numSweepCores; k++)
                for (int u = 0; u < o->numSweepUb; u++)
                    for (int d = 0; d < o->numSweepBuffer; d++)
                        for (int e = 0; e < o->numSweepTile; e++)
                            sweep_variant(b, &buf, o->sweepSocs[s], o->sweepCores[k], o->sweepUb[u],
                                          o->sweepBuffer[d], o->sweepTile[e], o->threads[t]);
    }
    check(aclnnCpuSetPlatform(NULL, 0, 0), "aclnnCpuSetPlatform(NULL)");
    buffers_destroy(&buf);
}

int main(int argc, char **argv)
{
    static Bench b;
    int rc = bench_parse_options(argc, argv, &b.opt);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    if (b.opt.kernels) /* no API: neither aclInit nor the main mode's buffers */
        return bench_kernels_run(&b.opt);
    if (b.opt.csvPath != NULL) {
        b.csv = fopen(b.opt.csvPath, "w");
        if (b.csv == NULL) {
            perror(b.opt.csvPath);
            return 2;
        }
    }
    setup(&b);
    if (b.opt.sweep) {
        if (b.csv != NULL)
            sweep_header(b.csv, 0);
        run_sweep(&b);
    } else {
        if (b.csv != NULL)
            csv_header(b.csv);
        if (b.opt.table)
            table_header();
        else
            csv_header(stdout);
        if (!b.haveDnnl)
            printf("# note: oneDNN peer %s\n", b.dnnlNote);
        run_all(&b);
        summary(&b);
    }
    teardown(&b);
    if (b.csv != NULL)
        fclose(b.csv);
    return 0;
}
