/* aclnn_cpu_bench: times the operators through the public two-phase API (phase 1 + phase 2 +
 * stream synchronize per call, as a CANN user calls it): aclnnEluBackward as elu (isResult false)
 * and elures (isResult true), aclnnSoftplusBackward as softplus (beta 1, threshold 20), x
 * fp32/fp16/bf16 (and fp64 for softplus) x sizes x thread counts. All tensors of a case have the
 * case's dtype. In each case, with samples interleaved so that all three see the same machine
 * state, it also times
 *   roofline: c[i] = a[i]*b[i] with the same traffic (2 reads + 1 write of the element size),
 *   fused:    a plain fused AVX2 + SLEEF loop (when the CPU has AVX2 + FMA + F16C).
 * Reports medians, the interquartile spread, Gelem/s and % of the roofline (see --help). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "bench.h"

enum { IMPL_ACLNN = 0, IMPL_FUSED = 1, IMPL_ROOF = 2, NUM_IMPLS = 3 };
static const char *const kImplNames[NUM_IMPLS] = {"aclnn", "fused", "roofline"};

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
} CaseResult;

typedef struct {
    int dtype;
    size_t n;
    void *dy, *x, *dx;
    aclTensor *tdy, *tx, *tdx;
} Buffers;

typedef struct {
    BenchOptions opt;
    aclrtStream stream;
    aclScalar *alpha, *scale, *inputScale; /* ELU: all 1 */
    aclScalar *beta, *threshold;           /* softplus: 1 and 20 */
    BenchParams params;
    void *ws;
    uint64_t wsCap;
    int haveAvx2;
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

/* ---- the three implementations ------------------------------------------------------------------ */

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

