/* Exactness of the ReLU, Threshold and LeakyReLU families (doc/NUMERICS.md#relu-family): every
 * result equals, bit for bit, an independent reference of PyTorch's rule in that dtype
 * (aten/src/ATen/native/cpu/Activation.cpp, TensorCompareKernel.cpp) except where CANN's rule
 * differs, each such branch named after its doc/DECISIONS.md row:
 *   relu:                 x <= 0 ? 0 : x; PyTorch keeps -0, CANN gives +0 ("ReLU of -0")
 *   threshold_backward:   x <= thr ? +0 : dy; CANN with |thr| <= FLT_EPSILON runs ReluGrad, dy * (x <= 0 ?
 *                         0 : 1) ("ThresholdBackward at threshold 0"); INT32 through fp32 when thr != 0
 *                         ("ThresholdGradV2D INT32")
 *   threshold:            x <= thr ? value : x, thr and value converted to x's dtype (CANN rounds them to
 *                         fp16 / bf16: "Threshold on 16-bit floats")
 *   leaky_relu(_backward): x > 0 ? x : x * slope (dy * slope) in fp32, rounded once to fp16 / bf16; DOUBLE
 *                         with the float slope ("LeakyReLU DOUBLE slope")
 * Inputs: every fp16 / bf16 pattern, every int8 / uint8 / int16 value, fp32 / int32 / int64 random
 * patterns with the specials (+-0, +-inf, NaNs, subnormals, the breakpoints and their neighbours,
 * the integer extremes), on every profile group. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "aclnnop/aclnn_leaky_relu_backward.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* ---- calling an API on 1-D arrays ------------------------------------------------------------------ */

typedef struct {
    aclDataType dt; /* 0: FLOAT */
    double v;
} scal;

/* Runs `api` on n elements: tensor parameters take in[0], in[1], ... (an in-place API works on a
 * copy of in[0] in out), scalars take s[] in order, the bool `flag`. */
