/* Exactness of the Hardtanh, Hardswish and Hardsigmoid families (doc/NUMERICS.md#hard), through the
 * public API on the ISA that ACLNN_CPU_MAX_ISA selects. Every result is checked bit for bit against
 * two independent scalar references:
 *   - CANN's rule: the open kernel's steps in fp32 (written here as scalar C), its limit conversions
 *     and its 16-bit rounding (nearest even, or ties away from zero where the kernel casts with
 *     CAST_ROUND); every element must equal it;
 *   - PyTorch's CPU rule (aten/src/ATen/native/cpu/Activation.cpp and the clamp kernel, vector path,
 *     2.8 and later for hardswish_backward): every element must equal it except in the cases
 *     doc/DECISIONS.md names, and each differing element must be one of those cases.
 * Inputs: every fp16 and bf16 value; fp32 special values (+-0, +-inf, NaN, subnormals, extremes),
 * the breakpoints +-3, the limits and their neighbours, random values over every binade; doubles;
 * every int8, uint8, int16 value and int32 / int64 extremes. The accuracy figures against the exact
 * values (fp32 ulp, 16-bit ulp and the fraction equal to the once-rounded value) are asserted
 * against the bounds doc/NUMERICS.md states, and printed. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "ops/acpu_registry.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_IN 2

/* ---- calls ----------------------------------------------------------------------------------------- */

/* Registry API `name` on 1-D tensors of n elements: input slot k of dtype dts[k] over in[k], the
 * output of dtype dt_out over out (an in-place API: out holds input 0 and is its selfRef), the
 * scalar of attribute slot k sc[k]. Returns phase 1's status; phase 2 must succeed. */