#define ELU_API {elu_phase1, aclnnEluBackward, "aclnnEluBackwardGetWorkspaceSize", "aclnnEluBackward"}
static const OpApi kOpApis[BENCH_NUM_OPS] = {
    [BENCH_OP_ELU] = ELU_API,
    [BENCH_OP_ELURES] = ELU_API,
    [BENCH_OP_SOFTPLUS] = {softplus_phase1, aclnnSoftplusBackward, "aclnnSoftplusBackwardGetWorkspaceSize",
                           "aclnnSoftplusBackward"},
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

static void run_impl(Bench *b, const Buffers *buf, const Case *c, int impl)
{
    size_t esize = bench_dtype_size(c->dtype);
    if (impl == IMPL_ACLNN)
        run_aclnn(b, buf, c);
    else if (impl == IMPL_FUSED)
        bench_fused_kernel(c->op, c->dtype)(buf->dy, buf->x, buf->dx, c->n, c->threads, &b->params);
    else if (b->haveAvx2)
        bench_roofline_avx2(buf->dy, buf->x, buf->dx, c->n, c->threads, esize);
    else
        bench_roofline_generic(buf->dy, buf->x, buf->dx, c->n, c->threads, esize);
}

/* ---- timing ------------------------------------------------------------------------------------- */

/* Warms up, then returns how many calls make one sample of at least minSampleS. */
static long calibrate(Bench *b, const Buffers *buf, const Case *c, int impl)
{
    run_impl(b, buf, c, impl);
    long calls = 0;
    double t0 = bench_now(), dt = 0.0;
    while (calls < 2 || dt < b->opt.minSampleS * 0.5) {
        run_impl(b, buf, c, impl);
        calls++;
        dt = bench_now() - t0;
    }
    double perCall = dt / (double)calls;
    long reps = (long)ceil(b->opt.minSampleS / perCall);
    return reps < 1 ? 1 : reps;
}

static double time_sample(Bench *b, const Buffers *buf, const Case *c, int impl, long reps)
{
    double t0 = bench_now();
    for (long r = 0; r < reps; r++)
        run_impl(b, buf, c, impl);
    return (bench_now() - t0) / (double)reps;
}

static void measure_case(Bench *b, const Buffers *buf, CaseResult *res)
{
    static double samples[NUM_IMPLS][MAX_SAMPLES];
    long reps[NUM_IMPLS] = {0};
    const Case *c = &res->c;
    check(aclnnCpuSetNumThreads(c->threads), "aclnnCpuSetNumThreads");
    for (int i = 0; i < NUM_IMPLS; i++)
        if (res->have[i])
            reps[i] = calibrate(b, buf, c, i);
    for (int s = 0; s < b->opt.samples; s++)
        for (int i = 0; i < NUM_IMPLS; i++)
            if (res->have[i])
                samples[i][s] = time_sample(b, buf, c, i, reps[i]);
    for (int i = 0; i < NUM_IMPLS; i++) {
        double q1 = 0, q3 = 0;
        if (!res->have[i])
            continue;
        bench_stats(samples[i], b->opt.samples, &res->median[i], &q1, &q3);
        res->spread[i] = (q3 - q1) / res->median[i];
    }
}

/* ---- output ------------------------------------------------------------------------------------- */

static double gelem(const CaseResult *r, int impl) { return (double)r->c.n / r->median[impl] * 1e-9; }

static void csv_header(FILE *f)
{
    fprintf(f, "op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline\n");
}

static void csv_rows(const Bench *b, const CaseResult *r, FILE *f)
{
    for (int i = 0; i < NUM_IMPLS; i++) {
        if (!r->have[i])
            continue;
        const char *isa = i == IMPL_ACLNN ? b->isa : b->haveAvx2 ? "avx2" : "generic";
        fprintf(f, "%s,%s,%zu,%d,%s,%s,%.4f,%.3f,%.1f,%.1f\n", bench_op_name(r->c.op),
                bench_dtype_name(r->c.dtype), r->c.n, r->c.threads, isa, kImplNames[i], gelem(r, i),
                r->median[i] * 1e6, r->spread[i] * 100.0, gelem(r, i) / gelem(r, IMPL_ROOF) * 100.0);
    }
    fflush(f);
}

static void table_header(void)
{
    printf("%-8s %-5s %9s %3s %13s %10s %13s %11s %16s\n", "op", "dtype", "N", "thr", "aclnn Gelem/s",
           "%roofline", "fused Gelem/s", "aclnn/fused", "roofline Gelem/s");
}

static void table_row(const CaseResult *r)
{
    char fused[32] = "-", ratio[32] = "-";
    if (r->have[IMPL_FUSED]) {
        snprintf(fused, sizeof fused, "%.3f", gelem(r, IMPL_FUSED));
        snprintf(ratio, sizeof ratio, "%.2f", gelem(r, IMPL_ACLNN) / gelem(r, IMPL_FUSED));
    }
    printf("%-8s %-5s %9zu %3d %13.3f %9.1f%% %13s %11s %16.3f\n", bench_op_name(r->c.op),
           bench_dtype_name(r->c.dtype), r->c.n, r->c.threads, gelem(r, IMPL_ACLNN),
           gelem(r, IMPL_ACLNN) / gelem(r, IMPL_ROOF) * 100.0, fused, ratio, gelem(r, IMPL_ROOF));
    fflush(stdout);
}

/* Geometric means of aclnn/fused and aclnn/roofline over the cases of `op` (-1: all cases). */
static void summary_geomeans(const Bench *b, int op)
{
    double logFused = 0.0, logRoof = 0.0;
    int nFused = 0, nRoof = 0;
    for (int k = 0; k < b->numResults; k++) {
        const CaseResult *r = &b->results[k];
        if (op >= 0 && r->c.op != op)
            continue;
        if (r->have[IMPL_FUSED])
            logFused += log(gelem(r, IMPL_ACLNN) / gelem(r, IMPL_FUSED)), nFused++;
        logRoof += log(gelem(r, IMPL_ACLNN) / gelem(r, IMPL_ROOF)), nRoof++;
    }
    const char *what = op >= 0 ? bench_op_name(op) : "", *sep = op >= 0 ? " " : "";
    if (nFused > 0)
        printf("# geomean %s%saclnn/fused = %.3f over %d cases\n", what, sep, exp(logFused / nFused), nFused);
    if (nRoof > 0)
        printf("# geomean %s%saclnn/roofline = %.3f over %d cases\n", what, sep, exp(logRoof / nRoof), nRoof);
}

static void summary(const Bench *b)
{
    printf("# summary: throughput ratios, same run (aclnn = public two-phase API, isa=%s)\n", b->isa);
    if (!b->opt.table)
        printf("# %-8s %-5s %9s %3s %12s %15s\n", "op", "dtype", "n", "thr", "aclnn/fused", "aclnn/roofline");
    for (int k = 0; k < b->numResults && !b->opt.table; k++) {
        const CaseResult *r = &b->results[k];
        double rf = r->have[IMPL_FUSED] ? gelem(r, IMPL_ACLNN) / gelem(r, IMPL_FUSED) : NAN;
        printf("# %-8s %-5s %9zu %3d %12.3f %15.3f\n", bench_op_name(r->c.op), bench_dtype_name(r->c.dtype),
               r->c.n, r->c.threads, rf, gelem(r, IMPL_ACLNN) / gelem(r, IMPL_ROOF));
    }
    for (int k = 0; k < b->opt.numOps && b->opt.numOps > 1; k++)
        summary_geomeans(b, b->opt.ops[k]);
    summary_geomeans(b, -1);
}

/* ---- buffers ------------------------------------------------------------------------------------ */

static aclTensor *make_tensor(void *data, int dtype, size_t n)
{
    static const aclDataType kAclTypes[BENCH_NUM_DTYPES] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
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

/* ---- --verify: the library against the fused loop -------------------------------------------------- */

static void verify_case(Bench *b, const Buffers *buf, const Case *c)
{
    size_t bytes = c->n * bench_dtype_size(c->dtype), differing = 0;
    void *ours = malloc(bytes);
    check_ptr(ours, "malloc");
    run_impl(b, buf, c, IMPL_ACLNN);
    check(aclrtMemcpy(ours, bytes, buf->dx, bytes, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    run_impl(b, buf, c, IMPL_FUSED);
    uint64_t ulp = bench_max_ulp_diff(c->dtype, ours, buf->dx, c->n, &differing);
    printf("# verify %s %s n=%zu threads=%d: aclnn vs fused: %zu elements differ, max %llu ulp\n",
           bench_op_name(c->op), bench_dtype_name(c->dtype), c->n, c->threads, differing,
           (unsigned long long)ulp);
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
    r->have[IMPL_ACLNN] = r->have[IMPL_ROOF] = 1;
    r->have[IMPL_FUSED] = b->haveAvx2;
    measure_case(b, buf, r);
    if (b->opt.table)
        table_row(r);
    else
        csv_rows(b, r, stdout);
    if (b->csv != NULL)
        csv_rows(b, r, b->csv);
    if (b->opt.verify && r->have[IMPL_FUSED])
        verify_case(b, buf, &r->c);
}

/* 1 when some requested op runs in `dtype` (fp64: softplus only). */
static int dtype_has_ops(const BenchOptions *o, int dtype)
{
    for (int k = 0; k < o->numOps; k++)
        if (bench_op_has_dtype(o->ops[k], dtype))
            return 1;
    return 0;
}

static void run_all(Bench *b)
{
    const BenchOptions *o = &b->opt;
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

int main(int argc, char **argv)
{
    static Bench b;
    int rc = bench_parse_options(argc, argv, &b.opt);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    if (b.opt.csvPath != NULL) {
        b.csv = fopen(b.opt.csvPath, "w");
        if (b.csv == NULL) {
            perror(b.opt.csvPath);
            return 2;
        }
        csv_header(b.csv);
    }
    setup(&b);
    if (b.opt.table)
        table_header();
    else
        csv_header(stdout);
    run_all(&b);
    summary(&b);
    teardown(&b);
    if (b.csv != NULL)
        fclose(b.csv);
    return 0;
}