static void run(const char *name, aclDataType dt, size_t n, const void *const *in, void *out, const scal *s, bool flag)
{
    const acpu_api_def *api = acpu_api_find(name);
    ck_assert_ptr_nonnull(api);
    const int64_t shape[1] = {(int64_t)n};
    aclTensor *t[4] = {NULL};
    aclScalar *sc[2] = {NULL};
    acpu_arg a[ACPU_MAX_PARAMS];
    int nt = 0, ns = 0, ni = 0;
    for (int i = 0; i < api->n_params; i++) {
        acpu_param_kind k = api->params[i].kind;
        if (k == ACPU_P_SCALAR) {
            sc[ns] = acpu_test_scalar(s[ns].dt ? s[ns].dt : ACL_FLOAT, s[ns].v, 0.0);
            a[i].p = sc[ns++];
        } else if (k == ACPU_P_BOOL) {
            a[i].b = flag;
        } else if (k == ACPU_P_TIN) {
            a[i].p = t[nt++] = acpu_test_tensor(dt, shape, 1, (void *)in[ni++]);
        } else {
            if (k == ACPU_P_TINOUT)
                memcpy(out, in[ni++], n * acpu_test_dtype_size(dt));
            a[i].p = t[nt++] = acpu_test_tensor(dt, shape, 1, out);
        }
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = api->invoke(a, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "%s %s: %d (%s)", name, acpu_dtype_name(dt), rc, aclGetRecentErrMsg());
    void *w = ws ? malloc(ws) : NULL;
    ck_assert_int_eq(api->run(w, ws, exec, NULL), ACLNN_SUCCESS);
    free(w);
    for (int j = 0; j < nt; j++)
        aclDestroyTensor(t[j]);
    for (int j = 0; j < ns; j++)
        aclDestroyScalar(sc[j]);
}

/* ---- inputs ------------------------------------------------------------------------------------------ */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* fp32 specials: zeros, infinities, quiet and signalling NaNs of both signs, subnormals, the extremes,
 * the breakpoints 0 and `bp` with their neighbours. */
static size_t f32_specials(float bp, float *v)
{
    const float base[] = {0.0f,
                          -0.0f,
                          INFINITY,
                          -INFINITY,
                          bits_f32(0x7fc00000u),
                          bits_f32(0xffc00001u),
                          bits_f32(0x7f800001u),
                          bits_f32(0xff812345u),
                          0x1p-149f,
                          -0x1p-149f,
                          0x1.fffffcp-127f,
                          -0x1p-126f,
                          FLT_MAX,
                          -FLT_MAX,
                          1.0f,
                          -1.0f,
                          0.01f,
                          -1e-30f,
                          16777217.0f,
                          -16777217.0f};
    size_t n = 0;
    for (size_t i = 0; i < N_ELEMS(base); i++)
        v[n++] = base[i];
    v[n++] = bp;
    v[n++] = nextafterf(bp, INFINITY);
    v[n++] = nextafterf(bp, -INFINITY);
    v[n++] = -bp;
    return n;
}

/* n values of dtype dt in buf: every pattern for 16-bit floats and 8/16-bit integers (repeating),
 * otherwise the specials then random bit patterns (fp32) or values (integers, extremes included). */
static void fill(aclDataType dt, void *buf, size_t n, float bp, uint64_t seed)
{
    acpu_test_lcg_seed(seed, 53);
    float sp[32];
    size_t ns = f32_specials(bp, sp);
    static const int64_t iext[] = {0,         1,         -1,       2,         -2,  INT64_MAX, INT64_MIN,
                                   INT32_MAX, INT32_MIN, 16777217, -16777217, 127, -128,      255,
                                   32767,     -32768,    4,        5,         -4,  -5};
    for (size_t i = 0; i < n; i++) {
        uint64_t r = ((uint64_t)acpu_test_lcg_next() << 32) | acpu_test_lcg_next();
        switch (dt) {
        case ACL_FLOAT16:
        case ACL_BF16: ((uint16_t *)buf)[i] = (uint16_t)(i * 40503u + seed); break;
        case ACL_INT8: ((int8_t *)buf)[i] = (int8_t)(uint8_t)(i + seed); break;
        case ACL_UINT8: ((uint8_t *)buf)[i] = (uint8_t)(i + seed); break;
        case ACL_INT16: ((int16_t *)buf)[i] = (int16_t)(uint16_t)(i * 40503u + seed); break;
        case ACL_FLOAT: ((float *)buf)[i] = i < ns ? sp[i] : bits_f32((uint32_t)r); break;
        case ACL_DOUBLE: ((double *)buf)[i] = i < ns ? (double)sp[i] : acpu_test_lcg_logmag(-1030, 1020); break;
        case ACL_INT32: ((int32_t *)buf)[i] = i < N_ELEMS(iext) ? (int32_t)iext[i] : (int32_t)(r >> (r & 31)); break;
        case ACL_INT64: ((int64_t *)buf)[i] = i < N_ELEMS(iext) ? iext[i] : (int64_t)(r >> (r & 63)); break;
        default: ck_abort_msg("fill: dtype %d", (int)dt);
        }
    }
}

/* ---- element access and the 16-bit conversions (the tests' own) ------------------------------------ */

static double load(aclDataType dt, const void *b, size_t i) { return acpu_test_load(dt, b, i); }

static int64_t load_int(aclDataType dt, const void *b, size_t i)
{
    switch (dt) {
    case ACL_INT8: return ((const int8_t *)b)[i];
    case ACL_UINT8: return ((const uint8_t *)b)[i];
    case ACL_INT16: return ((const int16_t *)b)[i];
    case ACL_INT32: return ((const int32_t *)b)[i];
    default: return ((const int64_t *)b)[i];
    }
}

static bool is_int(aclDataType dt)
{
    return dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_DOUBLE;
}

/* The value rounded once to dt (floats), as the dtype stores it. */
static double round_to(aclDataType dt, double v)
{
    switch (dt) {
    case ACL_FLOAT: return (double)(float)v;
    case ACL_FLOAT16: return acpu_test_f16_to_f32(acpu_test_f64_to_f16(v));
    case ACL_BF16: return acpu_test_bf16_to_f32(acpu_test_f64_to_bf16(v));
    default: return v;
    }
}

/* got (element i of out) equals the reference: the same bits for a number (signed zeros included),
 * a NaN for NaN (exact NaN bits where `nan_bits` is given). */
static void expect_float(const char *what, aclDataType dt, const void *out, size_t i, double ref, const void *nan_bits)
{
    double got = load(dt, out, i);
    if (isnan(ref)) {
        size_t es = acpu_test_dtype_size(dt);
        ACPU_TEST_EXPECT(isnan(got) && (nan_bits == NULL || memcmp((const char *)out + i * es, nan_bits, es) == 0),
                         "%s %s element %zu: got %.9g, expected the NaN", what, acpu_dtype_name(dt), i, got);
        return;
    }
    ACPU_TEST_EXPECT(got == ref && signbit(got) == signbit(ref), "%s %s element %zu: got %.9g, expected %.9g", what,
                     acpu_dtype_name(dt), i, got, ref);
}

static void expect_int(const char *what, aclDataType dt, const void *out, size_t i, int64_t ref)
{
    int64_t got = load_int(dt, out, i);
    ACPU_TEST_EXPECT(got == ref, "%s %s element %zu: got %lld, expected %lld", what, acpu_dtype_name(dt), i,
                     (long long)got, (long long)ref);
}

/* (T)v for an int64 v: two's complement wrap. */
static int64_t wrap(aclDataType dt, int64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)(uint8_t)(uint64_t)v;
    case ACL_UINT8: return (uint8_t)(uint64_t)v;
    case ACL_INT16: return (int16_t)(uint16_t)(uint64_t)v;
    case ACL_INT32: return (int32_t)(uint32_t)(uint64_t)v;
    default: return v;
    }
}