static aclnnStatus hard_call(const char *name, int64_t n, const aclDataType *dts, void *const *in, aclDataType dt_out,
                             void *out, aclScalar *const *sc)
{
    const acpu_api_def *api = acpu_api_find(name);
    ck_assert_msg(api != NULL, "%s is not in the registry", name);
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *t[MAX_IN + 1] = {NULL};
    acpu_arg a[ACPU_MAX_PARAMS];
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        switch (p->kind) {
        case ACPU_P_TIN:
            t[p->slot] = aclCreateTensor(shape, 1, dts[p->slot], st, 0, ACL_FORMAT_ND, shape, 1, in[p->slot]);
            a[i].p = t[p->slot];
            break;
        case ACPU_P_SCALAR:
        case ACPU_P_SCALAR_OPT: a[i].p = sc[p->slot]; break;
        default:
            t[MAX_IN] = aclCreateTensor(shape, 1, dt_out, st, 0, ACL_FORMAT_ND, shape, 1, out);
            a[i].p = t[MAX_IN];
            break;
        }
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = api->invoke(a, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        ck_assert_int_eq(acpu_test_run_phase2(api->run, ws, exec), ACLNN_SUCCESS);
    for (int k = 0; k <= MAX_IN; k++)
        aclDestroyTensor(t[k]);
    return rc;
}

static void hard_run(const char *name, int64_t n, const aclDataType *dts, void *const *in, aclDataType dt_out,
                     void *out, aclScalar *const *sc)
{
    aclnnStatus rc = hard_call(name, n, dts, in, dt_out, out, sc);
    ck_assert_msg(rc == ACLNN_SUCCESS, "%s phase 1: %d (%s)", name, rc, aclGetRecentErrMsg());
}

/* ---- values ---------------------------------------------------------------------------------------- */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* Equal as results: the same bits, or both NaN. */
static bool same_f32(float a, float b) { return f32_bits(a) == f32_bits(b) || (isnan(a) && isnan(b)); }

static float widen16(aclDataType dt, uint16_t h)
{
    return dt == ACL_FLOAT16 ? acpu_test_f16_to_f32(h) : acpu_test_bf16_to_f32(h);
}

/* Nearest-even narrowing of an fp32 value (one rounding from double of the same value). */
static uint16_t even16(aclDataType dt, float v)
{
    return dt == ACL_FLOAT16 ? acpu_test_f64_to_f16(v) : acpu_test_f64_to_bf16(v);
}

/* The exact value rounded once to the 16-bit format (nearest even). */
static uint16_t once16(aclDataType dt, double v)
{
    return dt == ACL_FLOAT16 ? acpu_test_f64_to_f16(v) : acpu_test_f64_to_bf16(v);
}

/* Whether fp32 v lies exactly halfway between two values of the 16-bit format (written from the
 * format's grid, independently of the kernels' method). */
static bool tie16(aclDataType dt, float v)
{
    if (!isfinite(v) || v == 0.0f)
        return false;
    int man = dt == ACL_FLOAT16 ? 10 : 7, emin = dt == ACL_FLOAT16 ? -14 : -126, e;
    double a = fabs((double)v);
    frexp(a, &e); /* a in [2^(e-1), 2^e) */
    int q = e - 1 < emin ? emin : e - 1;
    double ulp = ldexp(1.0, q - man), k = a / ulp;
    return k - floor(k) == 0.5;
}

/* Ties-away-from-zero narrowing (AscendC Cast CAST_ROUND). */
static uint16_t away16(aclDataType dt, float v)
{
    uint16_t r = even16(dt, v);
    if (!tie16(dt, v))
        return r;
    int man = dt == ACL_FLOAT16 ? 10 : 7, emin = dt == ACL_FLOAT16 ? -14 : -126, e;
    double a = fabs((double)v);
    frexp(a, &e);
    int q = e - 1 < emin ? emin : e - 1;
    double ulp = ldexp(1.0, q - man), up = (floor(a / ulp) + 1.0) * ulp;
    return even16(dt, (float)copysign(up, (double)v)); /* up is on the grid (or overflows to inf) */
}

/* Every fp32 case: specials, breakpoints and their neighbours, then random values. */
static const float k_specials[] = {
    0.0f,    -0.0f,    INFINITY, -INFINITY, NAN,   -NAN,   FLT_MIN,  -FLT_MIN, 0x1p-149f, -0x1p-149f, 0x1.8p-140f,
    FLT_MAX, -FLT_MAX, 3.0f,     -3.0f,     6.0f,  -6.0f,  1.5f,     -1.5f,    1.0f,      -1.0f,      0.5f,
    2.4f,    1.2f,     -1.25f,   2.5f,      1e30f, -1e30f, 65504.0f, 65520.0f, -65520.0f};

enum { F32_N = 1 << 17 };

static float *f32_inputs(uint64_t seed)
{
    float *x = malloc(sizeof(float) * F32_N);
    ck_assert_ptr_nonnull(x);
    int n = 0;
    for (size_t i = 0; i < N_ELEMS(k_specials); i++)
        x[n++] = k_specials[i];
    static const float breaks[] = {3.0f, -3.0f, 1.2f, 2.4f, -1.25f, 2.5f, 6.0f, -6.0f, 0.0f, 1.0f};
    for (size_t b = 0; b < N_ELEMS(breaks); b++) { /* 16 neighbours on each side */
        float lo = breaks[b], hi = breaks[b];
        for (int k = 0; k < 16; k++) {
            lo = nextafterf(lo, -INFINITY);
            hi = nextafterf(hi, INFINITY);
            x[n++] = lo;
            x[n++] = hi;
        }
    }
    acpu_test_lcg_seed(seed, 53);
    for (; n < F32_N; n++)
        x[n] = n % 2 ? (float)acpu_test_lcg_logmag(-40, 12) : (float)acpu_test_lcg_sym(8.0);
    return x;
}

/* Rotates a[0..F32_N) left by k. */
static void rotate(float *a, int k)
{
    float head[16];
    memcpy(head, a, sizeof(float) * (size_t)k);
    memmove(a, a + k, sizeof(float) * (size_t)(F32_N - k));
    memcpy(a + F32_N - k, head, sizeof(float) * (size_t)k);
}

static uint16_t *all16(void)
{
    uint16_t *h = malloc(sizeof(uint16_t) * 65536);
    ck_assert_ptr_nonnull(h);
    for (uint32_t i = 0; i < 65536; i++)
        h[i] = (uint16_t)i;
    return h;
}

static const aclDataType k_dt16[2] = {ACL_FLOAT16, ACL_BF16};

/* The ulp of fp32 at |v| (subnormal spacing below the normal range). */
static double ulp32(double v)
{
    int e;
    frexp(fabs(v), &e);
    return ldexp(1.0, (e - 1 < -126 ? -126 : e - 1) - 23);
}

/* ---- Hardtanh ------------------------------------------------------------------------------------- */

/* clamp as CANN's Max(x, min) then Min(., max) and PyTorch's clamp: a NaN x stays, a NaN limit is
 * passed over, -0 stays -0 against a +0 limit. */
static float clamp_ref(float x, float lo, float hi)
{
    float r = x;
    if (lo > r)
        r = lo;
    if (hi < r)
        r = hi;
    return r;
}

static const float k_limits[][2] = {{1.2f, 2.4f},          {-1.0f, 1.0f}, {0.0f, 6.0f}, {-0.0f, 0.0f},   {3.0f, 3.0f},
                                    {-INFINITY, INFINITY}, {NAN, 1.0f},   {-1.0f, NAN}, {-1e30f, 1e-30f}};

START_TEST(test_hardtanh_f32)
{
    aclnnCpuSetPlatform("host", 0, 0);
    float *x = f32_inputs(0x4a1), *out = malloc(sizeof(float) * F32_N);
    const aclDataType dts[1] = {ACL_FLOAT};
    for (size_t l = 0; l < N_ELEMS(k_limits); l++) {
        aclScalar *sc[2] = {acpu_test_scalar_f32(k_limits[l][0]), acpu_test_scalar_f32(k_limits[l][1])};
        hard_run("aclnnHardtanh", F32_N, dts, (void *const[]){x}, ACL_FLOAT, out, sc);
        for (int i = 0; i < F32_N; i++) {
            float want = clamp_ref(x[i], k_limits[l][0], k_limits[l][1]);
            ACPU_TEST_EXPECT(same_f32(out[i], want), "limits %a %a x %a: got %a want %a", (double)k_limits[l][0],
                             (double)k_limits[l][1], (double)x[i], (double)out[i], (double)want);
        }
        /* in place: the same bits */
        float *io = malloc(sizeof(float) * F32_N);
        memcpy(io, x, sizeof(float) * F32_N);
        hard_run("aclnnInplaceHardtanh", F32_N, dts, (void *const[]){io}, ACL_FLOAT, io, sc);
        ck_assert(memcmp(io, out, sizeof(float) * F32_N) == 0);
        free(io);
        aclDestroyScalar(sc[0]);
        aclDestroyScalar(sc[1]);
    }
    free(x);
    free(out);
}
END_TEST

/* The limits as CANN converts them for a 16-bit self: fp16_t(ToDouble) (one rounding), bfloat16(ToFloat). */
static float limit16(aclDataType dt, double v, aclDataType sdt)
{
    if (dt == ACL_FLOAT16)
        return acpu_test_f16_to_f32(acpu_test_f64_to_f16(acpu_test_scalar_value(sdt, v, true)));
    return acpu_test_bf16_to_f32(acpu_test_f64_to_bf16((float)acpu_test_scalar_value(sdt, v, false)));
}

START_TEST(test_hardtanh_16bit)
{
    aclDataType dt = k_dt16[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    uint16_t *x = all16(), *out = malloc(sizeof(uint16_t) * 65536);
    const aclDataType dts[1] = {dt};
    /* float limits, a double limit between two fp16 values where going through float would tie, an
     * int limit */
    static const struct {
        aclDataType sdt;
        double lo, hi;
    } cases[] = {{ACL_FLOAT, 1.2, 2.4},          {ACL_FLOAT, -1.0, 1.0},
                 {ACL_FLOAT, -65504.0, 70000.0}, {ACL_DOUBLE, -3.0, 1.0 + 0x1p-11 + 0x1p-40},
                 {ACL_INT32, -2.0, 5.0},         {ACL_FLOAT, NAN, 0.5}};
    for (size_t c = 0; c < N_ELEMS(cases); c++) {
        aclScalar *sc[2] = {acpu_test_scalar(cases[c].sdt, cases[c].lo, 0),
                            acpu_test_scalar(cases[c].sdt, cases[c].hi, 0)};
        float lo = limit16(dt, cases[c].lo, cases[c].sdt), hi = limit16(dt, cases[c].hi, cases[c].sdt);
        hard_run("aclnnHardtanh", 65536, dts, (void *const[]){x}, dt, out, sc);
        for (uint32_t i = 0; i < 65536; i++) {
            float want = clamp_ref(widen16(dt, x[i]), lo, hi), got = widen16(dt, out[i]);
            ACPU_TEST_EXPECT(same_f32(got, want) && (isnan(want) || out[i] == even16(dt, want)),
                             "dtype %d case %zu x %04x: got %04x want %a", (int)dt, c, x[i], out[i], (double)want);
        }
        aclDestroyScalar(sc[0]);
        aclDestroyScalar(sc[1]);
    }
    /* the double limit: one rounding (1 + 2^-10); PyTorch's Half(float(double)) ties to 1.0 */
    if (dt == ACL_FLOAT16) {
        uint16_t two = 0x4000, r;
        aclScalar *sc[2] = {acpu_test_scalar(ACL_DOUBLE, -3.0, 0),
                            acpu_test_scalar(ACL_DOUBLE, 1.0 + 0x1p-11 + 0x1p-40, 0)};
        hard_run("aclnnHardtanh", 1, dts, (void *const[]){&two}, dt, &r, sc);
        ck_assert_uint_eq(r, 0x3c01);
        aclDestroyScalar(sc[0]);
        aclDestroyScalar(sc[1]);
    }
    free(x);
    free(out);
}
END_TEST

START_TEST(test_hardtanh_f64)
{
    aclnnCpuSetPlatform("host", 0, 0);
    enum { N = 4096 };
    double *x = malloc(sizeof(double) * N), *out = malloc(sizeof(double) * N);
    acpu_test_lcg_seed(0x64, 53);
    for (int i = 0; i < N; i++)
        x[i] = i < (int)N_ELEMS(k_specials) ? (double)k_specials[i] : acpu_test_lcg_logmag(-1070, 20);
    x[N - 1] = 0x1p-1074;
    x[N - 2] = 1.0 + 0x1p-52;
    const aclDataType dts[1] = {ACL_DOUBLE};
    aclScalar *sc[2] = {acpu_test_scalar(ACL_DOUBLE, -0.1, 0), acpu_test_scalar(ACL_DOUBLE, 1.0 + 0x1p-52, 0)};
    hard_run("aclnnHardtanh", N, dts, (void *const[]){x}, ACL_DOUBLE, out, sc);
    for (int i = 0; i < N; i++) {
        double want = x[i];
        if (-0.1 > want)
            want = -0.1;
        if (1.0 + 0x1p-52 < want)
            want = 1.0 + 0x1p-52;
        ACPU_TEST_EXPECT(memcmp(&out[i], &want, sizeof want) == 0 || (isnan(want) && isnan(out[i])),
                         "x %a: got %a want %a", x[i], out[i], want);
    }
    aclDestroyScalar(sc[0]);
    aclDestroyScalar(sc[1]);
    free(x);
    free(out);
}
END_TEST

/* Integer self: every int8 / uint8 / int16 value, int32 / int64 extremes and random values, limits
 * converted as ToInt64 then cast to the type (a wrap when out of range, CANN's static_cast). */
static int64_t int_min_of(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8: return INT8_MIN;
    case ACL_UINT8: return 0;
    case ACL_INT16: return INT16_MIN;
    case ACL_INT32: return INT32_MIN;
    default: return INT64_MIN;
    }
}

static int64_t int_max_of(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8: return INT8_MAX;
    case ACL_UINT8: return UINT8_MAX;
    case ACL_INT16: return INT16_MAX;
    case ACL_INT32: return INT32_MAX;
    default: return INT64_MAX;
    }
}

