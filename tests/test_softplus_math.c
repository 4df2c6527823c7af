/* aclnnSoftplusBackward numerics: accuracy against a long-double reference that starts from the
 * rounded z (every compute path, several attribute sets), the compute-type rules for every
 * gradOutput x self dtype pair and every gradInput dtype, special values, ranks 0..8, strided /
 * offset / broadcast views with sentinels around the output, sizes around tile and core
 * boundaries per profile, determinism (threads, strategies, profiles, UB sizes, alignments, views)
 * and the spec 3.8.9 sample values. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

#include "acpu_test.h"
#include "aclnnop/aclnn_softplus_backward.h"

#define MAXR 8
#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define SENTINEL 0xA5
#define GUARD_ELEMS 16

enum { T_GO = 0, T_SELF = 1, T_OUT = 2 };

/* ---- deterministic inputs ------------------------------------------------------------------ */

static bool is_float_dt(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

/* self: zeros, small magnitudes, large negative z (fp32 exp overflow below -88.72, the double one
 * below -709.78), ordinary ranges; integers over their range (int32/int64 also at their extremes,
 * which convert exactly to double). */
static double gen_self(aclDataType dt, double special_rate)
{
    static const double specials[] = {NAN,       INFINITY, -INFINITY, 0.0,  -0.0,   -1000.0, 0x1p-140,
                                      -0x1p-140, 0x3p-24,  -0x5p-24,  1e30, -150.0, 88.5,    -88.75};
    if (special_rate > 0 && acpu_test_lcg_unit() < special_rate)
        return specials[acpu_test_lcg_next() % N_ELEMS(specials)];
    double u = acpu_test_lcg_unit();
    switch (dt) {
    case ACL_BOOL: return acpu_test_lcg_next() & 1;
    case ACL_INT8: return (double)(int)(acpu_test_lcg_next() % 256) - 128;
    case ACL_UINT8: return (double)(acpu_test_lcg_next() % 256);
    case ACL_INT16: return (double)(int)(acpu_test_lcg_next() % 601) - 300;
    case ACL_INT32:
        if (u < 0.01)
            return (acpu_test_lcg_next() & 1) ? 2147483647.0 : -2147483648.0;
        return (double)(int)(acpu_test_lcg_next() % 241) - 120;
    case ACL_INT64:
        if (u < 0.01)
            return (acpu_test_lcg_next() & 1) ? 9007199254740991.0 : -9223372036854775808.0;
        return (double)(int)(acpu_test_lcg_next() % 241) - 120;
    default: break;
    }
    bool h = dt == ACL_FLOAT16;
    if (u < 0.02)
        return (acpu_test_lcg_next() & 1) ? -0.0 : 0.0;
    if (u < 0.12)
        return acpu_test_lcg_logmag(h ? -20 : -30, 3);
    if (u < 0.25)
        return h ? acpu_test_lcg_range(-17.0, -8.0) : acpu_test_lcg_range(-100.0, -60.0);
    if (u < 0.30 && dt == ACL_DOUBLE)
        return acpu_test_lcg_range(-760.0, -690.0);
    return acpu_test_lcg_sym(h ? 12.0 : 30.0);
}

static double gen_go(aclDataType dt, double special_rate)
{
    static const double specials[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 0x1p-140, -0x3p-24, 1e30, -65504.0};
    if (special_rate > 0 && acpu_test_lcg_unit() < special_rate)
        return specials[acpu_test_lcg_next() % N_ELEMS(specials)];
    double u = acpu_test_lcg_unit();
    if (u < 0.06)
        return acpu_test_lcg_logmag(dt == ACL_FLOAT16 ? -24 : -40, 12);
    return acpu_test_lcg_sym(8.0);
}

/* ---- scalars ------------------------------------------------------------------------------------ */

typedef struct {
    aclDataType dt; /* ACL_FLOAT (0) unless stated */
    double v;       /* the value, encoded in dt */
} sdesc;

typedef struct {
    sdesc beta, thr;
} sp_attrs;

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define ATTR(b, t) {{ACL_FLOAT, (b)}, {ACL_FLOAT, (t)}}
/* clang-format on */

static aclScalar *make_scalar(const sdesc *s) { return acpu_test_scalar(s->dt, s->v, 0.0); }

/* ---- the call: three tensor views over caller storage ------------------------------------------- */

typedef struct {
    aclDataType dt;
    int rank;
    int64_t shape[MAXR];
    int64_t strides[MAXR];
    int64_t offset;
    int64_t storage; /* element count */
    void *data;      /* storage base (inside `alloc` when allocated here) */
    void *alloc;
} tview;

typedef struct {
    tview t[3];
    const char *soc; /* NULL: keep the current platform */
} sp_call;

static int64_t numel_of(const tview *v)
{
    int64_t n = 1;
    for (int d = 0; d < v->rank; ++d)
        n *= v->shape[d];
    return n;
}

static void view_dense(tview *v, aclDataType dt, int rank, const int64_t *shape)
{
    memset(v, 0, sizeof *v);
    v->dt = dt;
    v->rank = rank;
    int64_t s = 1;
    for (int d = rank; d-- > 0;) {
        v->shape[d] = shape[d];
        v->strides[d] = s;
        s *= shape[d];
    }
    v->storage = s;
}

/* Dense storage whose dims are ordered by `perm` (outermost first), viewed in shape order. */
static void view_perm(tview *v, const int *perm, int64_t offset)
{
    int64_t s = 1;
    for (int k = v->rank; k-- > 0;) {
        v->strides[perm[k]] = s;
        s *= v->shape[perm[k]];
    }
    v->offset = offset;
    v->storage = s + offset + 3;
}

/* Dense call: gradOutput of shape go (go_rank dims), self and gradInput of shape `shape`. */
static void call_init(sp_call *c, aclDataType go_dt, aclDataType self_dt, aclDataType out_dt, int rank,
                      const int64_t *shape, int go_rank, const int64_t *go_shape)
{
    memset(c, 0, sizeof *c);
    view_dense(&c->t[T_GO], go_dt, go_rank, go_shape);
    view_dense(&c->t[T_SELF], self_dt, rank, shape);
    view_dense(&c->t[T_OUT], out_dt, rank, shape);
}

static void call_init_same(sp_call *c, aclDataType dt, int rank, const int64_t *shape)
{
    call_init(c, dt, dt, dt, rank, shape, rank, shape);
}

static void *xalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64 + 64);
    ck_assert_ptr_nonnull(p);
    return p;
}

/* Storage of every tensor (plus GUARD_ELEMS after it); the output is filled with the sentinel. */
static void call_alloc(sp_call *c)
{
    for (int t = 0; t < 3; ++t) {
        size_t bytes = (size_t)(c->t[t].storage + GUARD_ELEMS) * acpu_test_dtype_size(c->t[t].dt);
        c->t[t].alloc = c->t[t].data = xalloc(bytes);
        memset(c->t[t].data, t == T_OUT ? SENTINEL : 0, bytes);
    }
}

/* Inputs in buffers of exactly their storage size (malloc): AddressSanitizer then reports a read
 * past the end (the NPU's 512-byte block rounding must be clamped on the CPU). */
static void call_tight_inputs(sp_call *c)
{
    for (int t = T_GO; t <= T_SELF; ++t) {
        free(c->t[t].alloc);
        c->t[t].alloc = c->t[t].data = malloc((size_t)c->t[t].storage * acpu_test_dtype_size(c->t[t].dt));
        ck_assert_ptr_nonnull(c->t[t].data);
    }
}

static void call_free(sp_call *c)
{
    for (int t = 0; t < 3; ++t)
        free(c->t[t].alloc);
}

static void fill_inputs(sp_call *c, double special_rate)
{
    for (int64_t i = 0; i < c->t[T_GO].storage; ++i)
        acpu_test_store(c->t[T_GO].dt, c->t[T_GO].data, (size_t)i, gen_go(c->t[T_GO].dt, special_rate));
    bool fl = is_float_dt(c->t[T_SELF].dt);
    for (int64_t i = 0; i < c->t[T_SELF].storage; ++i)
        acpu_test_store(c->t[T_SELF].dt, c->t[T_SELF].data, (size_t)i,
                        gen_self(c->t[T_SELF].dt, fl ? special_rate : 0.0));
}

/* Storage index of element `lin` of the output's row-major order in tensor t (numpy broadcasting
 * for a gradOutput of fewer dims or size-1 dims). */
static int64_t vidx(const sp_call *c, int t, int64_t lin)
{
    const tview *o = &c->t[T_OUT], *v = &c->t[t];
    int64_t idx = v->offset;
    for (int k = o->rank; k-- > 0;) {
        int64_t coord = lin % o->shape[k];
        lin /= o->shape[k];
        int dd = k - (o->rank - v->rank);
        if (dd >= 0 && v->shape[dd] != 1)
            idx += coord * v->strides[dd];
    }
    return idx;
}