/* ---- the profiles every case runs on ------------------------------------------------------------------ */

static const char *const k_socs[] = {"host", "Ascend950", "Ascend910B"};

enum { N = 65536 + 77 };

/* ---- ReLU ------------------------------------------------------------------------------------------------ */

static const aclDataType k_relu_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64};

START_TEST(test_relu_exact)
{
    aclDataType dt = k_relu_dts[_i % N_ELEMS(k_relu_dts)];
    const char *api = _i < (int)N_ELEMS(k_relu_dts) ? "aclnnRelu" : "aclnnInplaceRelu";
    size_t es = acpu_test_dtype_size(dt);
    unsigned char *x = malloc(N * es), *y = malloc(N * es);
    fill(dt, x, N, 0.0f, 7);
    for (size_t s = 0; s < N_ELEMS(k_socs); s++) {
        aclnnCpuSetPlatform(k_socs[s], 0, 0);
        const void *in[1] = {x};
        run(api, dt, N, in, y, NULL, false);
        for (size_t i = 0; i < N; i++) {
            if (is_int(dt)) {
                int64_t v = load_int(dt, x, i);
                expect_int(api, dt, y, i, v > 0 ? v : 0);
                continue;
            }
            double v = load(dt, x, i);
            /* PyTorch: clamp_min(x, 0) keeps -0 and NaN. "ReLU of -0": CANN gives +0. */
            double ref = v <= 0 ? 0.0 : v;
            expect_float(api, dt, y, i, ref, (const char *)x + i * es); /* a NaN comes back bit for bit */
        }
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    free(x);
    free(y);
}
END_TEST

/* ---- ThresholdBackward -------------------------------------------------------------------------------------- */

static const aclDataType k_tb_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT32};
static const float k_tb_thresholds[] = {0.0f, 1e-8f, -0.0f, 0.5f, -2.0f, 16777216.5f, INFINITY, NAN};

/* The reference of one element: PyTorch's threshold_backward, with CANN's two rules. */
static double tb_ref_float(aclDataType dt, double dy, double x, float thr)
{
    if (islessequal(fabsf(thr - 0.0f), FLT_EPSILON)) /* "ThresholdBackward at threshold 0": ReluGrad */
        return dy * (x <= 0 ? 0.0 : 1.0);
    (void)dt;
    return x <= (double)thr ? 0.0 : dy;
}