static int64_t int_load(aclDataType dt, const void *b, size_t i)
{
    switch (dt) {
    case ACL_INT8: return ((const int8_t *)b)[i];
    case ACL_UINT8: return ((const uint8_t *)b)[i];
    case ACL_INT16: return ((const int16_t *)b)[i];
    case ACL_INT32: return ((const int32_t *)b)[i];
    default: return ((const int64_t *)b)[i];
    }
}

static void int_store(aclDataType dt, void *b, size_t i, int64_t v)
{
    switch (dt) {
    case ACL_INT8: ((int8_t *)b)[i] = (int8_t)v; break;
    case ACL_UINT8: ((uint8_t *)b)[i] = (uint8_t)v; break;
    case ACL_INT16: ((int16_t *)b)[i] = (int16_t)v; break;
    case ACL_INT32: ((int32_t *)b)[i] = (int32_t)v; break;
    default: ((int64_t *)b)[i] = v; break;
    }
}

/* v cast to the type (wrapping), as a value. */
static int64_t int_wrap(aclDataType dt, int64_t v)
{
    int64_t r;
    unsigned char b[8];
    int_store(dt, b, 0, v);
    r = int_load(dt, b, 0);
    return r;
}

static aclScalar *int64_scalar(int64_t v) { return aclCreateScalar(&v, ACL_INT64); }

static const aclDataType k_ints[] = {ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64};

