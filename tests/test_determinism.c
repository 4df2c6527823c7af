/* aclnnEluBackward determinism on one ISA: the output bits do not depend on the thread count, the
 * platform profile (core count, UB size, hence tiling and double buffering), the alignment of the
 * data pointers, or on whether the same values arrive through dense or strided/offset views. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnnop/aclnn_elu_backward.h"

#define MAXR 4
#define N_BIG 1000003
#define N_MID (3 * 65536 + 5)
#define N_ALIGNED (3 * 65536) /* multiple of 128: the 16-bit fast paths of the Ascend tiling */

/* ---- deterministic inputs ------------------------------------------------------------------ */

/* Mostly finite values in ranges where every branch matters, 2% special values. */
static double gen_value(aclDataType dt, bool is_x)
{
    static const double specials[] = {NAN,      INFINITY,  -INFINITY, 0.0,      -0.0,   -1000.0,
                                      0x1p-140, -0x1p-140, 0x3p-24,   -0x5p-24, -150.0, -87.5};
    if (acpu_test_lcg_unit() < 0.02)
        return specials[acpu_test_lcg_next() % (sizeof specials / sizeof specials[0])];
    double r = dt == ACL_FLOAT16 ? (is_x ? 12.0 : 4.0) : (is_x ? 40.0 : 8.0);
    double v = acpu_test_lcg_sym(r);
    if (acpu_test_lcg_unit() < 0.1)
        v = ldexp(v, -(int)(acpu_test_lcg_next() % 20));
    return v;
}

static void *xalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 64 + 63) / 64 * 64);
    ck_assert_ptr_nonnull(p);
    return p;
}

/* n elements of dtype dt, the dy (is_x false) or x stream of `seed`. */
static void *gen_dense(aclDataType dt, int64_t n, bool is_x, uint64_t seed)
{
    void *p = xalloc((size_t)n * acpu_test_dtype_size(dt));
    acpu_test_lcg_seed(seed * 2 + is_x, 32);
    for (int64_t i = 0; i < n; ++i)
        acpu_test_store(dt, p, (size_t)i, gen_value(dt, is_x));
    return p;
}

/* ---- the runner ------------------------------------------------------------------------------ */

typedef struct {
    float alpha, scale, iscale;
    bool result;
} elu_attrs;

enum { T_DY = 0, T_X = 1, T_OUT = 2 };

typedef struct {
    aclDataType dt;
    int rank;
    int64_t shape[MAXR];
    int64_t strides[3][MAXR];
    int64_t offset[3];
    int64_t storage[3];
    void *data[3];
} dcall;

static int64_t numel(const dcall *c)
{
    int64_t n = 1;
    for (int d = 0; d < c->rank; ++d)
        n *= c->shape[d];
    return n;
}

static void dcall_dense(dcall *c, aclDataType dt, int rank, const int64_t *shape, void *dy, void *x, void *out)
{
    memset(c, 0, sizeof *c);
    c->dt = dt;
    c->rank = rank;
    memcpy(c->shape, shape, (size_t)rank * sizeof *shape);
    void *data[3] = {dy, x, out};
    for (int t = 0; t < 3; ++t) {
        int64_t s = 1;
        for (int d = rank; d-- > 0;) {
            c->strides[t][d] = s;
            s *= shape[d];
        }
        c->storage[t] = s;
        c->data[t] = data[t];
    }
}

static int64_t vidx(const dcall *c, int t, int64_t i)
{
    int64_t idx = c->offset[t];
    for (int d = c->rank - 1; d >= 0; --d) {
        idx += (i % c->shape[d]) * c->strides[t][d];
        i /= c->shape[d];
    }
    return idx;
}

/* Runs both phases with the current thread/platform settings; the output view is gathered into
 * `dense_out` (row-major order). */