static int64_t tb_ref_int(aclDataType dt, int64_t dy, int64_t x, float thr)
{
    if (islessequal(fabsf(thr - 0.0f), FLT_EPSILON))
        return x <= 0 ? 0 : dy;
    if (dt == ACL_INT32) { /* "ThresholdGradV2D INT32": through fp32, saturating back */
        float r = (float)x <= thr ? 0.0f : (float)dy;
        return r >= 2147483648.0f ? INT32_MAX : (int64_t)r;
    }
    return (float)x <= thr ? 0 : dy;
}

START_TEST(test_threshold_backward_exact)
{
    aclDataType dt = k_tb_dts[_i / (int)N_ELEMS(k_tb_thresholds)];
    float thr = k_tb_thresholds[_i % (int)N_ELEMS(k_tb_thresholds)];
    size_t es = acpu_test_dtype_size(dt);
    unsigned char *dy = malloc(N * es), *x = malloc(N * es), *y = malloc(N * es);
    fill(dt, dy, N, 3.0f, 11);
    fill(dt, x, N, isfinite(thr) ? thr : 1.0f, 12);
    for (size_t s = 0; s < N_ELEMS(k_socs); s++) {
        aclnnCpuSetPlatform(k_socs[s], 0, 0);
        const void *in[2] = {dy, x};
        const scal sc[1] = {{0, thr}};
        run("aclnnThresholdBackward", dt, N, in, y, sc, false);
        for (size_t i = 0; i < N; i++) {
            if (is_int(dt))
                expect_int("threshold_backward", dt, y, i,
                           tb_ref_int(dt, load_int(dt, dy, i), load_int(dt, x, i), thr));
            else
                expect_float("threshold_backward", dt, y, i, tb_ref_float(dt, load(dt, dy, i), load(dt, x, i), thr),
                             NULL);
        }
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    free(dy);
    free(x);
    free(y);
}
END_TEST

/* The two operators give PyTorch's results where CANN's rules agree with it, and differ exactly as
 * the decisions say: ReluGrad keeps -0 and NaN from dy where x <= 0, ThresholdGradV2D gives +0. */
START_TEST(test_threshold_backward_operators)
{
    const float dy[4] = {-3.0f, INFINITY, NAN, 2.0f}, x[4] = {-1.0f, 0.0f, -0.0f, NAN};
    float y0[4], y1[4];
    const void *in[2] = {dy, x};
    aclnnCpuSetPlatform("host", 0, 0);
    run("aclnnThresholdBackward", ACL_FLOAT, 4, in, y0, (const scal[]){{0, 0.0}}, false);
    run("aclnnThresholdBackward", ACL_FLOAT, 4, in, y1, (const scal[]){{0, 1e-6}}, false);
    ck_assert_uint_eq(f32_bits(y0[0]), 0x80000000u); /* ReluGrad: -3 * 0 = -0 */
    ck_assert(isnan(y0[1]) && isnan(y0[2]));         /* inf * 0, NaN * 0 */
    ck_assert(y0[3] == 2.0f);                        /* NaN x passes dy */
    ck_assert_uint_eq(f32_bits(y1[0]), 0u);          /* ThresholdGradV2D (PyTorch): +0 */
    ck_assert_uint_eq(f32_bits(y1[1]), 0u);
    ck_assert_uint_eq(f32_bits(y1[2]), 0u);
    ck_assert(isnan(y1[3]) == 0 && y1[3] == 2.0f);
    aclnnCpuSetPlatform(NULL, 0, 0);
}
END_TEST

/* ThresholdGradV2D and ReluGrad broadcast on every profile (one-dim and NDDMA plans, small UBs):
 * the same bits as the materialised call. */
START_TEST(test_threshold_backward_broadcast)
{
    enum { R = 37, C = 129 };
    static const float thr[2] = {0.0f, 0.25f};
    float row[C], col[R], dy[R * C], x[R * C], y[R * C], ref[R * C];
    acpu_test_lcg_seed(91, 32);
    for (int j = 0; j < C; j++)
        row[j] = (float)acpu_test_lcg_sym(2.0);
    for (int i = 0; i < R; i++)
        col[i] = (float)acpu_test_lcg_sym(2.0);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            dy[i * C + j] = row[j];
            x[i * C + j] = col[i];
        }
    const int64_t rshape[2] = {1, C}, cshape[2] = {R, 1}, shape[2] = {R, C};
    for (int t = 0; t < 2; t++)
        for (size_t s = 0; s < N_ELEMS(k_socs); s++) {
            ck_assert_int_eq(aclnnCpuSetPlatform(k_socs[s], 3, 32768), ACL_SUCCESS);
            const void *in[2] = {dy, x};
            run("aclnnThresholdBackward", ACL_FLOAT, R * C, in, ref, (const scal[]){{0, thr[t]}}, false);
            aclTensor *a = acpu_test_tensor(ACL_FLOAT, rshape, 2, row),
                      *b = acpu_test_tensor(ACL_FLOAT, cshape, 2, col);
            aclTensor *o = acpu_test_tensor(ACL_FLOAT, shape, 2, y);
            aclScalar *sc = acpu_test_scalar(ACL_FLOAT, thr[t], 0.0);
            uint64_t ws = 0;
            aclOpExecutor *exec = NULL;
            ck_assert_int_eq(aclnnThresholdBackwardGetWorkspaceSize(a, b, sc, o, &ws, &exec), ACLNN_SUCCESS);
            ck_assert_int_eq(acpu_test_run_phase2(aclnnThresholdBackward, ws, exec), ACLNN_SUCCESS);
            ck_assert_msg(memcmp(y, ref, sizeof y) == 0, "threshold %g on %s: broadcast differs", (double)thr[t],
                          k_socs[s]);
            aclDestroyTensor(a);
            aclDestroyTensor(b);
            aclDestroyTensor(o);
            aclDestroyScalar(sc);
        }
    aclnnCpuSetPlatform(NULL, 0, 0);
}
END_TEST