START_TEST(test_hardtanh_ints)
{
    aclDataType dt = k_ints[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    size_t es = acpu_test_dtype_size(dt);
    int64_t lo_t = int_min_of(dt), hi_t = int_max_of(dt);
    int64_t n = dt == ACL_INT8 || dt == ACL_UINT8 ? 256 : 65536;
    unsigned char *x = malloc((size_t)n * es), *out = malloc((size_t)n * es);
    acpu_test_lcg_seed(0x17 + (uint64_t)_i, 32);
    for (int64_t i = 0; i < n; i++) {
        int64_t v = n == 256 ? lo_t + i
                    : es == 2
                        ? INT16_MIN + i
                        : (int64_t)((uint64_t)acpu_test_lcg_next() << 32 | acpu_test_lcg_next()) >> (es == 4 ? 32 : 0);
        int_store(dt, x, (size_t)i, v);
    }
    int_store(dt, x, 0, lo_t);
    int_store(dt, x, 1, hi_t);
    int_store(dt, x, 2, 0);
    /* limits: (ToInt64 of) int64 scalars including the type's extremes and out-of-range values
     * (wrapped), float scalars (truncated toward zero) */
    const int64_t ilims[][2] = {{-5, 5}, {lo_t, hi_t}, {lo_t + 1, hi_t - 1}, {3, 3}, {-200, 300}, {0, 0}};
    const aclDataType dts[1] = {dt};
    for (size_t l = 0; l < N_ELEMS(ilims) + 2; l++) {
        aclScalar *sc[2];
        int64_t lo, hi;
        if (l < N_ELEMS(ilims)) {
            sc[0] = int64_scalar(ilims[l][0]);
            sc[1] = int64_scalar(ilims[l][1]);
            lo = ilims[l][0];
            hi = ilims[l][1];
        } else { /* -1.7 and 2.9 truncate to -1 and 2; 0.5 and 1e3 to 0 and 1000 */
            float f[2] = {l == N_ELEMS(ilims) ? -1.7f : 0.5f, l == N_ELEMS(ilims) ? 2.9f : 1e3f};
            sc[0] = acpu_test_scalar_f32(f[0]);
            sc[1] = acpu_test_scalar_f32(f[1]);
            lo = (int64_t)f[0];
            hi = (int64_t)f[1];
        }
        int64_t wlo = int_wrap(dt, lo), whi = int_wrap(dt, hi);
        hard_run("aclnnHardtanh", n, dts, (void *const[]){x}, dt, out, sc);
        for (int64_t i = 0; i < n; i++) {
            int64_t v = int_load(dt, x, (size_t)i), r = wlo > v ? wlo : v;
            r = whi < r ? whi : r;
            ACPU_TEST_EXPECT(int_load(dt, out, (size_t)i) == r, "limits %lld %lld x %lld: got %lld want %lld",
                             (long long)lo, (long long)hi, (long long)v, (long long)int_load(dt, out, (size_t)i),
                             (long long)r);
        }
        aclDestroyScalar(sc[0]);
        aclDestroyScalar(sc[1]);
    }
    free(x);
    free(out);
}
END_TEST

/* ---- HardtanhBackward ------------------------------------------------------------------------------ */

static float htg_cann(float g, float x, float lo, float hi) { return ((x > lo && x < hi) || x != x) ? g : 0.0f; }

/* PyTorch's vector path: ((x > min) & (x < max)) & grad: a NaN x gives 0. */
static float htg_torch(float g, float x, float lo, float hi) { return x > lo && x < hi ? g : 0.0f; }

START_TEST(test_hardtanh_backward)
{
    aclnnCpuSetPlatform("host", 0, 0);
    const float lo = -1.25f, hi = 2.5f;
    aclScalar *sc[2] = {acpu_test_scalar_f32(lo), acpu_test_scalar_f32(hi)};
    /* fp32: the inputs as self, random gradients (specials among them) */
    float *x = f32_inputs(0x7b), *g = f32_inputs(0x7c), *out = malloc(sizeof(float) * F32_N);
    rotate(g, 7);
    const aclDataType d32[2] = {ACL_FLOAT, ACL_FLOAT};
    hard_run("aclnnHardtanhBackward", F32_N, d32, (void *const[]){x, g}, ACL_FLOAT, out, sc);
    int nan_diffs = 0;
    for (int i = 0; i < F32_N; i++) {
        float want = htg_cann(g[i], x[i], lo, hi), torch = htg_torch(g[i], x[i], lo, hi);
        ACPU_TEST_EXPECT(f32_bits(out[i]) == f32_bits(want), "x %a g %a: got %a want %a", (double)x[i], (double)g[i],
                         (double)out[i], (double)want);
        if (f32_bits(out[i]) != f32_bits(torch)) {
            ACPU_TEST_EXPECT(isnan(x[i]), "x %a: differs from PyTorch outside the NaN case", (double)x[i]);
            nan_diffs++;
        }
    }
    ck_assert_int_gt(nan_diffs, 0);
    /* 16-bit: every self value, gradients of both signs */
    uint16_t *xs = all16(), *gs = malloc(sizeof(uint16_t) * 65536), *o16 = malloc(sizeof(uint16_t) * 65536);
    for (int d = 0; d < 2; d++) {
        aclDataType dt = k_dt16[d];
        for (uint32_t i = 0; i < 65536; i++)
            gs[i] = (uint16_t)(i * 40503u + 17u);
        const aclDataType dts[2] = {dt, dt};
        hard_run("aclnnHardtanhBackward", 65536, dts, (void *const[]){xs, gs}, dt, o16, sc);
        for (uint32_t i = 0; i < 65536; i++) {
            float xv = widen16(dt, xs[i]);
            uint16_t want = (xv > lo && xv < hi) || xv != xv ? gs[i] : 0;
            ACPU_TEST_EXPECT(o16[i] == want || (isnan(widen16(dt, want)) && isnan(widen16(dt, o16[i]))),
                             "dtype %d x %04x g %04x: got %04x want %04x", (int)dt, xs[i], gs[i], o16[i], want);
        }
    }
    aclDestroyScalar(sc[0]);
    aclDestroyScalar(sc[1]);
    free(x);
    free(g);
    free(out);
    free(xs);
    free(gs);
    free(o16);
}
END_TEST

/* ---- Hardswish ------------------------------------------------------------------------------------- */

static const volatile float k_sixth = 1.0f / 6.0f, k_third = 1.0f / 3.0f;

static float hsw_cann(float x)
{
    volatile float t = x + 3.0f;
    t = 6.0f < t ? 6.0f : t;
    t = 0.0f > t ? 0.0f : t;
    volatile float m = -3.0f > x ? -3.0f : x;
    volatile float p = m * t;
    return p * k_sixth;
}

/* PyTorch: x * minimum(maximum(x + 3, 0), 6) / 6 (maximum / minimum propagate NaN). */
static float hsw_torch(float x)
{
    volatile float t = x + 3.0f;
    t = isnan(t) ? t : t < 0.0f ? 0.0f : t;
    t = isnan(t) ? t : t > 6.0f ? 6.0f : t;
    volatile float p = x * t;
    return p / 6.0f;
}

static double hsw_exact(double x) { return x <= -3.0 ? 0.0 : x >= 3.0 ? x : x * (x + 3.0) / 6.0; }

START_TEST(test_hardswish_f32)
{
    aclnnCpuSetPlatform("host", 0, 0);
    float *x = f32_inputs(0x5f), *out = malloc(sizeof(float) * F32_N);
    const aclDataType dts[1] = {ACL_FLOAT};
    hard_run("aclnnHardswish", F32_N, dts, (void *const[]){x}, ACL_FLOAT, out, NULL);
    int formula = 0, neg_inf = 0;
    double worst = 0.0;
    for (int i = 0; i < F32_N; i++) {
        float want = hsw_cann(x[i]), torch = hsw_torch(x[i]);
        ACPU_TEST_EXPECT(same_f32(out[i], want), "x %a: got %a want %a", (double)x[i], (double)out[i], (double)want);
        if (!same_f32(out[i], torch)) {
            bool inf = x[i] == -INFINITY;
            ACPU_TEST_EXPECT(inf || fabsf(out[i] - torch) <= (float)ulp32(torch),
                             "x %a: %a vs PyTorch %a beyond the 1/6 rounding", (double)x[i], (double)out[i],
                             (double)torch);
            neg_inf += inf;
            formula += !inf;
        }
        if (isfinite(x[i]) && fabsf(x[i]) <= FLT_MAX / 6.0f) { /* above, x * 6 overflows (PyTorch's too) */
            double e = fabs((double)out[i] - hsw_exact(x[i])) / ulp32(hsw_exact(x[i]));
            worst = fmax(worst, e);
        }
    }
    ck_assert_int_eq(neg_inf, 1);
    ck_assert(worst <= 3.0);
    printf("hardswish fp32: max %.3f ulp of the exact value; %d of %d differ from PyTorch by the 1/6 multiply "
           "(%.4f%%), and x = -inf\n",
           worst, formula, F32_N, 100.0 * formula / F32_N);
    free(x);
    free(out);
}
END_TEST

/* 16-bit: every input. CANN rounds ties away; a difference from PyTorch is a tie, a different fp32
 * value of the two formulas, or x = -inf. */
START_TEST(test_hardswish_16bit)
{
    aclDataType dt = k_dt16[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    uint16_t *x = all16(), *out = malloc(sizeof(uint16_t) * 65536);
    const aclDataType dts[1] = {dt};
    hard_run("aclnnHardswish", 65536, dts, (void *const[]){x}, dt, out, NULL);
    int ties = 0, formula = 0, equal_once = 0, finite = 0;
    for (uint32_t i = 0; i < 65536; i++) {
        float xv = widen16(dt, x[i]), c = hsw_cann(xv), t = hsw_torch(xv);
        uint16_t want = away16(dt, c), torch = even16(dt, t);
        ACPU_TEST_EXPECT(out[i] == want || (isnan(c) && isnan(widen16(dt, out[i]))), "x %04x: got %04x want %04x", x[i],
                         out[i], want);
        if (out[i] != torch && !(isnan(c) && isnan(t))) {
            bool tie = tie16(dt, c), diff = !same_f32(c, t);
            ACPU_TEST_EXPECT(tie || diff || xv == -INFINITY, "x %04x: differs from PyTorch unexplained", x[i]);
            ties += tie;
            formula += !tie && diff;
        }
        if (isfinite(xv) && fabsf(xv) <= FLT_MAX / 6.0f) { /* values: x <= -3 gives -0 */
            finite++;
            bool eq = widen16(dt, out[i]) == widen16(dt, once16(dt, hsw_exact(xv)));
            equal_once += eq;
            ACPU_TEST_EXPECT(eq || tie16(dt, c) || acpu_test_ulp_error(dt, widen16(dt, out[i]), hsw_exact(xv)) < 1.0,
                             "x %04x: %04x is 1 ulp or more from the exact value", x[i], out[i]);
        }
    }
    double frac = (double)equal_once / finite;
    ck_assert(frac >= 0.997);
    printf("hardswish %s: %d ties away from zero, %d by the fp32 formula, %.4f%% equal to the once-rounded exact "
           "value\n",
           dt == ACL_FLOAT16 ? "fp16" : "bf16", ties, formula, 100.0 * frac);
    free(x);
    free(out);
}
END_TEST

/* ---- HardswishBackward, HardswishBackwardV2 ------------------------------------------------------- */

static float hsg_slope(float x)
{
    volatile float s = x * k_third;
    return s + 0.5f;
}

static float hsg_v1_cann(float g, float x)
{
    volatile float d = x >= -3.0f ? hsg_slope(x) : 0.0f;
    d = x <= 3.0f ? d : 1.0f;
    return g * d;
}

static float hsg_v2_cann(float g, float x)
{
    volatile float d = x > -3.0f ? hsg_slope(x) : 0.0f;
    d = x < 3.0f ? d : 1.0f;
    return g * d;
}

/* PyTorch 2.8 and later (vector path): blendv(blendv(g * (x / 3 + 0.5), g, x >= 3), 0, x <= -3). */
static float hsg_torch(float g, float x)
{
    volatile float q = x / 3.0f;
    volatile float s = q + 0.5f;
    volatile float r = g * s;
    r = x >= 3.0f ? g : r;
    return x <= -3.0f ? 0.0f : r;
}

typedef float (*hsg_fn)(float, float);

/* One backward API on fp32 and on every 16-bit self value: CANN's rule bit for bit; PyTorch's except
 * the boundaries (V1 at +-3), a NaN self (CANN: grad) and the slope's x * (1/3) rounding. */
static void check_hsg(const char *api, hsg_fn cann, bool v1)
{
    aclnnCpuSetPlatform("host", 0, 0);
    float *x = f32_inputs(v1 ? 0x91 : 0x92), *g = f32_inputs(0x93), *out = malloc(sizeof(float) * F32_N);
    rotate(g, 7); /* the specials of self and grad meet in different pairs */
    const aclDataType d32[2] = {ACL_FLOAT, ACL_FLOAT};
    hard_run(api, F32_N, d32, (void *const[]){g, x}, ACL_FLOAT, out, NULL);
    int bounds = 0, nans = 0, slope = 0, zeroing = 0;
    for (int i = 0; i < F32_N; i++) {
        float want = cann(g[i], x[i]), torch = hsg_torch(g[i], x[i]);
        ACPU_TEST_EXPECT(same_f32(out[i], want), "%s x %a g %a: got %a want %a", api, (double)x[i], (double)g[i],
                         (double)out[i], (double)want);
        if (same_f32(out[i], torch))
            continue;
        if (fabsf(x[i]) == 3.0f && v1)
            bounds++;
        else if (isnan(x[i]) && !isnan(g[i]))
            nans++;
        else if (x[i] <= -3.0f && (signbit(g[i]) || !isfinite(g[i]))) /* CANN: g * 0 (-0, NaN); PyTorch: +0 */
            zeroing++;
        else {
            volatile float q = x[i] / 3.0f;
            ACPU_TEST_EXPECT(!same_f32(hsg_slope(x[i]), q + 0.5f) || isnan(torch),
                             "%s x %a g %a: differs from PyTorch unexplained", api, (double)x[i], (double)g[i]);
            slope++;
        }
    }
    ck_assert_int_gt(nans, 0);
    ck_assert(v1 ? bounds > 0 : bounds == 0);
    /* accuracy inside (-3, 3): x * (1/3) + 0.5 cancels towards x = -1.5, so the error is measured in
     * ulp of |g| * (|x| / 3 + 0.5) */
    double worst = 0.0;
    for (int i = 0; i < F32_N; i++) {
        double gx = g[i], xx = x[i];
        if (!(fabs(xx) < 3.0) || !isfinite(gx) || fabs(gx) > 1e37)
            continue;
        double exact = gx * (xx / 3.0 + 0.5), scale = fabs(gx) * (fabs(xx) / 3.0 + 0.5);
        worst = fmax(worst, fabs((double)out[i] - exact) / ulp32(scale));
    }
    ck_assert(worst <= 2.0);
    printf("%s fp32: max %.3f ulp of |g| * (|x| / 3 + 0.5) from the exact value for -3 < x < 3\n", api, worst);
    printf("%s fp32: differs from PyTorch 2.8 at x = +-3: %d, NaN x: %d, g * 0 below -3: %d, by x * (1/3): "
           "%d of %d (%.4f%%)\n",
           api, bounds, nans, zeroing, slope, F32_N, 100.0 * slope / F32_N);
    uint16_t *xs = all16(), *gs = malloc(sizeof(uint16_t) * 65536), *o16 = malloc(sizeof(uint16_t) * 65536);
    for (int d = 0; d < 2; d++) {
        aclDataType dt = k_dt16[d];
        for (uint32_t i = 0; i < 65536; i++)
            gs[i] = dt == ACL_FLOAT16 ? (uint16_t)(0x3c00 + (i * 7u) % 1024u) : (uint16_t)(0x3f80 + (i * 7u) % 128u);
        const aclDataType dts[2] = {dt, dt};
        hard_run(api, 65536, dts, (void *const[]){gs, xs}, dt, o16, NULL);
        for (uint32_t i = 0; i < 65536; i++) {
            float gv = widen16(dt, gs[i]), xv = widen16(dt, xs[i]);
            uint16_t want = even16(dt, cann(gv, xv));
            ACPU_TEST_EXPECT(o16[i] == want || (isnan(widen16(dt, want)) && isnan(widen16(dt, o16[i]))),
                             "%s dtype %d x %04x g %04x: got %04x want %04x", api, (int)dt, xs[i], gs[i], o16[i], want);
        }
    }
    free(x);
    free(g);
    free(out);
    free(xs);
    free(gs);
    free(o16);
}

START_TEST(test_hardswish_backward)
{
    check_hsg("aclnnHardswishBackward", hsg_v1_cann, true);
}
END_TEST

START_TEST(test_hardswish_backward_v2)
{
    check_hsg("aclnnHardswishBackwardV2", hsg_v2_cann, false);
}
END_TEST

/* The boundaries: V1 closed (-3 gives -0.5 g, 3 gives 1.5 g), V2 open (-3 gives 0, 3 gives g), a
 * NaN self gives g in both, on every profile (the 910B kernel of V2 too). */
START_TEST(test_hardswish_backward_bounds)
{
    static const char *const socs[] = {"host", "Ascend950", "Ascend910B", "Ascend910"};
    float g[4] = {2.0f, 2.0f, 2.0f, 2.0f}, x[4] = {-3.0f, 3.0f, NAN, -0.0f}, out[4];
    const aclDataType d32[2] = {ACL_FLOAT, ACL_FLOAT};
    for (size_t s = 0; s < N_ELEMS(socs); s++) {
        ck_assert_int_eq(aclnnCpuSetPlatform(socs[s], 0, 0), ACL_SUCCESS);
        hard_run("aclnnHardswishBackward", 4, d32, (void *const[]){g, x}, ACL_FLOAT, out, NULL);
        ck_assert(out[0] == -1.0f && out[1] == 3.0f && out[2] == 2.0f && out[3] == 1.0f);
        hard_run("aclnnHardswishBackwardV2", 4, d32, (void *const[]){g, x}, ACL_FLOAT, out, NULL);
        ck_assert(out[0] == 0.0f && out[1] == 2.0f && out[2] == 2.0f && out[3] == 1.0f);
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
}
END_TEST

/* ---- Hardsigmoid ----------------------------------------------------------------------------------- */

static float hsig_cann(float x)
{
    volatile float y = x * k_sixth;
    y = y + 0.5f;
    y = 1.0f < y ? 1.0f : y;
    return 0.0f > y ? 0.0f : y;
}

/* PyTorch: minimum(maximum(x + 3, 0), 6) / 6. */
static float hsig_torch(float x)
{
    volatile float t = x + 3.0f;
    t = isnan(t) ? t : t < 0.0f ? 0.0f : t;
    t = isnan(t) ? t : t > 6.0f ? 6.0f : t;
    return t / 6.0f;
}

static double hsig_exact(double x)
{
    double y = x / 6.0 + 0.5;
    return y < 0.0 ? 0.0 : y > 1.0 ? 1.0 : y;
}

START_TEST(test_hardsigmoid_f32)
{
    aclnnCpuSetPlatform("host", 0, 0);
    float *x = f32_inputs(0x6a), *out = malloc(sizeof(float) * F32_N);
    const aclDataType dts[1] = {ACL_FLOAT};
    hard_run("aclnnHardsigmoid", F32_N, dts, (void *const[]){x}, ACL_FLOAT, out, NULL);
    int formula = 0;
    double worst = 0.0;
    for (int i = 0; i < F32_N; i++) {
        float want = hsig_cann(x[i]), torch = hsig_torch(x[i]);
        ACPU_TEST_EXPECT(same_f32(out[i], want), "x %a: got %a want %a", (double)x[i], (double)out[i], (double)want);
        if (!same_f32(out[i], torch)) {
            ACPU_TEST_EXPECT(fabs((double)out[i] - torch) <= 2.0 * ulp32(1.0), "x %a: %a vs PyTorch %a", (double)x[i],
                             (double)out[i], (double)torch);
            formula++;
        }
        if (!isnan(x[i])) /* absolute, in ulp of 1: x * (1/6) + 0.5 cancels towards x = -3 */
            worst = fmax(worst, fabs((double)out[i] - hsig_exact(x[i])) / ulp32(0.5));
    }
    ck_assert(worst <= 1.0);
    printf("hardsigmoid fp32: max %.3f ulp of 0.5 from the exact value; %d of %d differ from PyTorch's (x + 3) / 6 "
           "(%.4f%%)\n",
           worst, formula, F32_N, 100.0 * formula / F32_N);
    free(x);
    free(out);
}
END_TEST

START_TEST(test_hardsigmoid_16bit)
{
    aclDataType dt = k_dt16[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    uint16_t *x = all16(), *out = malloc(sizeof(uint16_t) * 65536);
    const aclDataType dts[1] = {dt};
    hard_run("aclnnHardsigmoid", 65536, dts, (void *const[]){x}, dt, out, NULL);
    int ties = 0, formula = 0, equal_once = 0, finite = 0;
    for (uint32_t i = 0; i < 65536; i++) {
        float xv = widen16(dt, x[i]), c = hsig_cann(xv), t = hsig_torch(xv);
        uint16_t want = dt == ACL_BF16 ? away16(dt, c) : even16(dt, c), torch = even16(dt, t);
        ACPU_TEST_EXPECT(out[i] == want || (isnan(c) && isnan(widen16(dt, out[i]))), "x %04x: got %04x want %04x", x[i],
                         out[i], want);
        if (out[i] != torch && !(isnan(c) && isnan(t))) {
            bool tie = dt == ACL_BF16 && tie16(dt, c), diff = !same_f32(c, t);
            ACPU_TEST_EXPECT(tie || diff, "x %04x: differs from PyTorch unexplained", x[i]);
            ties += tie;
            formula += !tie && diff;
        }
        if (!isnan(xv)) {
            finite++;
            bool eq = out[i] == once16(dt, hsig_exact(xv));
            equal_once += eq;
            ACPU_TEST_EXPECT(eq || tie16(dt, c) || acpu_test_ulp_error(dt, widen16(dt, out[i]), hsig_exact(xv)) < 1.0,
                             "x %04x: %04x is 1 ulp or more from the exact value", x[i], out[i]);
        }
    }
    double frac = (double)equal_once / finite;
    ck_assert(frac >= 0.998);
    printf("hardsigmoid %s: %d ties away from zero, %d by the fp32 formula, %.4f%% equal to the once-rounded exact "
           "value\n",
           dt == ACL_FLOAT16 ? "fp16" : "bf16", ties, formula, 100.0 * frac);
    free(x);
    free(out);
}
END_TEST

/* INT32: converted to fp32, the fp32 steps, truncated: 1 from x = 3 on, else 0. */
START_TEST(test_hardsigmoid_int32)
{
    aclnnCpuSetPlatform("host", 0, 0);
    enum { N = 20000 };
    int32_t *x = malloc(sizeof(int32_t) * N), *out = malloc(sizeof(int32_t) * N);
    acpu_test_lcg_seed(0x132, 32);
    for (int i = 0; i < N; i++)
        x[i] = i < 4000 ? i - 2000 : (int32_t)acpu_test_lcg_next();
    x[N - 1] = INT32_MIN;
    x[N - 2] = INT32_MAX;
    x[N - 3] = 3;
    x[N - 4] = 2;
    const aclDataType dts[1] = {ACL_INT32};
    hard_run("aclnnHardsigmoid", N, dts, (void *const[]){x}, ACL_INT32, out, NULL);
    for (int i = 0; i < N; i++) {
        int32_t want = (int32_t)hsig_cann((float)x[i]);
        ACPU_TEST_EXPECT(out[i] == want && want == (x[i] >= 3), "x %d: got %d want %d", x[i], out[i], want);
    }
    memcpy(out, x, sizeof(int32_t) * N);
    hard_run("aclnnInplaceHardsigmoid", N, dts, (void *const[]){out}, ACL_INT32, out, NULL);
    for (int i = 0; i < N; i++)
        ACPU_TEST_EXPECT(out[i] == (x[i] >= 3), "in place x %d: got %d", x[i], out[i]);
    free(x);
    free(out);
}
END_TEST

/* ---- HardsigmoidBackward --------------------------------------------------------------------------- */

static float hsigg_cann(float g, float x)
{
    volatile float t = x * k_sixth;
    t = t + 0.5f;
    volatile float r = g * k_sixth;
    r = t > 0.0f ? r : 0.0f;
    return t < 1.0f ? r : 0.0f;
}

/* PyTorch: (x > -3) & (x < 3) ? g * (1/6) : 0. */
static float hsigg_torch(float g, float x) { return x > -3.0f && x < 3.0f ? g * k_sixth : 0.0f; }

START_TEST(test_hardsigmoid_backward)
{
    aclnnCpuSetPlatform("host", 0, 0);
    float *x = f32_inputs(0xa1), *g = f32_inputs(0xa2), *out = malloc(sizeof(float) * F32_N);
    rotate(g, 7);
    const aclDataType d32[2] = {ACL_FLOAT, ACL_FLOAT};
    hard_run("aclnnHardsigmoidBackward", F32_N, d32, (void *const[]){g, x}, ACL_FLOAT, out, NULL);
    int bounds = 0;
    for (int i = 0; i < F32_N; i++) {
        float want = hsigg_cann(g[i], x[i]), torch = hsigg_torch(g[i], x[i]);
        ACPU_TEST_EXPECT(same_f32(out[i], want), "x %a g %a: got %a want %a", (double)x[i], (double)g[i],
                         (double)out[i], (double)want);
        if (!same_f32(out[i], torch)) { /* t = x/6 + 0.5 rounds onto 0 or 1 just inside +-3 */
            ACPU_TEST_EXPECT(fabsf(x[i]) < 3.0f && fabsf(x[i]) > 2.9999f && out[i] == 0.0f,
                             "x %a g %a: differs from PyTorch unexplained", (double)x[i], (double)g[i]);
            bounds++;
        }
    }
    ck_assert_int_gt(bounds, 0);
    double worst = 0.0;
    for (int i = 0; i < F32_N; i++)
        if (fabsf(x[i]) < 2.9999f && isfinite(g[i]) && fabsf(g[i]) > 1e-30f)
            worst = fmax(worst, fabs((double)out[i] - g[i] / 6.0) / ulp32(g[i] / 6.0));
    ck_assert(worst <= 1.0);
    printf("hardsigmoid_backward fp32: %d fp32 x just inside +-3 give 0 (PyTorch: g / 6), all else equal; max %.3f "
           "ulp from g / 6\n",
           bounds, worst);
    /* 16-bit: every self value (the masks agree with PyTorch's), every gradient value for the bf16
     * ties of g * (1/6) */
    uint16_t *all = all16(), *o16 = malloc(sizeof(uint16_t) * 65536), *zeros = calloc(65536, sizeof(uint16_t));
    for (int d = 0; d < 2; d++) {
        aclDataType dt = k_dt16[d];
        const aclDataType dts[2] = {dt, dt};
        uint16_t one = dt == ACL_FLOAT16 ? 0x3c00 : 0x3f80;
        uint16_t *ones = malloc(sizeof(uint16_t) * 65536);
        for (int i = 0; i < 65536; i++)
            ones[i] = one;
        hard_run("aclnnHardsigmoidBackward", 65536, dts, (void *const[]){ones, all}, dt, o16, NULL);
        for (uint32_t i = 0; i < 65536; i++) {
            float xv = widen16(dt, all[i]);
            uint16_t want = even16(dt, hsigg_cann(1.0f, xv)), torch = even16(dt, hsigg_torch(1.0f, xv));
            ACPU_TEST_EXPECT(o16[i] == want && want == torch, "dtype %d x %04x: got %04x want %04x PyTorch %04x",
                             (int)dt, all[i], o16[i], want, torch);
        }
        hard_run("aclnnHardsigmoidBackward", 65536, dts, (void *const[]){all, zeros}, dt, o16, NULL);
        int ties = 0;
        for (uint32_t i = 0; i < 65536; i++) {
            float r = hsigg_cann(widen16(dt, all[i]), 0.0f);
            uint16_t want = dt == ACL_BF16 ? away16(dt, r) : even16(dt, r);
            ACPU_TEST_EXPECT(o16[i] == want || (isnan(r) && isnan(widen16(dt, o16[i]))),
                             "dtype %d g %04x: got %04x want %04x", (int)dt, all[i], o16[i], want);
            ties += dt == ACL_BF16 && tie16(dt, r) && o16[i] != even16(dt, r);
        }
        if (dt == ACL_BF16)
            printf("hardsigmoid_backward bf16: %d gradients whose g / 6 ties round away from zero\n", ties);
        free(ones);
    }
    /* mixed dtypes: computed in the promotion (FLOAT), cast to out */
    uint16_t gh[3] = {0x3c00, 0xc000, 0x4200}; /* fp16 1, -2, 3 */
    float xf[3] = {0.0f, 2.9f, -3.0f}, of[3];
    const aclDataType mixed[2] = {ACL_FLOAT16, ACL_FLOAT};
    hard_run("aclnnHardsigmoidBackward", 3, mixed, (void *const[]){gh, xf}, ACL_FLOAT, of, NULL);
    ck_assert(of[0] == 1.0f * k_sixth && of[1] == -2.0f * k_sixth && of[2] == 0.0f);
    free(x);
    free(g);
    free(out);
    free(all);
    free(o16);
    free(zeros);
}
END_TEST

static Suite *hard_math_suite(void)
{
    Suite *s = suite_create("hard_math");
    TCase *tc = tcase_create("exactness");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hardtanh_f32);
    tcase_add_loop_test(tc, test_hardtanh_16bit, 0, 2);
    tcase_add_test(tc, test_hardtanh_f64);
    tcase_add_loop_test(tc, test_hardtanh_ints, 0, (int)N_ELEMS(k_ints));
    tcase_add_test(tc, test_hardtanh_backward);
    tcase_add_test(tc, test_hardswish_f32);
    tcase_add_loop_test(tc, test_hardswish_16bit, 0, 2);
    tcase_add_test(tc, test_hardswish_backward);
    tcase_add_test(tc, test_hardswish_backward_v2);
    tcase_add_test(tc, test_hardswish_backward_bounds);
    tcase_add_test(tc, test_hardsigmoid_f32);
    tcase_add_loop_test(tc, test_hardsigmoid_16bit, 0, 2);
    tcase_add_test(tc, test_hardsigmoid_int32);
    tcase_add_test(tc, test_hardsigmoid_backward);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(hard_math_suite()); }