static void run_gather(const dcall *c, const elu_attrs *a, void *dense_out)
{
    aclTensor *t[3];
    for (int k = 0; k < 3; ++k) {
        t[k] = aclCreateTensor(c->shape, (uint64_t)c->rank, c->dt, c->strides[k], c->offset[k], ACL_FORMAT_ND,
                               &c->storage[k], 1, c->data[k]);
        ck_assert_ptr_nonnull(t[k]);
    }
    aclScalar *al = acpu_test_scalar_f32(a->alpha), *sc = acpu_test_scalar_f32(a->scale),
              *is = acpu_test_scalar_f32(a->iscale);
    ck_assert(al && sc && is);
    uint64_t ws_size = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnEluBackwardGetWorkspaceSize(t[T_DY], al, sc, is, a->result, t[T_X], t[T_OUT], &ws_size, &ex);
    ck_assert_msg(st == ACLNN_SUCCESS, "phase 1: %d (%s)", st, aclGetRecentErrMsg());
    void *ws = NULL;
    if (ws_size > 0)
        ck_assert_int_eq(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    st = aclnnEluBackward(ws, ws_size, ex, NULL);
    ck_assert_msg(st == ACLNN_SUCCESS, "phase 2: %d (%s)", st, aclGetRecentErrMsg());
    if (ws)
        aclrtFree(ws);
    for (int k = 0; k < 3; ++k)
        aclDestroyTensor(t[k]);
    aclDestroyScalar(al);
    aclDestroyScalar(sc);
    aclDestroyScalar(is);
    size_t es = acpu_test_dtype_size(c->dt);
    int64_t n = numel(c);
    for (int64_t i = 0; i < n; ++i)
        memcpy((char *)dense_out + (size_t)i * es, (const char *)c->data[T_OUT] + (size_t)vidx(c, T_OUT, i) * es, es);
}

static void assert_same_bits(aclDataType dt, const void *want, const void *got, int64_t n, const char *ctx)
{
    size_t es = acpu_test_dtype_size(dt);
    if (memcmp(want, got, (size_t)n * es) == 0)
        return;
    for (int64_t i = 0; i < n; ++i)
        if (memcmp((const char *)want + (size_t)i * es, (const char *)got + (size_t)i * es, es) != 0)
            ck_abort_msg("%s: element %lld of %lld differs: %a (baseline %a)", ctx, (long long)i, (long long)n,
                         acpu_test_load(dt, got, (size_t)i), acpu_test_load(dt, want, (size_t)i));
}

static void set_threads(int n) { ck_assert_int_eq(aclnnCpuSetNumThreads(n), ACL_SUCCESS); }
static void set_platform(const char *soc, int32_t cores, int64_t ub)
{
    ck_assert_int_eq(aclnnCpuSetPlatform(soc, cores, ub), ACL_SUCCESS);
}

/* _i = dtype * 2 + mode. FLOAT16/BF16 exp mode use unit attributes (the fp16 fast path), others not. */
static aclDataType case_dt(int i)
{
    static const aclDataType dts[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    return dts[i / 2];
}
static elu_attrs case_attrs(int i)
{
    elu_attrs a = {1.3f, 0.8f, 1.1f, i % 2 == 1};
    if (i == 2 || i == 4)
        a.alpha = a.scale = a.iscale = 1.0f;
    return a;
}

/* Dense run of n elements into a fresh buffer, with the given settings. */
typedef struct {
    void *dy, *x, *out, *base;
    int64_t n;
    aclDataType dt;
} dense_set;

static void dense_init(dense_set *d, aclDataType dt, int64_t n, uint64_t seed)
{
    d->dt = dt;
    d->n = n;
    d->dy = gen_dense(dt, n, false, seed);
    d->x = gen_dense(dt, n, true, seed);
    d->out = xalloc((size_t)n * acpu_test_dtype_size(dt));
    d->base = xalloc((size_t)n * acpu_test_dtype_size(dt));
}

static void dense_run(dense_set *d, const elu_attrs *a, void *dst)
{
    dcall c;
    dcall_dense(&c, d->dt, 1, &d->n, d->dy, d->x, d->out);
    run_gather(&c, a, dst);
}

static void dense_free(dense_set *d)
{
    free(d->dy);
    free(d->x);
    free(d->out);
    free(d->base);
}

static const char *case_name(int i)
{
    static const char *names[6] = {"FLOAT exp",      "FLOAT result", "FLOAT16 exp",
                                   "FLOAT16 result", "BF16 exp",     "BF16 result"};
    return names[i];
}

/* ---- tests ------------------------------------------------------------------------------------ */

typedef struct {
    const char *soc;
    int32_t cores;
    int64_t ub;
    int threads;
} profile;

/* n = 1000003: host with 1 thread is the baseline; host 2 and 7 threads, Ascend910B (48 cores,
 * double-buffered tiles) with 7 threads and Ascend910B with 5 cores / UB 65536 (many tiles). */
START_TEST(test_threads)
{
    elu_attrs a = case_attrs(_i);
    dense_set d;
    dense_init(&d, case_dt(_i), N_BIG, (uint64_t)_i + 1);
    void *got = xalloc((size_t)d.n * acpu_test_dtype_size(d.dt));
    set_platform("host", 0, 0);
    set_threads(1);
    dense_run(&d, &a, d.base);
    static const profile runs[] = {
        {"host", 0, 0, 2}, {"host", 0, 0, 7}, {"Ascend910B", 0, 0, 7}, {"Ascend910B", 5, 65536, 2}};
    for (int k = 0; k < 4; ++k) {
        set_platform(runs[k].soc, runs[k].cores, runs[k].ub);
        set_threads(runs[k].threads);
        dense_run(&d, &a, got);
        char ctx[128];
        snprintf(ctx, sizeof ctx, "%s n=%lld %s cores %d ub %lld threads %d vs host/1 thread", case_name(_i),
                 (long long)d.n, runs[k].soc, runs[k].cores, (long long)runs[k].ub, runs[k].threads);
        assert_same_bits(d.dt, d.base, got, d.n, ctx);
    }
    free(got);
    dense_free(&d);
}
END_TEST

static const profile k_profiles[] = {
    {"host", 0, 0, 2},           {"Ascend910B", 0, 0, 2},       {"Ascend950", 0, 0, 7},
    {"host", 3, 65536, 2},       {"Ascend910B", 48, 196608, 7}, {"host", 5, 1048576, 7},
    {"Ascend910B", 3, 65536, 2}, {"Ascend910B", 5, 1048576, 2}, {"Ascend950", 64, 65536, 7},
};
#define N_PROFILES (int)(sizeof k_profiles / sizeof k_profiles[0])

START_TEST(test_profiles)
{
    elu_attrs a = case_attrs(_i);
    static const int64_t sizes[2] = {N_MID, N_ALIGNED};
    for (int s = 0; s < 2; ++s) {
        dense_set d;
        dense_init(&d, case_dt(_i), sizes[s], (uint64_t)_i + 11 + (uint64_t)s);
        void *got = xalloc((size_t)d.n * acpu_test_dtype_size(d.dt));
        set_platform("host", 0, 0);
        set_threads(1);
        dense_run(&d, &a, d.base);
        for (int p = 0; p < N_PROFILES; ++p) {
            const profile *pr = &k_profiles[p];
            set_platform(pr->soc, pr->cores, pr->ub);
            set_threads(pr->threads);
            dense_run(&d, &a, got);
            char ctx[128];
            snprintf(ctx, sizeof ctx, "%s n=%lld profile %s cores %d ub %lld threads %d vs host/1 thread",
                     case_name(_i), (long long)d.n, pr->soc, pr->cores, (long long)pr->ub, pr->threads);
            assert_same_bits(d.dt, d.base, got, d.n, ctx);
        }
        free(got);
        dense_free(&d);
    }
}
END_TEST

/* Data pointers offset by 1..15 elements from a 64-byte aligned base (independently per tensor). */
START_TEST(test_alignment)
{
    elu_attrs a = case_attrs(_i);
    dense_set d;
    dense_init(&d, case_dt(_i), N_MID, (uint64_t)_i + 21);
    size_t es = acpu_test_dtype_size(d.dt), bytes = (size_t)(d.n + 16) * es;
    set_threads(2);
    dense_run(&d, &a, d.base);
    char *buf[3] = {xalloc(bytes), xalloc(bytes), xalloc(bytes)};
    void *got = xalloc((size_t)d.n * es);
    for (int k = 1; k <= 15; ++k) {
        int off[3] = {k, (k * 7) % 15 + 1, (k * 11) % 15 + 1};
        memcpy(buf[T_DY] + off[T_DY] * es, d.dy, (size_t)d.n * es);
        memcpy(buf[T_X] + off[T_X] * es, d.x, (size_t)d.n * es);
        set_platform(k % 2 ? "host" : "Ascend910B", 0, 0);
        dcall c;
        dcall_dense(&c, d.dt, 1, &d.n, buf[T_DY] + off[T_DY] * es, buf[T_X] + off[T_X] * es,
                    buf[T_OUT] + off[T_OUT] * es);
        run_gather(&c, &a, got);
        char ctx[128];
        snprintf(ctx, sizeof ctx, "%s pointer offsets dy %d x %d out %d elements (%s)", case_name(_i), off[0], off[1],
                 off[2], k % 2 ? "host" : "Ascend910B");
        assert_same_bits(d.dt, d.base, got, d.n, ctx);
    }
    for (int t = 0; t < 3; ++t)
        free(buf[t]);
    free(got);
    dense_free(&d);
}
END_TEST

/* Copies `n` dense elements into the view (t) of c, whose storage is allocated here; other storage
 * elements get NaN-ish garbage. */
static void scatter(dcall *c, int t, const void *dense)
{
    size_t es = acpu_test_dtype_size(c->dt);
    c->data[t] = xalloc((size_t)c->storage[t] * es);
    memset(c->data[t], 0xFF, (size_t)c->storage[t] * es);
    int64_t n = numel(c);
    for (int64_t i = 0; i < n; ++i)
        memcpy((char *)c->data[t] + (size_t)vidx(c, t, i) * es, (const char *)dense + (size_t)i * es, es);
}

static void strided_case(int which, dense_set *d, dcall *c, int64_t *shape)
{
    memset(c, 0, sizeof *c);
    c->dt = d->dt;
    switch (which) {
    case 0: /* every other element, all three tensors */
        c->rank = 1;
        c->shape[0] = d->n;
        for (int t = 0; t < 3; ++t) {
            c->strides[t][0] = 2;
            c->storage[t] = 2 * d->n;
        }
        break;
    case 1: /* transposed 2-D views (443 x 449 = n) */
        c->rank = 2;
        c->shape[0] = shape[0];
        c->shape[1] = shape[1];
        for (int t = 0; t < 3; ++t) {
            c->strides[t][0] = 1;
            c->strides[t][1] = shape[0];
            c->storage[t] = d->n;
        }
        break;
    default: /* offset views */
        c->rank = 1;
        c->shape[0] = d->n;
        for (int t = 0; t < 3; ++t) {
            c->strides[t][0] = 1;
            c->offset[t] = 5 + 4 * t;
            c->storage[t] = d->n + 5 + 4 * t;
        }
        break;
    }
    scatter(c, T_DY, d->dy);
    scatter(c, T_X, d->x);
    scatter(c, T_OUT, d->x); /* contents irrelevant */
}

/* The same values through dense and strided/offset views give the same bits (and the dense run is
 * the 1-thread host baseline); strided runs use several threads and profiles. */
START_TEST(test_dense_vs_strided)
{
    elu_attrs a = case_attrs(_i);
    int64_t shape2[2] = {443, 449};
    dense_set d;
    dense_init(&d, case_dt(_i), shape2[0] * shape2[1], (uint64_t)_i + 31);
    set_threads(1);
    dense_run(&d, &a, d.base);
    void *got = xalloc((size_t)d.n * acpu_test_dtype_size(d.dt));
    static const char *socs[3] = {"host", "Ascend910B", "Ascend950"};
    for (int w = 0; w < 3; ++w) {
        dcall c;
        strided_case(w, &d, &c, shape2);
        set_threads(w == 1 ? 7 : 2);
        set_platform(socs[w], 0, 0);
        run_gather(&c, &a, got);
        char ctx[96];
        snprintf(ctx, sizeof ctx, "%s strided case %d (%s) vs dense", case_name(_i), w, socs[w]);
        assert_same_bits(d.dt, d.base, got, d.n, ctx);
        for (int t = 0; t < 3; ++t)
            free(c.data[t]);
    }
    /* stride-0 inputs vs their materialised dense copy: rows of dy repeat, columns of x repeat */
    int64_t shape[2] = {443, 449};
    size_t es = acpu_test_dtype_size(d.dt);
    char *dy_b = xalloc((size_t)d.n * es), *x_b = xalloc((size_t)d.n * es);
    for (int64_t r = 0; r < shape[0]; ++r)
        for (int64_t k = 0; k < shape[1]; ++k) {
            memcpy(dy_b + (size_t)(r * shape[1] + k) * es, (const char *)d.dy + (size_t)k * es, es);
            memcpy(x_b + (size_t)(r * shape[1] + k) * es, (const char *)d.x + (size_t)r * es, es);
        }
    dcall dense;
    dcall_dense(&dense, d.dt, 2, shape, dy_b, x_b, d.out);
    set_threads(1);
    set_platform("host", 0, 0);
    run_gather(&dense, &a, d.base);
    dcall bc = dense;
    bc.strides[T_DY][0] = 0;
    bc.storage[T_DY] = shape[1];
    bc.data[T_DY] = d.dy;
    bc.strides[T_X][0] = 1;
    bc.strides[T_X][1] = 0;
    bc.storage[T_X] = shape[0];
    bc.data[T_X] = d.x;
    set_threads(2);
    set_platform("Ascend910B", 0, 0);
    run_gather(&bc, &a, got);
    assert_same_bits(d.dt, d.base, got, d.n, "stride-0 inputs vs dense copy");
    free(dy_b);
    free(x_b);
    free(got);
    dense_free(&d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("determinism");
    TCase *tc = tcase_create("determinism");
    tcase_add_loop_test(tc, test_threads, 0, 6);
    tcase_add_loop_test(tc, test_profiles, 0, 6);
    tcase_add_loop_test(tc, test_alignment, 0, 6);
    tcase_add_loop_test(tc, test_dense_vs_strided, 0, 6);
    suite_add_tcase(s, tc);
    return acpu_test_main(s);
}