/* ---- Threshold --------------------------------------------------------------------------------------------- */

static const aclDataType k_thr_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_INT8,
                                        ACL_UINT8, ACL_INT16,   ACL_INT32, ACL_INT64};

/* threshold and value pairs as scalars of their own dtype: breakpoints that round differently in the
 * 16-bit types, negative thresholds that truncate toward zero, integer scalars wider than the element
 * type (wrapped), NaN. */
static const scal k_thr_pairs[][2] = {
    {{0, 4.1}, {0, 10.0}},
    {{0, 0.99995}, {0, 7.0}},
    {{0, -4.5}, {0, 100.7}},
    {{ACL_INT64, 300}, {ACL_INT64, -1}},
    {{ACL_INT32, -70000}, {ACL_INT32, 65539}},
    {{0, -0.0}, {0, -0.0}},
    {{0, NAN}, {0, 1.0}},
    {{ACL_DOUBLE, 1e10}, {ACL_DOUBLE, -3.7}},
    {{0, 1.00049}, {0, 1.00049}},
};

/* ConvertToTensor of a scalar to dt (the tests' own reading of opbase's aclScalar::To). */
static double thr_float(aclDataType dt, const scal *s)
{
    double v = acpu_test_scalar_value(s->dt ? s->dt : ACL_FLOAT, s->v, false); /* ToFloat */
    return dt == ACL_FLOAT ? v : round_to(dt, v); /* "Threshold on 16-bit floats": rounded first */
}

static int64_t thr_int(aclDataType dt, const scal *s)
{
    aclDataType sdt = s->dt ? s->dt : ACL_FLOAT;
    int64_t v;
    if (sdt == ACL_FLOAT || sdt == ACL_DOUBLE) {
        double d = sdt == ACL_FLOAT ? (double)(float)s->v : s->v;
        v = isnan(d) ? 0 : d >= 0x1p63 ? INT64_MAX : d <= -0x1p63 ? INT64_MIN : (int64_t)d;
    } else {
        v = (int64_t)s->v;
    }
    return wrap(dt, v);
}