static aclTensor *make_tensor(const tview *v)
{
    aclTensor *t = aclCreateTensor(v->rank ? v->shape : NULL, (uint64_t)v->rank, v->dt, v->rank ? v->strides : NULL,
                                   v->offset, ACL_FORMAT_ND, &v->storage, 1, v->data);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* Both phases with the current thread/platform settings (c->soc, when set, first). */
static aclnnStatus sp_run(const sp_call *c, const sp_attrs *a)
{
    if (c->soc)
        ck_assert_int_eq(aclnnCpuSetPlatform(c->soc, 0, 0), ACL_SUCCESS);
    aclTensor *t[3];
    for (int k = 0; k < 3; ++k)
        t[k] = make_tensor(&c->t[k]);
    aclScalar *beta = make_scalar(&a->beta), *thr = make_scalar(&a->thr);
    uint64_t ws_size = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSoftplusBackwardGetWorkspaceSize(t[T_GO], t[T_SELF], beta, thr, t[T_OUT], &ws_size, &ex);
    if (st == ACLNN_SUCCESS) {
        void *ws = NULL;
        if (ws_size > 0)
            ck_assert_int_eq(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        st = aclnnSoftplusBackward(ws, ws_size, ex, NULL);
        if (ws)
            ck_assert_int_eq(aclrtFree(ws), ACL_SUCCESS);
    }
    for (int k = 0; k < 3; ++k)
        aclDestroyTensor(t[k]);
    aclDestroyScalar(beta);
    aclDestroyScalar(thr);
    return st;
}

static void sp_run_ok(const sp_call *c, const sp_attrs *a)
{
    aclnnStatus st = sp_run(c, a);
    ck_assert_msg(st == ACLNN_SUCCESS, "aclnnSoftplusBackward failed: %d (%s)", st, aclGetRecentErrMsg());
}

/* ---- reference ------------------------------------------------------------------------------------ */

typedef struct {
    bool dbl;         /* DOUBLE compute path */
    double beta, thr; /* converted scalars (float values unless dbl) */
} ref_params;

static ref_params ref_init(aclDataType ct, const sp_attrs *a)
{
    ref_params p = {ct == ACL_DOUBLE, 0, 0};
    p.beta = acpu_test_scalar_value(a->beta.dt, a->beta.v, p.dbl);
    p.thr = acpu_test_scalar_value(a->thr.dt, a->thr.v, p.dbl);
    return p;
}

#define LN_FLT_MAX 88.72283905206835
#define LN_DBL_MAX 709.782712893384

/* z rounded as the compute type rounds it (the fp32 path converts self to float first). */
static double ref_z(const ref_params *p, double x)
{
    return p->dbl ? p->beta * x : (double)(float)(p->beta * (double)(float)x);
}

/* gradOutput / (1 + exp(-z)) in long double from the rounded z, or gradOutput when z > threshold.
 * exp(-z) that overflows the compute type is +inf (the IEEE order of operations); `ambiguous` marks
 * an exp(-z) within a few ulps of the overflow boundary, where a faithful exp may go either way. */
static long double sp_ref(const ref_params *p, double go, double x, bool *ambiguous)
{
    double z = ref_z(p, x);
    *ambiguous = false;
    if (z > p->thr)
        return go;
    double nz = -z, lim = p->dbl ? LN_DBL_MAX : LN_FLT_MAX;
    if (fabs(nz - lim) < (p->dbl ? 1e-12 : 1e-5))
        *ambiguous = true;
    long double e = nz > lim ? (long double)INFINITY : expl((long double)nz);
    return (long double)go / (1.0L + e);
}

/* The fp32 kernel's order of operations with a correctly rounded fp32 exp: what the 16-bit path
 * rounds from (this build: -ffp-contract=off, FLT_EVAL_METHOD 0). */
static float sp_kernel32(const ref_params *p, float go, float x)
{
    float z = (float)p->beta * x;
    if (z > (float)p->thr)
        return go;
    float e = (float)exp(-(double)z);
    float d = e + 1.0f;
    return go / d;
}

/* |got - ref| in ulps of dt at ref's binade (subnormal quantum below the normal range). */
static double ulp_err(aclDataType dt, double got, long double ref)
{
    if (isnan(ref) || isnan(got))
        return (isnan(ref) && isnan(got)) ? 0.0 : INFINITY;
    if (isinf(ref) || isinf(got))
        return (long double)got == ref ? 0.0 : INFINITY;
    int man, emin, emax;
    acpu_test_float_format(dt, &man, &emin, &emax);
    int e = ref == 0 ? emin : ilogbl(ref);
    if (e < emin)
        e = emin;
    return (double)(fabsl((long double)got - ref) / ldexpl(1.0L, e - man));
}

static uint16_t round16(aclDataType dt, double v)
{
    return dt == ACL_BF16 ? acpu_test_f64_to_bf16(v) : acpu_test_f64_to_f16(v);
}

static const char *dt_name(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_BF16: return "BF16";
    case ACL_DOUBLE: return "DOUBLE";
    case ACL_INT8: return "INT8";
    case ACL_INT16: return "INT16";
    case ACL_INT32: return "INT32";
    case ACL_INT64: return "INT64";
    case ACL_UINT8: return "UINT8";
    case ACL_BOOL: return "BOOL";
    default: return "?";
    }
}

/* ---- accuracy statistics ---------------------------------------------------------------------------- */

typedef struct {
    uint64_t n, cr, cr32, ambiguous;
    double max_ulp;
    double wx, wgo, wgot;
    long double wref;
} acc_stats;

/* Accumulates the error of the output view of c (whose dtype is the compute dtype) against the
 * reference. */
static void acc_add(const sp_call *c, const sp_attrs *a, acc_stats *s)
{
    aclDataType gdt = c->t[T_GO].dt, xdt = c->t[T_SELF].dt, odt = c->t[T_OUT].dt;
    aclDataType ct = acpu_test_softplus_compute_dt(gdt, xdt);
    ck_assert_int_eq(odt, ct);
    ref_params p = ref_init(ct, a);
    int64_t n = numel_of(&c->t[T_OUT]);
    bool h16 = ct == ACL_FLOAT16 || ct == ACL_BF16;
    for (int64_t i = 0; i < n; ++i) {
        int64_t io = vidx(c, T_OUT, i);
        double go = acpu_test_load(gdt, c->t[T_GO].data, (size_t)vidx(c, T_GO, i));
        double x = acpu_test_load(xdt, c->t[T_SELF].data, (size_t)vidx(c, T_SELF, i));
        double got = acpu_test_load(odt, c->t[T_OUT].data, (size_t)io);
        bool amb;
        long double ref = sp_ref(&p, go, x, &amb);
        if (amb) {
            s->ambiguous++;
            continue;
        }
        double u = ulp_err(ct, got, ref);
        bool cr, cr32;
        if (isnan(ref) || isnan(got)) {
            cr = cr32 = isnan(ref) && isnan(got);
        } else if (h16) {
            uint16_t bits = ((const uint16_t *)c->t[T_OUT].data)[io];
            cr = bits == round16(ct, (double)ref);
            cr32 = bits == round16(ct, (double)sp_kernel32(&p, (float)go, (float)x));
        } else {
            cr = got == (ct == ACL_FLOAT ? (double)(float)ref : (double)ref);
            cr32 = cr;
        }
        s->n++;
        s->cr += cr;
        s->cr32 += cr32;
        if (!(u <= s->max_ulp)) {
            s->max_ulp = u;
            s->wx = x, s->wgo = go, s->wgot = got, s->wref = ref;
        }
    }
}

/* fp32 and double: max 3 ulp. fp16/bf16 (whose kernels use the inlined exp of ops/exp_poly.h):
 * below 1 ulp and at least 99.99% correctly rounded over samples of 100000 elements or more (99.9%
 * for the smaller view and size checks, where one miss in 5003 is already 99.98%)
 * (literal rule, against the reference itself; the rate against the fp32 kernel-order value rounded
 * once is reported too). */
static void acc_assert(const char *what, aclDataType ct, const sp_attrs *a, const acc_stats *s)
{
    bool h16 = ct == ACL_FLOAT16 || ct == ACL_BF16;
    double pct = s->n ? 100.0 * (double)s->cr / (double)s->n : 0.0;
    double pct32 = s->n ? 100.0 * (double)s->cr32 / (double)s->n : 0.0;
    char msg[700];
    snprintf(msg, sizeof msg,
             "%s %s beta %g (%s) threshold %g (%s): n=%llu max_ulp=%.3f (bound %s) correctly_rounded=%.4f%% "
             "(from the fp32 kernel-order value %.4f%%) ambiguous=%llu; worst self=%a gradOutput=%a got=%a ref=%La",
             what, dt_name(ct), a->beta.v, dt_name(a->beta.dt), a->thr.v, dt_name(a->thr.dt), (unsigned long long)s->n,
             s->max_ulp, h16 ? "< 1" : "<= 3", pct, pct32, (unsigned long long)s->ambiguous, s->wx, s->wgo, s->wgot,
             s->wref);
    if (getenv("SOFTPLUS_MATH_VERBOSE"))
        printf("# %s\n", msg);
    ck_assert_msg(s->n > 0, "%s", msg);
    ck_assert_msg(s->ambiguous <= s->n / 1000 + 2, "%s", msg);
    if (h16)
        ck_assert_msg(s->max_ulp < 1.0 && pct >= (s->n >= 100000 ? 99.99 : 99.9), "%s", msg);
    else
        ck_assert_msg(s->max_ulp <= 3.0, "%s", msg);
}

/* Every storage element of the output outside its view still holds the sentinel, and so does the
 * guard after the storage. */
static void assert_sentinels(const sp_call *c)
{
    const tview *o = &c->t[T_OUT];
    int64_t st = o->storage, n = numel_of(o);
    size_t es = acpu_test_dtype_size(o->dt);
    unsigned char *covered = calloc((size_t)st + GUARD_ELEMS, 1);
    ck_assert_ptr_nonnull(covered);
    for (int64_t i = 0; i < n; ++i)
        covered[vidx(c, T_OUT, i)] = 1;
    const unsigned char *p = o->data;
    for (int64_t e = 0; e < st + GUARD_ELEMS; ++e) {
        if (covered[e])
            continue;
        for (size_t b = 0; b < es; ++b)
            ACPU_TEST_EXPECT(p[(size_t)e * es + b] == SENTINEL,
                             "output storage element %lld outside the view was written", (long long)e);
    }
    free(covered);
}

static const aclDataType k_cdts[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};

static const sp_attrs k_attrs[] = {
    ATTR(1.0, 20.0), ATTR(1.1, 1.2),      ATTR(2.0, 5.0),  ATTR(0.37, 3.0),
    ATTR(-1.5, 0.5), ATTR(1.0, INFINITY), ATTR(3.0, -2.0),
};
#define N_ATTRS (int)N_ELEMS(k_attrs)

/* ---- accuracy sweep ----------------------------------------------------------------------------- */

/* _i: compute dtype (all three tensors of it). Every attribute set, 100003 random elements. */
START_TEST(test_accuracy_sweep)
{
    aclDataType dt = k_cdts[_i];
    for (int k = 0; k < N_ATTRS; ++k) {
        int64_t n = 100003;
        sp_call c;
        call_init_same(&c, dt, 1, &n);
        call_alloc(&c);
        acpu_test_lcg_seed((uint64_t)(_i * 100 + k + 1), 53);
        fill_inputs(&c, 0.0);
        sp_run_ok(&c, &k_attrs[k]);
        acc_stats s = {0};
        acc_add(&c, &k_attrs[k], &s);
        acc_assert("sweep", dt, &k_attrs[k], &s);
        call_free(&c);
    }
}
END_TEST

/* The whole sigmoid range: self uniform over [lo, hi] (threshold +inf), |gradOutput| in [1, 2);
 * for the 16-bit types also |gradOutput| spread over the binades. _i: compute dtype. */
START_TEST(test_exp_range)
{
    aclDataType dt = k_cdts[_i];
    static const double lo[4] = {-88.7, -17.0, -88.7, -709.0}, hi[4] = {60.0, 17.0, 60.0, 60.0};
    for (int k = 0; k < 2; ++k) {
        sp_attrs a = ATTR(1.0, INFINITY);
        int64_t n = 200003;
        sp_call c;
        call_init_same(&c, dt, 1, &n);
        call_alloc(&c);
        acpu_test_lcg_seed((uint64_t)(_i * 2 + k + 500), 53);
        for (int64_t i = 0; i < n; ++i) {
            acpu_test_store(dt, c.t[T_SELF].data, (size_t)i, acpu_test_lcg_range(lo[_i], hi[_i]));
            double m = k ? exp2(acpu_test_lcg_range(-14.0, 14.0)) : 1.0 + acpu_test_lcg_unit();
            acpu_test_store(dt, c.t[T_GO].data, (size_t)i, (acpu_test_lcg_next() & 1) ? -m : m);
        }
        sp_run_ok(&c, &a);
        acc_stats s = {0};
        acc_add(&c, &a, &s);
        acc_assert(k ? "exp range, spread gradOutput" : "exp range", dt, &a, &s);
        call_free(&c);
    }
}
END_TEST

/* Every fp16 / bf16 bit pattern as self (zeros, subnormals, infinities and NaNs included) against
 * four gradOutput values, beta 1 and -1.5 with threshold +inf: the 16-bit kernels' inlined exp over
 * its whole domain, overflow of exp(-z) included. _i: 0 FLOAT16, 1 BF16. */
START_TEST(test_exhaustive16)
{
    aclDataType dt = _i ? ACL_BF16 : ACL_FLOAT16;
    static const double gos[4] = {1.0, -1.0, 1.3125, -0.5703125};
    for (int k = 0; k < 2; ++k) {
        sp_attrs a = k ? (sp_attrs)ATTR(-1.5, INFINITY) : (sp_attrs)ATTR(1.0, INFINITY);
        int64_t n = 4 * 65536;
        sp_call c;
        call_init_same(&c, dt, 1, &n);
        call_alloc(&c);
        for (int64_t i = 0; i < n; ++i) {
            ((uint16_t *)c.t[T_SELF].data)[i] = (uint16_t)i;
            acpu_test_store(dt, c.t[T_GO].data, (size_t)i, gos[i >> 16]);
        }
        sp_run_ok(&c, &a);
        acc_stats s = {0};
        acc_add(&c, &a, &s);
        acc_assert("exhaustive", dt, &a, &s);
        call_free(&c);
    }
}
END_TEST

/* ---- compute-type rules: every gradOutput x self pair, every gradInput ---------------------------- */

static const aclDataType k_go_dts[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
static const aclDataType k_self_dts[10] = {ACL_INT8, ACL_INT16,   ACL_INT32, ACL_INT64,  ACL_UINT8,
                                           ACL_BOOL, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16};
static const aclDataType k_out_dts[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

static const sp_attrs k_pair_attrs[] = {ATTR(1.0, 20.0), ATTR(0.37, 3.0), ATTR(-0.6, 1.2), ATTR(0.125, 1.5)};

/* Element i of out (out_dt) equals base[i] (compute dtype) converted to out_dt, bit for bit (NaN:
 * any NaN). */
static void assert_converted(aclDataType bdt, const void *base, aclDataType odt, const void *out, int64_t n,
                             const char *ctx)
{
    size_t es = acpu_test_dtype_size(odt);
    for (int64_t i = 0; i < n; ++i) {
        double v = acpu_test_load(bdt, base, (size_t)i), g = acpu_test_load(odt, out, (size_t)i);
        unsigned char want[8] = {0};
        acpu_test_store(odt, want, 0, v);
        if (isnan(v))
            ACPU_TEST_EXPECT(isnan(g), "%s elem %lld: expected NaN, got %a", ctx, (long long)i, g);
        else
            ACPU_TEST_EXPECT(memcmp((const unsigned char *)out + (size_t)i * es, want, es) == 0,
                             "%s elem %lld: compute-type value %a converts to %a, got %a", ctx, (long long)i, v,
                             acpu_test_load(odt, want, 0), g);
    }
}

/* _i = go index * 10 + self index. The compute-type result (gradInput of the compute dtype) is
 * checked against the reference (1% special values included); every other gradInput dtype must be
 * that result converted. */
START_TEST(test_compute_type_pairs)
{
    aclDataType gdt = k_go_dts[_i / 10], xdt = k_self_dts[_i % 10], ct = acpu_test_softplus_compute_dt(gdt, xdt);
    const sp_attrs *a = &k_pair_attrs[_i % N_ELEMS(k_pair_attrs)];
    int64_t n = 12007;
    sp_call base;
    call_init(&base, gdt, xdt, ct, 1, &n, 1, &n);
    call_alloc(&base);
    acpu_test_lcg_seed((uint64_t)_i + 900, 53);
    fill_inputs(&base, 0.01);
    base.soc = (_i % 3 == 0) ? "Ascend910B" : (_i % 3 == 1) ? "host" : "Ascend950";
    sp_run_ok(&base, a);
    char ctx[96];
    snprintf(ctx, sizeof ctx, "%s x %s (%s)", dt_name(gdt), dt_name(xdt), base.soc);
    acc_stats s = {0};
    acc_add(&base, a, &s);
    acc_assert(ctx, ct, a, &s);
    for (size_t k = 0; k < N_ELEMS(k_out_dts); ++k) {
        aclDataType odt = k_out_dts[k];
        if (odt == ct)
            continue;
        sp_call mix = base;
        view_dense(&mix.t[T_OUT], odt, 1, &n);
        void *out = xalloc((size_t)n * acpu_test_dtype_size(odt));
        mix.t[T_OUT].data = mix.t[T_OUT].alloc = out;
        sp_run_ok(&mix, a);
        char ctx2[128];
        snprintf(ctx2, sizeof ctx2, "%s -> %s", ctx, dt_name(odt));
        assert_converted(ct, base.t[T_OUT].data, odt, out, n, ctx2);
        free(out);
    }
    call_free(&base);
}
END_TEST

/* Same-dtype 16-bit pairs with a wider gradInput: the value is rounded to 16 bits first, so it
 * differs from the fp32 mixed path for most elements (BEHAVIOUR.md; spec 4.5). */
START_TEST(test_16bit_rounded_first)
{
    aclDataType dt = _i ? ACL_BF16 : ACL_FLOAT16;
    sp_attrs a = ATTR(1.1, 1.2);
    int64_t n = 4099;
    sp_call c;
    call_init(&c, dt, dt, ACL_FLOAT, 1, &n, 1, &n);
    call_alloc(&c);
    acpu_test_lcg_seed(77 + (uint64_t)_i, 53);
    fill_inputs(&c, 0.0);
    sp_run_ok(&c, &a);
    ref_params p = ref_init(dt, &a);
    int64_t not16 = 0;
    for (int64_t i = 0; i < n; ++i) {
        float got = ((const float *)c.t[T_OUT].data)[i];
        double go = acpu_test_load(dt, c.t[T_GO].data, (size_t)i), x = acpu_test_load(dt, c.t[T_SELF].data, (size_t)i);
        float k32 = sp_kernel32(&p, (float)go, (float)x);
        not16 += !isnan(got) && got != acpu_test_load(dt, (uint16_t[]){round16(dt, got)}, 0);
        ACPU_TEST_EXPECT(isnan(got) ? isnan(k32) : ulp_err(dt, got, k32) <= 1.0, "elem %lld: %a vs fp32 value %a",
                         (long long)i, (double)got, (double)k32);
    }
    ck_assert_msg(not16 == 0, "%lld results are not %s values", (long long)not16, dt_name(dt));
    call_free(&c);
}
END_TEST

/* ---- special values ------------------------------------------------------------------------------- */

enum { M32 = 1, M16 = 2, MBF = 4, M64 = 8, MF = M32 | M16 | MBF, MALL = 15 };

typedef struct {
    sdesc beta, thr;
    double x, go, expect;
    int tol;  /* -1: NaN; 0: bit-exact (sign of zero included); >0: ulps (FLOAT/DOUBLE), correctly rounded (16-bit) */
    int mask; /* compute dtypes the row applies to */
    const char *note;
} special_row;

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define SF(v) {ACL_FLOAT, (v)}
#define SD(v) {ACL_DOUBLE, (v)}
/* clang-format on */
#define B1 SF(1.0), SF(20.0)

static const special_row k_special[] = {
    {B1, 0.0, 2.0, 1.0, 0, MALL, "z = 0: factor 1/2"},
    {B1, -0.0, 2.0, 1.0, 0, MALL, "z = -0"},
    {B1, INFINITY, 3.0, 3.0, 0, MALL, "self +inf: z > threshold"},
    {B1, -INFINITY, 3.0, 0.0, 0, MALL, "self -inf: 3 / (1 + inf)"},
    {B1, -INFINITY, -3.0, -0.0, 0, MALL, "self -inf, negative gradOutput: -0"},
    {B1, -INFINITY, INFINITY, NAN, -1, MALL, "inf / inf"},
    {B1, NAN, 3.0, NAN, -1, MALL, "self NaN"},
    {B1, 1.0, NAN, NAN, -1, MALL, "gradOutput NaN, sigmoid branch"},
    {B1, 30.0, NAN, NAN, -1, MALL, "gradOutput NaN, z > threshold"},
    {B1, 30.0, INFINITY, INFINITY, 0, MALL, "gradOutput +inf passed through"},
    {B1, 30.0, -INFINITY, -INFINITY, 0, MALL, "gradOutput -inf passed through"},
    {B1, 0.0, INFINITY, INFINITY, 0, MALL, "inf / 2"},
    {B1, 0.0, -0.0, -0.0, 0, MALL, "-0 / 2"},
    {B1, -1000.0, 1.0, 0.0, 0, MALL, "large negative z: exp overflows, 1 / inf"},
    {B1, -1000.0, -1.0, -0.0, 0, MALL, "large negative z, negative gradOutput"},
    {B1, -1000.0, 0.0, 0.0, 0, MALL, "0 / inf"},
    {B1, -1000.0, -INFINITY, NAN, -1, MALL, "-inf / inf"},
    {B1, -720.0, 1.0, 0.0, 0, MALL, "exp(720) overflows double too (true value 2.9e-313)"},
    {B1, -720.0, -1.0, -0.0, 0, MALL, "same, negative"},
    {B1, 30.0, 2.5, 2.5, 0, MALL, "z > threshold: gradOutput exactly"},
    {SF(1.0), SF(2.0), 2.0, 1.0, 0.8807970779778824, 2, MALL, "z == threshold takes the sigmoid branch"},
    {SF(1.0), SF(2.0), 2.015625, 1.0, 1.0, 0, MALL, "z just above threshold"},
    {SF(1.0), SF(NAN), 3.0, 1.0, 0.9525741268224333, 2, MALL, "threshold NaN: sigmoid branch"},
    {SF(1.0), SF(NAN), 30.0, 2.0, 2.0 / (1.0 + 9.357622968840175e-14), 2, MALL, "threshold NaN, z 30"},
    {SF(1.0), SF(NAN), INFINITY, 2.0, 2.0, 0, MALL, "threshold NaN, z +inf: 2 / (1 + 0)"},
    {SF(1.0), SF(INFINITY), 3.0, 1.0, 0.9525741268224333, 2, MALL, "threshold +inf"},
    {SF(1.0), SF(INFINITY), INFINITY, 3.0, 3.0, 0, MALL, "threshold +inf, z +inf: 3 / (1 + 0)"},
    {SF(1.0), SF(INFINITY), 100.0, 2.0, 2.0, 0, MALL, "threshold +inf, z 100: 1 + exp(-100) == 1"},
    {SF(1.0), SF(-INFINITY), -3.0, 1.0, 1.0, 0, MALL, "threshold -inf: finite z passes"},
    {SF(1.0), SF(-INFINITY), -INFINITY, 1.0, 0.0, 0, MALL, "threshold -inf, z -inf: sigmoid branch"},
    {SF(1.0), SF(-INFINITY), NAN, 1.0, NAN, -1, MALL, "threshold -inf, self NaN"},
    {SF(NAN), SF(20.0), 1.0, 1.0, NAN, -1, MALL, "beta NaN"},
    {SF(NAN), SF(20.0), 0.0, 1.0, NAN, -1, MALL, "beta NaN, self 0"},
    {SF(INFINITY), SF(20.0), 1.0, 1.5, 1.5, 0, MALL, "beta +inf, self > 0: z +inf"},
    {SF(INFINITY), SF(20.0), 0.0, 1.0, NAN, -1, MALL, "beta +inf, self 0: z NaN"},
    {SF(INFINITY), SF(20.0), -1.0, 1.0, 0.0, 0, MALL, "beta +inf, self < 0: z -inf"},
    {SF(INFINITY), SF(20.0), -1.0, -2.0, -0.0, 0, MALL, "beta +inf, self < 0, gradOutput < 0"},
    {SF(-INFINITY), SF(20.0), 1.0, 1.0, 0.0, 0, MALL, "beta -inf, self > 0"},
    {SF(-INFINITY), SF(20.0), -1.0, 1.5, 1.5, 0, MALL, "beta -inf, self < 0"},
    {SF(0.0), SF(20.0), 5.0, 3.0, 1.5, 0, MALL, "beta 0, threshold >= 0: factor 0.5"},
    {SF(0.0), SF(20.0), -5.0, 3.0, 1.5, 0, MALL, "beta 0, z = -0"},
    {SF(0.0), SF(20.0), INFINITY, 3.0, NAN, -1, MALL, "beta 0, self inf: z NaN"},
    {SF(0.0), SF(0.0), 5.0, 3.0, 1.5, 0, MALL, "beta 0, threshold 0 (the UT attributes)"},
    {SF(0.0), SF(-0.0), 5.0, 3.0, 1.5, 0, MALL, "beta 0, threshold -0: 0 > -0 is false"},
    {SF(0.0), SF(-0.5), 5.0, 3.0, 3.0, 0, MALL, "beta 0, threshold < 0: factor 1"},
    {SF(0.0), SF(-0.5), -5.0, 3.0, 3.0, 0, MALL, "beta 0, threshold < 0, z = -0"},
    {SF(0.0), SF(-INFINITY), 5.0, 3.0, 3.0, 0, MALL, "beta 0, threshold -inf"},
    {SF(0.0), SF(NAN), 5.0, 3.0, 1.5, 0, MALL, "beta 0, threshold NaN"},
    {SF(-0.0), SF(20.0), 5.0, 3.0, 1.5, 0, MALL, "beta -0"},
    {SF(1e30), SF(20.0), 0x1p33, 2.0, 2.0, 0, M32 | MBF | M64, "z overflows fp32 to +inf"},
    {SF(1e30), SF(20.0), -0x1p33, 2.0, 0.0, 0, M32 | MBF | M64, "z -inf (fp32) / -8.6e39 (double)"},
    /* subnormal inputs and results (no flush to zero) */
    {B1, 0.0, 0x1p-140, 0x1p-141, 0, M32 | M64, "subnormal gradOutput"},
    {B1, 0.0, 0x3p-149, 0x1p-148, 0, M32, "1.5 * 2^-149: tie to even"},
    {B1, 0.0, 0x1p-149, 0.0, 0, M32, "2^-150: tie to even (zero)"},
    {B1, 0.0, 0x3p-149, 0x3p-150, 0, M64, "double keeps 1.5 * 2^-149"},
    {B1, 0.0, 0x1p-1074, 0.0, 0, M64, "double 2^-1075: tie to even (zero)"},
    {B1, 0.0, 0x3p-1074, 0x1p-1073, 0, M64, "double 1.5 * 2^-1074: tie to even"},
    {B1, 0.0, 0x1p-1000, 0x1p-1001, 0, M64, "double subnormal result"},
    {B1, 0x1p-140, 3.0, 1.5, 0, M32 | M64, "subnormal self"},
    {B1, -0x1p-140, 3.0, 1.5, 0, M32 | M64, "negative subnormal self"},
    {B1, 0.0, 0x6p-24, 0x3p-24, 0, MALL, "fp16 subnormal result"},
    {B1, 0.0, 0x3p-24, 0x1p-23, 0, M16, "fp16: 1.5 * 2^-24 ties to even"},
    {B1, 0.0, 0x1p-24, 0.0, 0, M16, "fp16: 2^-25 ties to even (zero)"},
    {B1, 0.0, 0x3p-133, 0x1p-132, 0, MBF, "bf16: 1.5 * 2^-133 ties to even"},
    {B1, 0.0, 0x1p-133, 0.0, 0, MBF, "bf16: 2^-134 ties to even (zero)"},
    {B1, -17.0, 1.0, 4.1399375473943306e-08, 2, M16 | M32 | M64, "fp16 subnormal sigmoid"},
    /* large negative z */
    {B1, -10.0, 1.0, 4.5397868702434395e-05, 2, MALL, "z -10"},
    {B1, -87.0, 1.0, 1.6458114310822737e-38, 2, M32 | M64, "z -87: exp(87) finite in fp32"},
    {B1, -88.5, 1.0, 3.672301681915042e-39, 2, M32 | M64, "z -88.5: subnormal fp32 result"},
    {B1, -89.0, 1.0, 0.0, 0, M32 | MBF, "z -89: fp32 exp overflows, 1 / inf"},
    {B1, -89.0, 1.0, 2.2273635617957438e-39, 2, M64, "z -89 in double"},
    {B1, -100.0, 0x1p100, 0.0, 0, M32 | MBF, "huge gradOutput, fp32 exp overflow: 0 (true value 4.7e-14)"},
    {B1, -100.0, 0x1p100, 4.715756543897429e-14, 2, M64, "huge gradOutput in double"},
    {B1, -700.0, 1.0, 9.85967654375977e-305, 2, M64, "z -700 in double"},
    /* scalar conversion: ToFloat on the fp32 paths, ToDouble on the double path */
    {SF(1.0), SD(1.9999999999), 2.0, 1.0, 0.8807970779778824, 2, MF, "threshold ToFloat 2.0f == z"},
    {SF(1.0), SD(1.9999999999), 2.0, 1.0, 1.0, 0, M64, "threshold ToDouble < z"},
    {SD(0.1), SF(20.0), 10.0, 1.0, 0.7310585786300049, 2, MALL, "beta 0.1 (double scalar)"},
    {{ACL_INT32, 3.0}, {ACL_INT32, 5.0}, 2.0, 1.0, 1.0, 0, MALL, "integer scalars: z 6 > 5"},
    {{ACL_BOOL, 1.0}, {ACL_UINT8, 2.0}, 2.0, 1.0, 0.8807970779778824, 2, MALL, "bool beta, uint8 threshold"},
    {{ACL_COMPLEX64, 7.0}, SF(20.0), 5.0, 3.0, 1.5, 0, MALL, "complex beta converts to 0"},
    {{ACL_FLOAT16, 0.5}, {ACL_BF16, 1.5}, 2.0, 1.0, 0.7310585786300049, 2, MALL, "16-bit scalars: z 1"},
};
#define N_SPECIAL (int)N_ELEMS(k_special)

static bool representable(aclDataType dt, double v)
{
    unsigned char tmp[16] = {0};
    if (isnan(v))
        return true;
    acpu_test_store(dt, tmp, 0, v);
    double b = acpu_test_load(dt, tmp, 0);
    return b == v && signbit(b) == signbit(v);
}

static int dt_mask(aclDataType dt)
{
    return dt == ACL_FLOAT ? M32 : dt == ACL_FLOAT16 ? M16 : dt == ACL_BF16 ? MBF : M64;
}

/* _i = dtype * 2 + profile (host: arch35; Ascend910B: ascend910b). Each row replicated over 37
 * elements (vector body and tail); all rows of a dtype in one call pair per row. */
START_TEST(test_special_values)
{
    aclDataType dt = k_cdts[_i / 2];
    const char *soc = _i % 2 ? "Ascend910B" : "host";
    int applied = 0;
    for (int r = 0; r < N_SPECIAL; ++r) {
        const special_row *row = &k_special[r];
        if (!(row->mask & dt_mask(dt)))
            continue;
        ACPU_TEST_EXPECT(representable(dt, row->x) && representable(dt, row->go) &&
                             (row->tol != 0 || representable(dt, row->expect)),
                         "row %d (%s) is not representable in %s", r, row->note, dt_name(dt));
        applied++;
        int64_t n = 37;
        sp_call c;
        call_init_same(&c, dt, 1, &n);
        call_alloc(&c);
        c.soc = soc;
        for (int64_t i = 0; i < n; ++i) {
            acpu_test_store(dt, c.t[T_GO].data, (size_t)i, row->go);
            acpu_test_store(dt, c.t[T_SELF].data, (size_t)i, row->x);
        }
        sp_attrs a = {row->beta, row->thr};
        sp_run_ok(&c, &a);
        unsigned char want[8] = {0};
        size_t es = acpu_test_dtype_size(dt);
        acpu_test_store(dt, want, 0, row->expect);
        for (int64_t i = 0; i < n; ++i) {
            double got = acpu_test_load(dt, c.t[T_OUT].data, (size_t)i);
            const unsigned char *gb = (const unsigned char *)c.t[T_OUT].data + (size_t)i * es;
            bool ok;
            if (row->tol < 0)
                ok = isnan(got);
            else if (row->tol == 0 || dt == ACL_FLOAT16 || dt == ACL_BF16)
                ok = memcmp(gb, want, es) == 0;
            else
                ok = ulp_err(dt, got, row->expect) <= row->tol && signbit(got) == signbit(row->expect);
            ACPU_TEST_EXPECT(
                ok, "row %d (%s) %s %s beta %g threshold %g self %a gradOutput %a elem %lld: got %a expected %a", r,
                row->note, dt_name(dt), soc, row->beta.v, row->thr.v, row->x, row->go, (long long)i, got, row->expect);
        }
        call_free(&c);
    }
    ck_assert_int_ge(applied, 60);
}
END_TEST

/* The same special values through the mixed paths (fp32 compute): FLOAT16 gradOutput with FLOAT
 * self, and INT32 self; the fp32 expectations (mask M32) apply. */
START_TEST(test_special_values_mixed)
{
    int applied = 0;
    for (int r = 0; r < N_SPECIAL; ++r) {
        const special_row *row = &k_special[r];
        aclDataType gdt = _i ? ACL_FLOAT : ACL_FLOAT16, xdt = _i ? ACL_INT32 : ACL_FLOAT;
        bool x_ok = _i ? (isfinite(row->x) && row->x == trunc(row->x) && fabs(row->x) < 0x1p31 &&
                          !signbit(row->x + 0.0) == !signbit(row->x))
                       : representable(xdt, row->x);
        if (!(row->mask & M32) || !representable(gdt, row->go) || !x_ok)
            continue;
        if (row->tol == 0 && !representable(ACL_FLOAT, row->expect))
            continue;
        applied++;
        int64_t n = 9;
        sp_call c;
        call_init(&c, gdt, xdt, ACL_FLOAT, 1, &n, 1, &n);
        call_alloc(&c);
        for (int64_t i = 0; i < n; ++i) {
            acpu_test_store(gdt, c.t[T_GO].data, (size_t)i, row->go);
            acpu_test_store(xdt, c.t[T_SELF].data, (size_t)i, row->x);
        }
        sp_attrs a = {row->beta, row->thr};
        sp_run_ok(&c, &a);
        for (int64_t i = 0; i < n; ++i) {
            float got = ((const float *)c.t[T_OUT].data)[i], want = (float)row->expect;
            bool ok = row->tol < 0    ? isnan(got)
                      : row->tol == 0 ? memcmp(&got, &want, 4) == 0
                                      : ulp_err(ACL_FLOAT, got, row->expect) <= row->tol;
            ACPU_TEST_EXPECT(ok, "row %d (%s) %s x %s: got %a expected %a", r, row->note, dt_name(gdt), dt_name(xdt),
                             (double)got, row->expect);
        }
        call_free(&c);
    }
    ck_assert_int_ge(applied, 20);
}
END_TEST

/* Spec 3.8.9: {4,2} FLOAT through aclrtMalloc memory, beta 1.1f, threshold 1.2f, printed with %f. */
START_TEST(test_spec_example)
{
    static const char *const want[8] = {"0.052747", "0.110956", "0.174528", "0.243304",
                                        "0.317068", "0.395556", "0.478465", "0.565458"};
    int64_t shape[2] = {4, 2};
    float host[8] = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f}, zeros[8] = {0}, out[8];
    void *dev[3];
    aclTensor *t[3];
    for (int k = 0; k < 3; ++k) {
        ck_assert_int_eq(aclrtMalloc(&dev[k], sizeof host, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ck_assert_int_eq(
            aclrtMemcpy(dev[k], sizeof host, k == 2 ? zeros : host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
        t[k] = acpu_test_tensor(ACL_FLOAT, shape, 2, dev[k]);
        ck_assert_ptr_nonnull(t[k]);
    }
    aclScalar *beta = acpu_test_scalar_f32(1.1f), *thr = acpu_test_scalar_f32(1.2f);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    ck_assert_int_eq(aclnnSoftplusBackwardGetWorkspaceSize(t[0], t[1], beta, thr, t[2], &ws, &ex), ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclnnSoftplusBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    ck_assert_int_eq(aclrtMemcpy(out, sizeof out, dev[2], sizeof out, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (int i = 0; i < 8; ++i) {
        char line[64], exp_line[64];
        snprintf(line, sizeof line, "result[%d] is: %f", i, out[i]);
        snprintf(exp_line, sizeof exp_line, "result[%d] is: %s", i, want[i]);
        ck_assert_str_eq(line, exp_line);
    }
    for (int k = 0; k < 3; ++k) {
        aclDestroyTensor(t[k]);
        aclrtFree(dev[k]);
    }
    aclDestroyScalar(beta);
    aclDestroyScalar(thr);
}
END_TEST

/* ---- ranks 0..8 ------------------------------------------------------------------------------------- */

static const int64_t k_rank_dims[8] = {3, 2, 5, 1, 2, 3, 2, 2};

/* _i = rank. FLOAT, FLOAT16, DOUBLE: dense; gradOutput broadcast (odd dims 1; the last dims only;
 * 0-dim); self a reversed-dims (transposed) view. */
START_TEST(test_ranks)
{
    int rank = _i;
    acc_stats st[4] = {{0}};
    for (int d = 0; d < 4; ++d) {
        aclDataType dt = k_cdts[d];
        for (int v = 0; v < 5; ++v) {
            int64_t g[MAXR];
            int grank = rank;
            for (int k = 0; k < rank; ++k)
                g[k] = (v == 1 && k % 2) ? 1 : k_rank_dims[k];
            if (v == 2) {
                grank = rank / 2;
                memcpy(g, k_rank_dims + (rank - grank), (size_t)grank * sizeof g[0]);
            }
            if (v == 3)
                grank = 0;
            sp_call c;
            call_init(&c, dt, dt, dt, rank, k_rank_dims, grank, g);
            if (v == 4 && rank >= 2) {
                int perm[MAXR];
                for (int k = 0; k < rank; ++k)
                    perm[k] = rank - 1 - k;
                view_perm(&c.t[T_SELF], perm, 2);
                view_perm(&c.t[T_OUT], perm, 1);
            }
            call_alloc(&c);
            acpu_test_lcg_seed((uint64_t)(rank * 40 + d * 5 + v), 53);
            fill_inputs(&c, 0.02);
            c.soc = v % 2 ? "Ascend910B" : "host";
            sp_attrs a = ATTR(1.1, 1.2);
            sp_run_ok(&c, &a);
            acc_add(&c, &a, &st[d]);
            assert_sentinels(&c);
            call_free(&c);
        }
        char what[32];
        snprintf(what, sizeof what, "rank %d", rank);
        sp_attrs a = ATTR(1.1, 1.2);
        if (dt == ACL_FLOAT || dt == ACL_DOUBLE) /* 16-bit rates need more elements: bound only */
            acc_assert(what, dt, &a, &st[d]);
        else
            ck_assert_msg(st[d].max_ulp < 1.0, "%s %s: max_ulp %.3f", what, dt_name(dt), st[d].max_ulp);
    }
}
END_TEST

/* Rank 8 with many elements (RANK 8 plan split over several tiles and cores), broadcast gradOutput. */
START_TEST(test_rank8_large)
{
    static const int64_t shape[8] = {2, 3, 2, 3, 2, 3, 2, 300};
    static const int64_t gshape[8] = {2, 1, 2, 1, 2, 3, 1, 300};
    aclDataType dt = _i ? ACL_BF16 : ACL_FLOAT;
    sp_call c;
    call_init(&c, dt, dt, dt, 8, shape, _i ? 8 : 1, _i ? gshape : shape + 7);
    call_alloc(&c);
    acpu_test_lcg_seed(31 + (uint64_t)_i, 53);
    fill_inputs(&c, 0.0);
    c.soc = _i ? "Ascend950" : "host";
    sp_attrs a = ATTR(0.37, 3.0);
    ck_assert_int_eq(aclnnCpuSetNumThreads(2), ACL_SUCCESS);
    sp_run_ok(&c, &a);
    acc_stats s = {0};
    acc_add(&c, &a, &s);
    acc_assert("rank 8 large", dt, &a, &s);
    assert_sentinels(&c);
    call_free(&c);
}
END_TEST

/* ---- strided, offset and broadcast views ------------------------------------------------------------ */

enum {
    L_SPEC_DISCONTIG,   /* spec 3.8.1: self view {2,3} strides {2,1} over storage {3,2} */
    L_TRANSPOSE_BIG,    /* all three transposed {300,257} */
    L_OFFSET,           /* dense at offsets */
    L_EVERY_OTHER,      /* stride 2; output offset 1 */
    L_STRIDE0,          /* stride-0 views of the same shape: gradOutput rows, self columns */
    L_BCAST_RANK,       /* gradOutput {129} against self {64,129} */
    L_BCAST_ONES,       /* gradOutput {64,1} */
    L_BCAST_0DIM,       /* gradOutput 0-dim */
    L_BCAST_3D_STRIDED, /* gradOutput {4,1,8} every other element, self {4,3,8}, output stride 3 */
    L_PERMUTED3,        /* {17,33,65}, each tensor its own dim order */
    L_OUT_STRIDED,      /* dense inputs, output stride 3 offset 2 */
    L_BCAST_TRANSPOSED, /* gradOutput {1,4097}, self transposed {37,4097}, output dense */
    N_LAYOUTS
};

static void layout(sp_call *c, int which, aclDataType gdt, aclDataType xdt, aclDataType odt)
{
    static const int perm2[2] = {1, 0};
    switch (which) {
    case L_SPEC_DISCONTIG: {
        int64_t shape[2] = {2, 3};
        call_init(c, gdt, xdt, odt, 2, shape, 2, shape);
        c->t[T_SELF].strides[0] = 2;
        c->t[T_SELF].strides[1] = 1;
        c->t[T_SELF].storage = 6;
        break;
    }
    case L_TRANSPOSE_BIG: {
        int64_t shape[2] = {300, 257};
        call_init(c, gdt, xdt, odt, 2, shape, 2, shape);
        for (int t = 0; t < 3; ++t)
            view_perm(&c->t[t], perm2, t);
        break;
    }
    case L_OFFSET: {
        int64_t shape[1] = {5003};
        call_init(c, gdt, xdt, odt, 1, shape, 1, shape);
        for (int t = 0; t < 3; ++t) {
            c->t[t].offset = 3 + 4 * t;
            c->t[t].storage = 5003 + 3 + 4 * t + 5;
        }
        break;
    }
    case L_EVERY_OTHER: {
        int64_t shape[1] = {40001};
        call_init(c, gdt, xdt, odt, 1, shape, 1, shape);
        for (int t = 0; t < 3; ++t) {
            c->t[t].strides[0] = 2;
            c->t[t].offset = t == T_OUT;
            c->t[t].storage = 2 * 40001 + 1;
        }
        break;
    }
    case L_STRIDE0: {
        int64_t shape[2] = {64, 129};
        call_init(c, gdt, xdt, odt, 2, shape, 2, shape);
        c->t[T_GO].strides[0] = 0;
        c->t[T_GO].storage = 129;
        c->t[T_SELF].strides[0] = 1;
        c->t[T_SELF].strides[1] = 0;
        c->t[T_SELF].storage = 64;
        break;
    }
    case L_BCAST_RANK: {
        int64_t shape[2] = {64, 129};
        call_init(c, gdt, xdt, odt, 2, shape, 1, shape + 1);
        break;
    }
    case L_BCAST_ONES: {
        int64_t shape[2] = {64, 129}, g[2] = {64, 1};
        call_init(c, gdt, xdt, odt, 2, shape, 2, g);
        break;
    }
    case L_BCAST_0DIM: {
        int64_t shape[2] = {7, 1031};
        call_init(c, gdt, xdt, odt, 2, shape, 0, NULL);
        break;
    }
    case L_BCAST_3D_STRIDED: {
        int64_t shape[3] = {4, 3, 8}, g[3] = {4, 1, 8};
        call_init(c, gdt, xdt, odt, 3, shape, 3, g);
        c->t[T_GO].strides[0] = 16;
        c->t[T_GO].strides[1] = 99; /* size-1 dim: any stride */
        c->t[T_GO].strides[2] = 2;
        c->t[T_GO].storage = 64;
        for (int d = 0; d < 3; ++d)
            c->t[T_OUT].strides[d] *= 3;
        c->t[T_OUT].storage = 3 * 96;
        break;
    }
    case L_PERMUTED3: {
        static const int p0[3] = {2, 0, 1}, p1[3] = {1, 2, 0}, p2[3] = {2, 1, 0};
        const int *perms[3] = {p0, p1, p2};
        int64_t shape[3] = {17, 33, 65};
        call_init(c, gdt, xdt, odt, 3, shape, 3, shape);
        for (int t = 0; t < 3; ++t)
            view_perm(&c->t[t], perms[t], 2 * t + 1);
        break;
    }
    case L_OUT_STRIDED: {
        int64_t shape[1] = {20000};
        call_init(c, gdt, xdt, odt, 1, shape, 1, shape);
        c->t[T_OUT].strides[0] = 3;
        c->t[T_OUT].offset = 2;
        c->t[T_OUT].storage = 3 * 20000 + 4;
        break;
    }
    default: {
        int64_t shape[2] = {37, 4097}, g[2] = {1, 4097};
        call_init(c, gdt, xdt, odt, 2, shape, 2, g);
        view_perm(&c->t[T_SELF], perm2, 5);
        break;
    }
    }
}

/* gradOutput, self, gradInput (= compute dtype) */
static const aclDataType k_view_dts[][3] = {
    {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},     {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16, ACL_BF16},
    {ACL_DOUBLE, ACL_DOUBLE, ACL_DOUBLE},  {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},     {ACL_BF16, ACL_INT8, ACL_FLOAT},
    {ACL_DOUBLE, ACL_FLOAT16, ACL_DOUBLE},
};
static const char *const k_view_socs[3] = {"host", "Ascend910B", "Ascend950"};

/* _i: layout. Every dtype set, values and sentinels checked; 2 threads. */
START_TEST(test_strided_views)
{
    ck_assert_int_eq(aclnnCpuSetNumThreads(2), ACL_SUCCESS);
    acc_stats st[N_ELEMS(k_view_dts)] = {{0}};
    for (size_t d = 0; d < N_ELEMS(k_view_dts); ++d) {
        const aclDataType *dts = k_view_dts[d];
        sp_call c;
        layout(&c, _i, dts[0], dts[1], dts[2]);
        call_alloc(&c);
        acpu_test_lcg_seed((uint64_t)(_i * 10 + (int)d + 5), 53);
        fill_inputs(&c, 0.01);
        c.soc = k_view_socs[(_i + (int)d) % 3];
        sp_attrs a = k_attrs[(size_t)_i % N_ATTRS];
        sp_run_ok(&c, &a);
        acc_add(&c, &a, &st[d]);
        assert_sentinels(&c);
        call_free(&c);
        char what[48];
        snprintf(what, sizeof what, "layout %d %s x %s", _i, dt_name(dts[0]), dt_name(dts[1]));
        if (st[d].n >= 10000 || (dts[2] != ACL_FLOAT16 && dts[2] != ACL_BF16))
            acc_assert(what, dts[2], &a, &st[d]);
        else
            ck_assert_msg(st[d].n > 0 && st[d].max_ulp < 1.0, "%s: n %llu max_ulp %.3f", what,
                          (unsigned long long)st[d].n, st[d].max_ulp);
    }
}
END_TEST

/* ---- sizes around tile and core boundaries, per profile --------------------------------------------- */

static const int64_t k_sizes[] = {1, 7, 8, 9, 63, 64, 65, 1023, 1024, 1025, 3712, 3713, 4096, 4097, 65536 + 3};
static const char *const k_size_socs[3] = {"host", "Ascend910B", "Ascend950"};

/* _i = profile * 4 + dtype: every size (attributes alternate), statistics over all sizes. */
START_TEST(test_sizes)
{
    const char *soc = k_size_socs[_i / 4];
    aclDataType dt = k_cdts[_i % 4];
    acc_stats s = {0};
    sp_attrs a = ATTR(1.1, 1.2);
    for (size_t k = 0; k < N_ELEMS(k_sizes); ++k) {
        int64_t n = k_sizes[k];
        a = k_attrs[k % N_ATTRS];
        sp_call c;
        call_init_same(&c, dt, 1, &n);
        call_alloc(&c);
        call_tight_inputs(&c);
        acpu_test_lcg_seed((uint64_t)(n * 16 + _i), 53);
        fill_inputs(&c, 0.0);
        c.soc = soc;
        sp_run_ok(&c, &a);
        acc_stats one = {0};
        acc_add(&c, &a, &one);
        ACPU_TEST_EXPECT(one.max_ulp <= (dt == ACL_FLOAT16 || dt == ACL_BF16 ? 0.999 : 3.0),
                         "n=%lld %s %s: max ulp %.3f", (long long)n, soc, dt_name(dt), one.max_ulp);
        acc_add(&c, &a, &s);
        assert_sentinels(&c);
        call_free(&c);
    }
    char what[64];
    snprintf(what, sizeof what, "sizes 1..65539 on %s", soc);
    acc_assert(what, dt, &a, &s);
}
END_TEST

/* About a million elements: FLOAT on Ascend910B (ascend910b plan), BF16 on Ascend950, FLOAT16 on host. */
START_TEST(test_sizes_large)
{
    static const aclDataType dts[3] = {ACL_FLOAT, ACL_BF16, ACL_FLOAT16};
    static const char *const socs[3] = {"Ascend910B", "Ascend950", "host"};
    int64_t n = 1048576 + 3 + 2 * _i;
    sp_attrs a = k_attrs[_i];
    sp_call c;
    call_init_same(&c, dts[_i], 1, &n);
    call_alloc(&c);
    call_tight_inputs(&c);
    acpu_test_lcg_seed(4242 + (uint64_t)_i, 53);
    fill_inputs(&c, 0.0);
    c.soc = socs[_i];
    sp_run_ok(&c, &a);
    acc_stats s = {0};
    acc_add(&c, &a, &s);
    char what[48];
    snprintf(what, sizeof what, "n=%lld %s", (long long)n, socs[_i]);
    acc_assert(what, dts[_i], &a, &s);
    assert_sentinels(&c);
    call_free(&c);
}
END_TEST

/* ---- determinism ------------------------------------------------------------------------------------ */

#define N_DET 200003
#define DET_ROWS 443
#define DET_COLS 449 /* 443 * 449 = 198907 */

/* gradOutput, self (the output has the compute dtype) */
static const aclDataType k_det_dts[][2] = {
    {ACL_FLOAT, ACL_FLOAT},   {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16},
    {ACL_DOUBLE, ACL_DOUBLE}, {ACL_FLOAT16, ACL_FLOAT},   {ACL_BF16, ACL_INT16},
};
#define N_DET_DTS (int)N_ELEMS(k_det_dts)

typedef struct {
    const char *soc;
    int32_t cores;
    int64_t ub;
    int threads;
} profile;

static void set_profile(const profile *p)
{
    ck_assert_int_eq(aclnnCpuSetPlatform(p->soc, p->cores, p->ub), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(p->threads), ACL_SUCCESS);
}

/* Runs c (platform already set) and gathers the output view into dense row-major `dst`. */
static void run_gather(const sp_call *c, const sp_attrs *a, void *dst)
{
    sp_run_ok(c, a);
    size_t es = acpu_test_dtype_size(c->t[T_OUT].dt);
    int64_t n = numel_of(&c->t[T_OUT]);
    for (int64_t i = 0; i < n; ++i)
        memcpy((char *)dst + (size_t)i * es, (const char *)c->t[T_OUT].data + (size_t)vidx(c, T_OUT, i) * es, es);
}

static void assert_same_bits(aclDataType dt, const void *want, const void *got, int64_t n, const char *ctx)
{
    size_t es = acpu_test_dtype_size(dt);
    if (memcmp(want, got, (size_t)n * es) == 0)
        return;
    for (int64_t i = 0; i < n; ++i)
        ACPU_TEST_EXPECT(memcmp((const char *)want + (size_t)i * es, (const char *)got + (size_t)i * es, es) == 0,
                         "%s: element %lld of %lld differs: %a (baseline %a)", ctx, (long long)i, (long long)n,
                         acpu_test_load(dt, got, (size_t)i), acpu_test_load(dt, want, (size_t)i));
}

/* A dense {DET_ROWS, DET_COLS} or {N_DET} call with 2% special values; baseline host, 1 thread. */
static void det_dense(sp_call *c, int i, int rank)
{
    aclDataType gdt = k_det_dts[i][0], xdt = k_det_dts[i][1];
    int64_t shape[2] = {DET_ROWS, DET_COLS}, n = N_DET;
    if (rank == 2)
        call_init(c, gdt, xdt, acpu_test_softplus_compute_dt(gdt, xdt), 2, shape, 2, shape);
    else
        call_init(c, gdt, xdt, acpu_test_softplus_compute_dt(gdt, xdt), 1, &n, 1, &n);
    call_alloc(c);
    acpu_test_lcg_seed(1000 + (uint64_t)i, 53);
    fill_inputs(c, 0.02);
}

static const sp_attrs k_det_attrs = ATTR(1.1, 1.2);

/* INT64 self converts to float with one rounding: 2^60 + 2^36 + 1 -> 2^60 + 2^37 (through double it
 * would become 2^60 + 2^36 and then tie to 2^60). With beta 2^-60 and threshold 1, z = 1 + 2^-23 > 1
 * gives gradOutput exactly; z = 1 would give sigmoid(1). Also the negated value, and INT32 2^24 + 1
 * (-> 2^24) against threshold 2^24 (sigmoid branch, factor 1 in fp32). */
START_TEST(test_int64_self_single_rounding)
{
    static const int64_t xs[4] = {0x1000001000000001LL, -0x1000001000000001LL, 0x1000001000000001LL, 5};
    int64_t n = 4;
    sp_call c;
    call_init(&c, ACL_FLOAT, ACL_INT64, ACL_FLOAT, 1, &n, 1, &n);
    call_alloc(&c);
    memcpy(c.t[T_SELF].data, xs, sizeof xs);
    const float go[4] = {1.0f, -2.0f, 3.0f, 1.0f};
    memcpy(c.t[T_GO].data, go, sizeof go);
    c.soc = _i ? "Ascend910B" : "host";
    sp_attrs a = {{ACL_FLOAT, 0x1p-60}, {ACL_FLOAT, 1.0}};
    sp_run_ok(&c, &a);
    const float *o = c.t[T_OUT].data;
    ck_assert_msg(o[0] == 1.0f, "INT64 2^60+2^36+1: got %a, expected gradOutput 1 (z = 1 + 2^-23 > 1)", (double)o[0]);
    ck_assert_msg(o[2] == 3.0f, "got %a, expected 3", (double)o[2]);
    /* -(2^60+2^37) * 2^-60 = -(1 + 2^-23): -2 / (1 + exp(1 + 2^-23)) */
    double want1 = -2.0 / (1.0 + exp(1.0 + 0x1p-23));
    ck_assert_msg(ulp_err(ACL_FLOAT, o[1], want1) <= 3, "got %a expected %a", (double)o[1], want1);
    call_free(&c);
    int32_t xi[2] = {16777217, -16777217};
    float go2[2] = {1.0f, 1.0f};
    n = 2;
    call_init(&c, ACL_FLOAT, ACL_INT32, ACL_FLOAT, 1, &n, 1, &n);
    call_alloc(&c);
    memcpy(c.t[T_SELF].data, xi, sizeof xi);
    memcpy(c.t[T_GO].data, go2, sizeof go2);
    sp_attrs b = ATTR(1.0, 16777216.0);
    sp_run_ok(&c, &b);
    o = c.t[T_OUT].data;
    ck_assert_msg(o[0] == 1.0f, "INT32 2^24+1: got %a", (double)o[0]); /* 1 / (1 + exp(-2^24)) = 1 */
    ck_assert_msg(o[1] == 0.0f && !signbit(o[1]), "INT32 -(2^24+1): got %a", (double)o[1]);
    call_free(&c);
}
END_TEST

/* ---- the caller's floating-point state ------------------------------------------------------------- */

/* _i: 0 rounding upward; 1 FTZ|DAZ (x86) with rounding downward. Phase 1 (scalar conversion: beta
 * 0.1 as a DOUBLE scalar rounds differently under other modes) and phase 2 (threads) must compute
 * under the default environment: bits equal a default-mode run, and the caller's state is kept. */
START_TEST(test_fp_state)
{
    static const aclDataType dts[3] = {ACL_FLOAT, ACL_DOUBLE, ACL_BF16};
    sp_attrs a = {{ACL_DOUBLE, 0.1}, {ACL_DOUBLE, 2.3}};
    ck_assert_int_eq(aclnnCpuSetNumThreads(2), ACL_SUCCESS);
    for (int d = 0; d < 3; ++d) {
        int64_t n = 70001;
        sp_call c0, c1;
        call_init_same(&c0, dts[d], 1, &n);
        call_alloc(&c0);
        acpu_test_lcg_seed(606 + (uint64_t)d, 53);
        fill_inputs(&c0, 0.02);
        double tiny = dts[d] == ACL_DOUBLE ? 0x1p-1060 : dts[d] == ACL_BF16 ? 0x1p-130 : 0x1p-140;
        for (int64_t i = 0; i < n; i += 97) { /* subnormal gradOutput, self 0: result gradOutput / 2 */
            acpu_test_store(dts[d], c0.t[T_GO].data, (size_t)i, tiny);
            acpu_test_store(dts[d], c0.t[T_SELF].data, (size_t)i, 0.0);
        }
        c0.soc = d == 1 ? "Ascend910B" : "host";
        c1 = c0;
        c1.t[T_OUT].alloc = c1.t[T_OUT].data = xalloc((size_t)n * acpu_test_dtype_size(dts[d]));
        int mode = _i ? FE_DOWNWARD : FE_UPWARD;
        ck_assert_int_eq(fesetround(mode), 0);
#if defined(__x86_64__)
        unsigned csr0 = _mm_getcsr();
        if (_i)
            _mm_setcsr(csr0 | 0x8040u);
        unsigned csr_set = _mm_getcsr();
#endif
        aclnnStatus st = sp_run(&c1, &a);
        int mode_after = fegetround();
#if defined(__x86_64__)
        unsigned csr_after = _mm_getcsr();
        _mm_setcsr(csr0);
#endif
        fesetround(FE_TONEAREST);
        ck_assert_int_eq(st, ACLNN_SUCCESS);
        ck_assert_msg(mode_after == mode, "the call changed the rounding mode");
#if defined(__x86_64__)
        ck_assert_msg((csr_after & ~0x3Fu) == (csr_set & ~0x3Fu), "MXCSR control bits changed: %#x -> %#x", csr_set,
                      csr_after);
#endif
        sp_run_ok(&c0, &a);
        char ctx[64];
        snprintf(ctx, sizeof ctx, "%s under %s vs default", dt_name(dts[d]), _i ? "FTZ/DAZ, downward" : "upward");
        assert_same_bits(dts[d], c0.t[T_OUT].data, c1.t[T_OUT].data, n, ctx);
        acc_stats s = {0};
        acc_add(&c0, &a, &s);
        acc_assert("fp state default run", dts[d], &a, &s);
        for (int64_t i = 0; i < n; i += 97) {
            double got = acpu_test_load(dts[d], c0.t[T_OUT].data, (size_t)i);
            ACPU_TEST_EXPECT(got == tiny / 2, "%s elem %lld: subnormal result %a, expected %a", dt_name(dts[d]),
                             (long long)i, got, tiny / 2);
        }
        free(c1.t[T_OUT].alloc);
        call_free(&c0);
    }
}
END_TEST

/* _i: dtype pair. Threads 1/2/7 on host (arch35) and Ascend910B (ascend910b), other profiles and
 * coreNum/UB overrides: all bit-identical to host with 1 thread. */
START_TEST(test_det_profiles)
{
    static const profile runs[] = {
        {"host", 0, 0, 2},
        {"host", 0, 0, 7},
        {"Ascend910B", 0, 0, 1},
        {"Ascend910B", 0, 0, 2},
        {"Ascend910B", 0, 0, 7},
        {"Ascend910_93", 0, 0, 7},
        {"Ascend950", 0, 0, 2},
        {"Ascend950", 0, 0, 7},
        {"Ascend910B", 5, 65536, 2},
        {"Ascend910B", 3, 32768, 7},
        {"Ascend910B", 48, 1048576, 2},
        {"host", 3, 65536, 2},
        {"host", 5, 1048576, 7},
        {"Ascend950", 64, 32768, 7},
        {"Ascend950", 7, 1048576, 2},
        {"Ascend910", 4, 65536, 2},
    };
    sp_call c;
    det_dense(&c, _i, 1);
    aclDataType odt = c.t[T_OUT].dt;
    size_t bytes = (size_t)N_DET * acpu_test_dtype_size(odt);
    void *base = xalloc(bytes), *got = xalloc(bytes);
    set_profile(&(profile){"host", 0, 0, 1});
    run_gather(&c, &k_det_attrs, base);
    acc_stats s = {0};
    acc_add(&c, &k_det_attrs, &s);
    acc_assert("determinism baseline", odt, &k_det_attrs, &s);
    for (size_t k = 0; k < N_ELEMS(runs); ++k) {
        bool bf16 = k_det_dts[_i][0] == ACL_BF16 || k_det_dts[_i][1] == ACL_BF16;
        if (bf16 && strcmp(runs[k].soc, "Ascend910") == 0)
            continue;
        set_profile(&runs[k]);
        memset(c.t[T_OUT].data, SENTINEL, bytes);
        run_gather(&c, &k_det_attrs, got);
        char ctx[128];
        snprintf(ctx, sizeof ctx, "%s x %s on %s cores %d ub %lld threads %d vs host/1 thread",
                 dt_name(k_det_dts[_i][0]), dt_name(k_det_dts[_i][1]), runs[k].soc, runs[k].cores,
                 (long long)runs[k].ub, runs[k].threads);
        assert_same_bits(odt, base, got, N_DET, ctx);
    }
    free(base);
    free(got);
    call_free(&c);
}
END_TEST

/* Data pointers offset by 1..15 elements from a 64-byte aligned base (independently per tensor),
 * alternating host, Ascend910B and Ascend950, 2 threads. */
START_TEST(test_det_alignment)
{
    sp_call c;
    det_dense(&c, _i, 1);
    aclDataType odt = c.t[T_OUT].dt;
    size_t es[3], bytes = (size_t)N_DET * acpu_test_dtype_size(odt);
    void *base = xalloc(bytes), *got = xalloc(bytes);
    set_profile(&(profile){"host", 0, 0, 1});
    run_gather(&c, &k_det_attrs, base);
    char *buf[3];
    for (int t = 0; t < 3; ++t) {
        es[t] = acpu_test_dtype_size(c.t[t].dt);
        buf[t] = xalloc((size_t)(N_DET + 16) * es[t]);
    }
    for (int k = 1; k <= 15; ++k) {
        int off[3] = {k, (k * 7) % 15 + 1, (k * 11) % 15 + 1};
        sp_call m = c;
        for (int t = 0; t < 3; ++t) {
            m.t[t].data = buf[t] + (size_t)off[t] * es[t];
            if (t != T_OUT)
                memcpy(m.t[t].data, c.t[t].data, (size_t)N_DET * es[t]);
        }
        const char *soc = k_size_socs[k % 3];
        set_profile(&(profile){soc, 0, 0, 2});
        run_gather(&m, &k_det_attrs, got);
        char ctx[128];
        snprintf(ctx, sizeof ctx, "%s x %s pointer offsets %d/%d/%d elements (%s)", dt_name(k_det_dts[_i][0]),
                 dt_name(k_det_dts[_i][1]), off[0], off[1], off[2], soc);
        assert_same_bits(odt, base, got, N_DET, ctx);
    }
    for (int t = 0; t < 3; ++t)
        free(buf[t]);
    free(base);
    free(got);
    call_free(&c);
}
END_TEST

/* Copies the dense row-major values of tensor t of `dense` into the view v (storage allocated here,
 * other elements 0xFF). */
static void scatter(sp_call *c, int t, const sp_call *dense)
{
    size_t es = acpu_test_dtype_size(c->t[t].dt);
    c->t[t].alloc = c->t[t].data = xalloc((size_t)(c->t[t].storage + GUARD_ELEMS) * es);
    memset(c->t[t].data, t == T_OUT ? SENTINEL : 0xFF, (size_t)(c->t[t].storage + GUARD_ELEMS) * es);
    if (t == T_OUT)
        return;
    int64_t n = numel_of(&c->t[T_OUT]);
    for (int64_t i = 0; i < n; ++i)
        memcpy((char *)c->t[t].data + (size_t)vidx(c, t, i) * es, (const char *)dense->t[t].data + (size_t)i * es, es);
}

/* The same values through non-dense views (so Ascend910B plans arch35) as through dense tensors
 * (Ascend910B: ascend910b): stride 2, transposed, dense at an offset (still ascend910b), and a
 * broadcast gradOutput against its materialised copy. */
START_TEST(test_det_strategies)
{
    sp_call d;
    det_dense(&d, _i, 2);
    aclDataType odt = d.t[T_OUT].dt;
    int64_t n = (int64_t)DET_ROWS * DET_COLS;
    size_t bytes = (size_t)n * acpu_test_dtype_size(odt);
    void *base = xalloc(bytes), *got = xalloc(bytes);
    set_profile(&(profile){"Ascend910B", 0, 0, 2}); /* dense: the ascend910b plan */
    run_gather(&d, &k_det_attrs, base);
    static const int perm2[2] = {1, 0};
    for (int w = 0; w < 4; ++w) {
        sp_call v = d;
        for (int t = 0; t < 3; ++t) {
            if (w == 0) { /* every other element */
                v.t[t].strides[0] = 2 * DET_COLS;
                v.t[t].strides[1] = 2;
                v.t[t].storage = 2 * n;
            } else if (w == 1) {
                view_perm(&v.t[t], perm2, t);
            } else { /* offset, dense */
                v.t[t].offset = 3 + t;
                v.t[t].storage = n + 3 + t;
            }
        }
        for (int t = 0; t < 3; ++t)
            scatter(&v, t, &d);
        profile p = {w == 3 ? "host" : "Ascend910B", 0, 0, w == 1 ? 7 : 2};
        set_profile(&p);
        run_gather(&v, &k_det_attrs, got);
        char ctx[128];
        snprintf(ctx, sizeof ctx, "%s x %s view %d on %s vs dense on Ascend910B", dt_name(k_det_dts[_i][0]),
                 dt_name(k_det_dts[_i][1]), w, p.soc);
        assert_same_bits(odt, base, got, n, ctx);
        assert_sentinels(&v);
        for (int t = 0; t < 3; ++t)
            free(v.t[t].alloc);
    }
    /* broadcast gradOutput {1, DET_COLS} (arch35) vs its materialised dense copy (ascend910b) */
    sp_call m = d;
    size_t ges = acpu_test_dtype_size(d.t[T_GO].dt);
    for (int64_t r = 1; r < DET_ROWS; ++r)
        memcpy((char *)m.t[T_GO].data + (size_t)(r * DET_COLS) * ges, m.t[T_GO].data, (size_t)DET_COLS * ges);
    set_profile(&(profile){"Ascend910B", 0, 0, 2});
    run_gather(&m, &k_det_attrs, base);
    sp_call b = m;
    int64_t g[2] = {1, DET_COLS};
    view_dense(&b.t[T_GO], d.t[T_GO].dt, 2, g);
    b.t[T_GO].data = m.t[T_GO].data;
    for (int k = 0; k < 2; ++k) {
        set_profile(&(profile){k ? "host" : "Ascend910B", 0, 0, k ? 7 : 2});
        run_gather(&b, &k_det_attrs, got);
        assert_same_bits(odt, base, got, n,
                         k ? "broadcast gradOutput on host vs dense copy on Ascend910B"
                           : "broadcast gradOutput vs dense copy, Ascend910B");
    }
    free(base);
    free(got);
    call_free(&d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("softplus_math");
    TCase *tc = tcase_create("accuracy");
    tcase_add_loop_test(tc, test_accuracy_sweep, 0, 4);
    tcase_add_loop_test(tc, test_exp_range, 0, 4);
    tcase_add_loop_test(tc, test_exhaustive16, 0, 2);
    tcase_add_loop_test(tc, test_compute_type_pairs, 0, 40);
    tcase_add_loop_test(tc, test_16bit_rounded_first, 0, 2);
    tcase_add_loop_test(tc, test_special_values, 0, 8);
    tcase_add_loop_test(tc, test_special_values_mixed, 0, 2);
    tcase_add_test(tc, test_spec_example);
    tcase_add_loop_test(tc, test_int64_self_single_rounding, 0, 2);
    tcase_add_loop_test(tc, test_fp_state, 0, 2);
    suite_add_tcase(s, tc);
    tc = tcase_create("shapes");
    tcase_add_loop_test(tc, test_ranks, 0, 9);
    tcase_add_loop_test(tc, test_rank8_large, 0, 2);
    tcase_add_loop_test(tc, test_strided_views, 0, N_LAYOUTS);
    tcase_add_loop_test(tc, test_sizes, 0, 12);
    tcase_add_loop_test(tc, test_sizes_large, 0, 3);
    suite_add_tcase(s, tc);
    tc = tcase_create("determinism");
    tcase_add_loop_test(tc, test_det_profiles, 0, N_DET_DTS);
    tcase_add_loop_test(tc, test_det_alignment, 0, N_DET_DTS);
    tcase_add_loop_test(tc, test_det_strategies, 0, N_DET_DTS);
    suite_add_tcase(s, tc);
    return acpu_test_main(s);
}
