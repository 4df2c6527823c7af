/* Test harness: see acpu_test.h. References here are written independently of src/. */
#include "acpu_test.h"
#include "settings/acpu_settings.h" /* acpu_active_kernels: which kernel table runs */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

/* Asked in a child process: the library reads its environment once per process, and the forked
 * test cases must start from a library that has not read it yet (they may setenv first). */
static bool requested_isa_runs(void)
{
    const char *want = getenv("ACLNN_CPU_MAX_ISA");
    if (want == NULL || *want == '\0')
        return true;
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        const char *got = aclnnCpuIsaName(aclnnCpuGetIsa());
        bool same = got != NULL && strcasecmp(want, got) == 0;
        if (!same)
            fprintf(stderr, "skipped: ACLNN_CPU_MAX_ISA=%s but this CPU/build runs %s\n", want, got ? got : "?");
        _exit(same ? 0 : 1);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* ACLNN_CPU_AVX512_BF16=0 asks for the AVX-512 kernels without avx512_bf16's conversion: a suite
 * registered for that path must not silently test the other one. Asked in a child, as above. */
static bool requested_bf16_path_runs(void)
{
    const char *v = getenv("ACLNN_CPU_AVX512_BF16");
    if (v == NULL || strcmp(v, "0") != 0)
        return true;
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        bool native = acpu_active_kernels()->native_bf16;
        if (native)
            fprintf(stderr, "error: ACLNN_CPU_AVX512_BF16=0 but the kernels narrow with avx512_bf16\n");
        _exit(native ? 1 : 0);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

void acpu_test_assert_isa_token(const char *token)
{
    char want[32];
    snprintf(want, sizeof want, "%s%s", aclnnCpuIsaName(aclnnCpuGetIsa()),
             acpu_active_kernels()->native_bf16 ? "+bf16" : "");
    ck_assert_str_eq(token, want);
    const char *v = getenv("ACLNN_CPU_AVX512_BF16");
    ck_assert_msg(!(v != NULL && strcmp(v, "0") == 0 && strstr(token, "+bf16") != NULL),
                  "isa=%s under ACLNN_CPU_AVX512_BF16=0", token);
}

int acpu_test_main(Suite *suite)
{
    if (!requested_isa_runs()) {
        srunner_free(srunner_create(suite)); /* frees the suite too */
        return 77;
    }
    if (!requested_bf16_path_runs()) {
        srunner_free(srunner_create(suite));
        return 1;
    }
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int ran = srunner_ntests_run(runner);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    if (ran == 0) {
        fprintf(stderr, "error: no check ran (a filter such as CK_RUN_SUITE/CK_RUN_CASE matched nothing)\n");
        return 1;
    }
    return failed == 0 ? 0 : 1;
}

size_t acpu_test_dtype_size(aclDataType dt)
{
    switch (dt) {
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8: return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32: return 4;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
    }
}

float acpu_test_f16_to_f32(uint16_t h)
{
    int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    double v;
    if (exp == 0x1f)
        v = man ? NAN : INFINITY;
    else if (exp == 0)
        v = ldexp((double)man, -24);
    else
        v = ldexp((double)(man | 0x400), exp - 25);
    return (float)(sign ? -v : v);
}

float acpu_test_bf16_to_f32(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Rounds |v| to a multiple of 2^q (q = the format's ulp exponent at v), ties to even. */
static double round_to_quantum(double av, int q)
{
    double scaled = ldexp(av, -q);
    double r = nearbyint(scaled); /* default rounding mode: ties to even */
    return ldexp(r, q);
}

static uint16_t encode_small_float(double v, int man_bits, int exp_bits)
{
    int bias = (1 << (exp_bits - 1)) - 1, emin = 1 - bias, emax = bias;
    uint16_t sign = signbit(v) ? (uint16_t)(1u << (man_bits + exp_bits)) : 0;
    uint16_t inf = (uint16_t)(((1u << exp_bits) - 1) << man_bits);
    if (isnan(v))
        return (uint16_t)(inf | (1u << (man_bits - 1)));
    double av = fabs(v);
    if (isinf(v))
        return sign | inf;
    if (av == 0)
        return sign;
    int e = ilogb(av);
    if (e < emin)
        e = emin;
    double r = round_to_quantum(av, e - man_bits);
    if (r == 0)
        return sign;
    e = ilogb(r);
    if (e > emax)
        return sign | inf;
    if (e < emin) /* subnormal */
        return sign | (uint16_t)ldexp(r, -(emin - man_bits));
    uint16_t man = (uint16_t)(ldexp(r, man_bits - e) - ldexp(1.0, man_bits));
    return sign | (uint16_t)((unsigned)(e + bias) << man_bits) | man;
}

uint16_t acpu_test_f64_to_f16(double v) { return encode_small_float(v, 10, 5); }
uint16_t acpu_test_f64_to_bf16(double v) { return encode_small_float(v, 7, 8); }

double acpu_test_load(aclDataType dt, const void *base, size_t i)
{
    switch (dt) {
    case ACL_FLOAT: return ((const float *)base)[i];
    case ACL_DOUBLE: return ((const double *)base)[i];
    case ACL_FLOAT16: return acpu_test_f16_to_f32(((const uint16_t *)base)[i]);
    case ACL_BF16: return acpu_test_bf16_to_f32(((const uint16_t *)base)[i]);
    case ACL_COMPLEX64: return ((const float *)base)[2 * i];
    case ACL_COMPLEX128: return ((const double *)base)[2 * i];
    case ACL_INT8: return ((const int8_t *)base)[i];
    case ACL_UINT8: return ((const uint8_t *)base)[i];
    case ACL_BOOL: return ((const uint8_t *)base)[i] != 0;
    case ACL_INT16: return ((const int16_t *)base)[i];
    case ACL_INT32: return ((const int32_t *)base)[i];
    case ACL_INT64: return (double)((const int64_t *)base)[i];
    default: return NAN;
    }
}

void acpu_test_store(aclDataType dt, void *base, size_t i, double v)
{
    switch (dt) {
    case ACL_FLOAT: ((float *)base)[i] = (float)v; break;
    case ACL_DOUBLE: ((double *)base)[i] = v; break;
    case ACL_FLOAT16: ((uint16_t *)base)[i] = acpu_test_f64_to_f16(v); break;
    case ACL_BF16: ((uint16_t *)base)[i] = acpu_test_f64_to_bf16(v); break;
    case ACL_COMPLEX64:
        ((float *)base)[2 * i] = (float)v;
        ((float *)base)[2 * i + 1] = 0;
        break;
    case ACL_COMPLEX128:
        ((double *)base)[2 * i] = v;
        ((double *)base)[2 * i + 1] = 0;
        break;
    case ACL_INT8: ((int8_t *)base)[i] = (int8_t)v; break;
    case ACL_UINT8: ((uint8_t *)base)[i] = (uint8_t)v; break;
    case ACL_BOOL: ((uint8_t *)base)[i] = v != 0; break;
    case ACL_INT16: ((int16_t *)base)[i] = (int16_t)v; break;
    case ACL_INT32: ((int32_t *)base)[i] = (int32_t)v; break;
    case ACL_INT64: ((int64_t *)base)[i] = (int64_t)v; break;
    default: break;
    }
}

aclTensor *acpu_test_tensor(aclDataType dt, const int64_t *shape, uint64_t rank, void *data)
{
    int64_t strides[16];
    int64_t s = 1;
    for (uint64_t d = rank; d-- > 0;) {
        strides[d] = s;
        s *= shape[d];
    }
    return aclCreateTensor(shape, rank, dt, rank ? strides : NULL, 0, ACL_FORMAT_ND, shape, rank, data);
}

aclScalar *acpu_test_scalar_f32(float v) { return aclCreateScalar(&v, ACL_FLOAT); }

aclScalar *acpu_test_scalar(aclDataType dt, double v, double imag)
{
    union {
        float f[2];
        double d[2];
        uint16_t h;
        int8_t i8;
        uint8_t u8;
        int16_t i16;
        uint16_t u16;
        int32_t i32;
        uint32_t u32;
        int64_t i64;
        uint64_t u64;
        unsigned char raw[16];
    } u;
    memset(&u, 0, sizeof u);
    switch (dt) {
    case ACL_FLOAT:
    case ACL_COMPLEX64:
        u.f[0] = (float)v;
        u.f[1] = (float)imag;
        break;
    case ACL_DOUBLE:
    case ACL_COMPLEX128:
        u.d[0] = v;
        u.d[1] = imag;
        break;
    case ACL_FLOAT16: u.h = acpu_test_f64_to_f16(v); break;
    case ACL_BF16: u.h = acpu_test_f64_to_bf16(v); break;
    case ACL_INT8: u.i8 = (int8_t)v; break;
    case ACL_UINT8: u.u8 = (uint8_t)v; break;
    case ACL_BOOL: u.u8 = v != 0; break;
    case ACL_INT16: u.i16 = (int16_t)v; break;
    case ACL_UINT16: u.u16 = (uint16_t)v; break;
    case ACL_INT32: u.i32 = (int32_t)v; break;
    case ACL_UINT32: u.u32 = (uint32_t)v; break;
    case ACL_INT64: u.i64 = (int64_t)v; break;
    case ACL_UINT64: u.u64 = (uint64_t)v; break;
    default: u.raw[0] = 0x3c; break; /* ToFloat must not read these bytes */
    }
    aclScalar *s = aclCreateScalar(u.raw, dt);
    ck_assert_ptr_nonnull(s);
    return s;
}

double acpu_test_scalar_value(aclDataType dt, double v, bool to_double)
{
    double r;
    switch (dt) {
    case ACL_FLOAT: r = (float)v; break;
    case ACL_DOUBLE: r = v; break;
    case ACL_FLOAT16: r = acpu_test_f16_to_f32(acpu_test_f64_to_f16(v)); break;
    case ACL_BF16: r = acpu_test_bf16_to_f32(acpu_test_f64_to_bf16(v)); break;
    case ACL_INT8: r = (int8_t)v; break;
    case ACL_UINT8: r = (uint8_t)v; break;
    case ACL_BOOL: r = v != 0; break;
    case ACL_INT16: r = (int16_t)v; break;
    case ACL_UINT16: r = (uint16_t)v; break;
    case ACL_INT32: r = (int32_t)v; break;
    case ACL_UINT32: r = (uint32_t)v; break;
    case ACL_INT64: return to_double ? (double)(int64_t)v : (double)(float)(int64_t)v;
    case ACL_UINT64: return to_double ? (double)(uint64_t)v : (double)(float)(uint64_t)v;
    default: r = 0.0; break; /* complex, 8/6/4-bit floats */
    }
    return to_double ? r : (double)(float)r;
}

void acpu_test_expect_msg_at(const char *api, const char *arg, const char *not_arg, int line)
{
    const char *m = aclGetRecentErrMsg();
    ACPU_TEST_EXPECT(m != NULL, "at %d: aclGetRecentErrMsg() is NULL", line);
    ACPU_TEST_EXPECT(strstr(m, api) != NULL, "at %d: message \"%s\" does not name %s", line, m, api);
    if (arg != NULL)
        ACPU_TEST_EXPECT(strstr(m, arg) != NULL, "at %d: message \"%s\" does not name \"%s\"", line, m, arg);
    if (not_arg != NULL)
        ACPU_TEST_EXPECT(strstr(m, not_arg) == NULL, "at %d: message \"%s\" names \"%s\" (the wrong check won)", line,
                         m, not_arg);
}

static uint64_t g_lcg = 1;
static int g_lcg_unit_bits = 32;

void acpu_test_lcg_seed(uint64_t seed, int unit_bits)
{
    g_lcg = seed * 2862933555777941757ULL + 3037000493ULL;
    g_lcg_unit_bits = unit_bits;
}

uint32_t acpu_test_lcg_next(void)
{
    g_lcg = g_lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(g_lcg >> 32);
}

double acpu_test_lcg_unit(void)
{
    if (g_lcg_unit_bits == 32)
        return acpu_test_lcg_next() / 4294967296.0;
    uint64_t hi = acpu_test_lcg_next() >> 5, lo = acpu_test_lcg_next() >> 6; /* 27 + 26 bits */
    return (double)(hi * 67108864ULL + lo) / 9007199254740992.0;
}

double acpu_test_lcg_sym(double r) { return (2.0 * acpu_test_lcg_unit() - 1.0) * r; }
double acpu_test_lcg_range(double lo, double hi) { return lo + (hi - lo) * acpu_test_lcg_unit(); }

double acpu_test_lcg_logmag(double lo, double hi)
{
    double m = exp2(lo + (hi - lo) * acpu_test_lcg_unit());
    return (acpu_test_lcg_next() & 1) ? -m : m;
}

void acpu_test_float_format(aclDataType dt, int *man_bits, int *emin, int *emax)
{
    switch (dt) {
    case ACL_FLOAT16:
        *man_bits = 10;
        *emin = -14;
        *emax = 15;
        break;
    case ACL_BF16:
        *man_bits = 7;
        *emin = -126;
        *emax = 127;
        break;
    case ACL_DOUBLE:
    case ACL_COMPLEX128:
        *man_bits = 52;
        *emin = -1022;
        *emax = 1023;
        break;
    default:
        *man_bits = 23;
        *emin = -126;
        *emax = 127;
        break;
    }
}

int acpu_test_man_bits(aclDataType dt)
{
    int man, emin, emax;
    acpu_test_float_format(dt, &man, &emin, &emax);
    return man;
}

int acpu_test_min_exp(aclDataType dt)
{
    int man, emin, emax;
    acpu_test_float_format(dt, &man, &emin, &emax);
    return emin;
}

aclDataType acpu_test_softplus_compute_dt(aclDataType go, aclDataType self)
{
    if (go == ACL_DOUBLE || self == ACL_DOUBLE)
        return ACL_DOUBLE;
    if (go == self && (go == ACL_FLOAT16 || go == ACL_BF16))
        return go;
    return ACL_FLOAT;
}

/* An infinite result is 0 ulps from a finite reference that rounds to it: |ref| at or beyond
 * (2 - 2^-(man_bits+1)) * 2^emax, the dtype's overflow threshold under round-to-nearest. */
double acpu_test_ulp_error(aclDataType dt, double got, double ref)
{
    if (isnan(ref) || isnan(got))
        return (isnan(ref) && isnan(got)) ? 0.0 : INFINITY;
    int man_bits, emin, emax;
    acpu_test_float_format(dt, &man_bits, &emin, &emax);
    if (isinf(got) && isfinite(ref) && fabs(ref) >= ldexp(2.0 - ldexp(1.0, -man_bits - 1), emax))
        return signbit(got) == signbit(ref) ? 0.0 : INFINITY;
    if (isinf(ref) || isinf(got))
        return got == ref ? 0.0 : INFINITY;
    int e = ref == 0 ? emin : ilogb(ref);
    if (e < emin)
        e = emin;
    return fabs(got - ref) / ldexp(1.0, e - man_bits);
}