START_TEST(test_threshold_exact)
{
    size_t np = N_ELEMS(k_thr_pairs);
    aclDataType dt = k_thr_dts[(size_t)_i / np % N_ELEMS(k_thr_dts)];
    const scal *sc = k_thr_pairs[(size_t)_i % np];
    const char *api = (size_t)_i < np * N_ELEMS(k_thr_dts) ? "aclnnThreshold" : "aclnnInplaceThreshold";
    size_t es = acpu_test_dtype_size(dt);
    unsigned char *x = malloc(N * es), *y = malloc(N * es);
    fill(dt, x, N, isfinite(sc[0].v) ? (float)sc[0].v : 1.0f, 21);
    aclnnCpuSetPlatform(k_socs[(size_t)_i % N_ELEMS(k_socs)], 0, 0);
    const void *in[1] = {x};
    run(api, dt, N, in, y, sc, false);
    if (is_int(dt)) {
        int64_t t = thr_int(dt, &sc[0]), v = thr_int(dt, &sc[1]);
        for (size_t i = 0; i < N; i++) {
            int64_t a = load_int(dt, x, i);
            expect_int(api, dt, y, i, a <= t ? v : a);
        }
    } else {
        double t = thr_float(dt, &sc[0]), v = thr_float(dt, &sc[1]);
        for (size_t i = 0; i < N; i++) {
            double a = load(dt, x, i);
            double ref = a <= t ? v : a; /* NaN x and a NaN threshold keep x */
            /* a NaN x comes back bit for bit from the fp32 select (16-bit ones are widened, quieted) */
            expect_float(api, dt, y, i, ref, dt == ACL_FLOAT && isnan(a) ? (const char *)x + i * es : NULL);
        }
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    free(x);
    free(y);
}
END_TEST

/* ---- LeakyReLU ---------------------------------------------------------------------------------------------- */

static const aclDataType k_leaky_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
static const scal k_slopes[] = {{0, 0.01}, {0, -0.5},     {0, 0.0},          {ACL_DOUBLE, 0.1}, {ACL_INT64, 16777217},
                                {0, NAN},  {0, INFINITY}, {ACL_FLOAT16, 0.2}};

/* pass ? v : v * s (the slope its float, ToFloat), in fp32 for fp32 and 16-bit, rounded once to the
 * 16-bit type; in double for DOUBLE ("LeakyReLU DOUBLE slope": PyTorch's slope would be the double). */
static double leaky_ref(aclDataType dt, double v, bool pass, float s)
{
    if (pass)
        return v;
    if (dt == ACL_DOUBLE)
        return v * (double)s;
    float prod = (float)v * s; /* fp32 operands: one fp32 rounding */
    return round_to(dt, (double)prod);
}

START_TEST(test_leaky_relu_exact)
{
    size_t ns = N_ELEMS(k_slopes), per_api = ns * N_ELEMS(k_leaky_dts);
    int which = _i / (int)per_api; /* 0 LeakyRelu, 1 InplaceLeakyRelu, 2 LeakyReluBackward */
    aclDataType dt = k_leaky_dts[(size_t)_i / ns % N_ELEMS(k_leaky_dts)];
    const scal *sl = &k_slopes[(size_t)_i % ns];
    float s = (float)acpu_test_scalar_value(sl->dt ? sl->dt : ACL_FLOAT, sl->v, false);
    size_t es = acpu_test_dtype_size(dt);
    unsigned char *dy = malloc(N * es), *x = malloc(N * es), *y = malloc(N * es);
    fill(dt, x, N, 0.0f, 31);
    fill(dt, dy, N, 2.0f, 32);
    aclnnCpuSetPlatform(k_socs[(size_t)_i % N_ELEMS(k_socs)], 0, 0);
    static const char *const apis[] = {"aclnnLeakyRelu", "aclnnInplaceLeakyRelu", "aclnnLeakyReluBackward"};
    const void *in1[1] = {x}, *in2[2] = {dy, x};
    run(apis[which], dt, N, which == 2 ? in2 : in1, y, sl, false);
    for (size_t i = 0; i < N; i++) {
        double xv = load(dt, x, i), v = which == 2 ? load(dt, dy, i) : xv; /* the backward passes or scales dy */
        expect_float(apis[which], dt, y, i, leaky_ref(dt, v, xv > 0, s), NULL);
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    free(dy);
    free(x);
    free(y);
}
END_TEST

/* LeakyReLU's fp16 / bf16 results against the exact product x * s (every negative finite pattern):
 * below 1 ulp everywhere (measured at most 0.50003 ulp), once-rounded in nearly every element (the
 * misses are double roundings of the fp32 product onto a 16-bit halfway point, doc/NUMERICS.md). */
START_TEST(test_leaky_relu_accuracy)
{
    static const float slopes[] = {0.01f, 0.2f, 0.1f, -0.5f, 0.3f};
    aclDataType dt = _i < 5 ? ACL_FLOAT16 : ACL_BF16;
    float sl = slopes[_i % 5];
    enum { M = 65536 };
    static uint16_t x[M], y[M];
    for (size_t i = 0; i < M; i++)
        x[i] = (uint16_t)i;
    const void *in[1] = {x};
    aclnnCpuSetPlatform("host", 0, 0);
    run("aclnnLeakyRelu", dt, M, in, y, (const scal[]){{0, sl}}, false);
    double worst = 0;
    size_t n = 0, once = 0;
    for (size_t i = 0; i < M; i++) {
        double xv = load(dt, x, i);
        if (!(xv < 0) || isinf(xv))
            continue;
        double e = acpu_test_ulp_error(dt, load(dt, y, i), xv * (double)sl);
        worst = e > worst ? e : worst;
        once += e <= 0.5;
        n++;
    }
    ck_assert_msg(worst < 0.51, "%s slope %g: %.6f ulp", acpu_dtype_name(dt), (double)sl, worst);
    ck_assert_msg((double)once >= 0.995 * (double)n, "%s slope %g: once-rounded %zu of %zu", acpu_dtype_name(dt),
                  (double)sl, once, n);
}
END_TEST

/* Mixed dtypes of the backward compute in their promotion (fp16 with bf16: fp32) and cast the result. */
START_TEST(test_leaky_relu_backward_promotion)
{
    enum { M = 4096 };
    uint16_t dy[M], x[M];
    float y[M];
    fill(ACL_FLOAT16, dy, M, 0.0f, 41);
    fill(ACL_BF16, x, M, 0.0f, 42);
    const int64_t shape[1] = {M};
    aclTensor *a = acpu_test_tensor(ACL_FLOAT16, shape, 1, dy), *b = acpu_test_tensor(ACL_BF16, shape, 1, x);
    aclTensor *o = acpu_test_tensor(ACL_FLOAT, shape, 1, y);
    aclScalar *sc = acpu_test_scalar(ACL_FLOAT, 0.3, 0.0);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnCpuSetPlatform("host", 0, 0);
    ck_assert_int_eq(aclnnLeakyReluBackwardGetWorkspaceSize(a, b, sc, false, o, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnLeakyReluBackward, ws, exec), ACLNN_SUCCESS);
    for (size_t i = 0; i < M; i++) {
        double g = acpu_test_f16_to_f32(dy[i]), xv = acpu_test_bf16_to_f32(x[i]);
        double ref = xv > 0 ? g : (double)((float)g * 0.3f);
        expect_float("leaky_relu_backward f16 x bf16", ACL_FLOAT, y, i, ref, NULL);
    }
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(o);
    aclDestroyScalar(sc);
}
END_TEST

static Suite *relu_math_suite(void)
{
    Suite *s = suite_create("relu_math");
    TCase *tc = tcase_create("exact");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_relu_exact, 0, 2 * (int)N_ELEMS(k_relu_dts));
    tcase_add_loop_test(tc, test_threshold_backward_exact, 0, (int)(N_ELEMS(k_tb_dts) * N_ELEMS(k_tb_thresholds)));
    tcase_add_test(tc, test_threshold_backward_operators);
    tcase_add_test(tc, test_threshold_backward_broadcast);
    tcase_add_loop_test(tc, test_threshold_exact, 0, (int)(2 * N_ELEMS(k_thr_dts) * N_ELEMS(k_thr_pairs)));
    tcase_add_loop_test(tc, test_leaky_relu_exact, 0, (int)(3 * N_ELEMS(k_leaky_dts) * N_ELEMS(k_slopes)));
    tcase_add_test(tc, test_leaky_relu_backward_promotion);
    tcase_add_loop_test(tc, test_leaky_relu_accuracy, 0, 10);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(relu_math_suite()); }
