/* Accuracy of the Sigmoid family (doc/NUMERICS.md#sigmoid) against double references, through the
 * public API on the ISA under test:
 *   - aclnnSigmoid fp32 on every 4099th fp32 input, fp16 and bf16 on every input: the bounds
 *     below in ulps of the output type and the fraction equal to the once-rounded exact value;
 *     double against long double on a sweep;
 *   - special values: +-0, +-inf, NaN, the saturation ends (exp overflow for x < -88.7), the
 *     integer inputs computed in the output's dtype (an INT32 self with a DOUBLE out is a double
 *     sigmoid, with an FLOAT16 out the fp16 kernel's);
 *   - aclnnSigmoidBackward on random (output, gradOutput) pairs, the kernel's order
 *     (gradOutput * (1 - output)) * output: fp32 within 2 ulp of the exact value of that product
 *     (1 - output is exact for output in [0.5, 2], the other roundings are two products), 16-bit
 *     results within 1 ulp of the exact value, >= 99.9% equal to it rounded once;
 *   - InplaceSigmoid gives the out-of-place bits. */
#include <float.h>

#include "acpu_test_sweep.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

/* Measured bounds (doc/NUMERICS.md#sigmoid) with a small margin. */
#define SIGMOID_F32_ULP 2.5
#define SIGMOID_16_ULP 0.51
#define SIGMOID_16_NEAREST 0.9998
#define SIGMOID_F64_ULP 3.0
#define GRAD_F32_ULP 3.0
#define GRAD_16_ULP 1.0
#define GRAD_16_NEAREST 0.999

static aclnnStatus sigmoid_call(const aclTensor *const *in, aclTensor *out)
{
    ACPU_SWEEP_RUN(aclnnSigmoidGetWorkspaceSize(in[0], out, &ws_, &exec_), aclnnSigmoid);
}

static aclnnStatus inplace_call(const aclTensor *const *in, aclTensor *out)
{
    (void)in;
    ACPU_SWEEP_RUN(aclnnInplaceSigmoidGetWorkspaceSize(out, &ws_, &exec_), aclnnInplaceSigmoid);
}

/* SigmoidBackward(gradOutput = in[0], output = in[1]) */
static aclnnStatus grad_call(const aclTensor *const *in, aclTensor *out)
{
    ACPU_SWEEP_RUN(aclnnSigmoidBackwardGetWorkspaceSize(in[0], in[1], out, &ws_, &exec_), aclnnSigmoidBackward);
}

static double sigmoid_ref(const double *x) { return 1.0 / (1.0 + exp(-x[0])); }
/* The bounds hold where exp(-x) is finite in fp32 (x >= -88.72); below, CANN's order gives
 * 1 / inf = +0 for a subnormal exact value (test_sigmoid_specials; fp16 rounds those to 0 anyway). */
static double sigmoid_ref32(const double *x) { return x[0] < -88.7228393554687500 ? NAN : sigmoid_ref(x); }
static double grad_ref(const double *x) { return x[0] * (1.0 - x[1]) * x[1]; }

START_TEST(test_sigmoid_fp32)
{
    acpu_sweep_result r;
    acpu_sweep_unary(sigmoid_call, sigmoid_ref32, F32, 4099u, &r);
    acpu_sweep_print("sigmoid", F32, &r);
    ck_assert_uint_gt(r.checked, 700000u);
    ck_assert_msg(r.max_ulp <= SIGMOID_F32_ULP, "sigmoid fp32: %.3f ulp at %a", r.max_ulp, r.worst_in[0]);
}
END_TEST

START_TEST(test_sigmoid_16bit)
{
    static const aclDataType dts[] = {F16, BF16};
    for (int k = 0; k < 2; k++) {
        acpu_sweep_result r;
        acpu_sweep_unary(sigmoid_call, sigmoid_ref32, dts[k], 1u, &r);
        acpu_sweep_print("sigmoid", dts[k], &r);
        ck_assert_uint_gt(r.checked, 45000u);
        ck_assert_msg(r.max_ulp <= SIGMOID_16_ULP, "sigmoid %d: %.3f ulp at %a", dts[k], r.max_ulp, r.worst_in[0]);
        ck_assert_msg((double)r.nearest >= SIGMOID_16_NEAREST * (double)r.checked, "sigmoid %d: %llu of %llu nearest",
                      dts[k], (unsigned long long)r.nearest, (unsigned long long)r.checked);
    }
}
END_TEST

/* DOUBLE: computed in double (acpu_vd_exp_poly), against long double. */
START_TEST(test_sigmoid_double)
{
    enum { N = 200000 };
    static double x[N], got[N];
    acpu_test_lcg_seed(0x516du, 32);
    for (int i = 0; i < N; i++)
        x[i] = i % 2 ? acpu_test_lcg_sym(40.0) : acpu_test_lcg_logmag(-40.0, 9.0);
    acpu_sweep_call_n(sigmoid_call, 1, ACL_DOUBLE, (double *const[]){x}, got, N);
    double worst = 0.0;
    for (int i = 0; i < N; i++) {
        long double want = 1.0L / (1.0L + expl(-(long double)x[i]));
        double e = acpu_test_ulp_error(ACL_DOUBLE, got[i], (double)want);
        ck_assert_msg(e <= SIGMOID_F64_ULP, "sigmoid double(%a) = %a, want %a (%.3f ulp)", x[i], got[i], (double)want,
                      e);
        worst = e > worst ? e : worst;
    }
    fprintf(stderr, "sigmoid double: max %.4f ulp\n", worst);
}
END_TEST

START_TEST(test_sigmoid_specials)
{
    static const aclDataType dts[] = {F32, F16, BF16, ACL_DOUBLE};
    for (int k = 0; k < 4; k++) {
        aclDataType dt = dts[k];
        ck_assert(acpu_sweep_one(sigmoid_call, dt, 0.0) == 0.5 && acpu_sweep_one(sigmoid_call, dt, -0.0) == 0.5);
        ck_assert(acpu_sweep_one(sigmoid_call, dt, INFINITY) == 1.0);
        double m = acpu_sweep_one(sigmoid_call, dt, -INFINITY);
        ck_assert_msg(m == 0.0 && !signbit(m), "sigmoid(-inf) = %a", m);
        ck_assert(isnan(acpu_sweep_one(sigmoid_call, dt, NAN)));
    }
    /* fp32: exp(-x) overflows below -88.72, 1 / inf = +0 (the exact value is subnormal or 0) */
    ck_assert(acpu_sweep_one(sigmoid_call, F32, -89.0) == 0.0);
    ck_assert(acpu_sweep_one(sigmoid_call, F32, -87.0) > 0.0);
    ck_assert(acpu_sweep_one(sigmoid_call, F32, 17.0) == 1.0);
}
END_TEST

/* An integer self computes in out's dtype (aclnn_sigmoid.cpp casts it there before the kernel). */
START_TEST(test_sigmoid_int_self)
{
    int32_t v[4] = {-3, 0, 1, 40};
    double d[4];
    uint16_t h[4];
    const int64_t shape[1] = {4};
    aclTensor *self = acpu_test_tensor(ACL_INT32, shape, 1, v);
    aclTensor *out_d = acpu_test_tensor(ACL_DOUBLE, shape, 1, d), *out_h = acpu_test_tensor(F16, shape, 1, h);
    ck_assert_int_eq(sigmoid_call((const aclTensor *const[]){self}, out_d), ACLNN_SUCCESS);
    ck_assert_int_eq(sigmoid_call((const aclTensor *const[]){self}, out_h), ACLNN_SUCCESS);
    for (int i = 0; i < 4; i++) {
        long double want = 1.0L / (1.0L + expl(-(long double)v[i]));
        ck_assert_msg(acpu_test_ulp_error(ACL_DOUBLE, d[i], (double)want) <= SIGMOID_F64_ULP,
                      "int %d -> double: %a, want %a", v[i], d[i], (double)want);
        ck_assert_msg(h[i] == acpu_test_f64_to_f16((double)want), "int %d -> fp16: 0x%04x, want 0x%04x", v[i], h[i],
                      acpu_test_f64_to_f16((double)want));
    }
    aclDestroyTensor(self);
    aclDestroyTensor(out_d);
    aclDestroyTensor(out_h);
}
END_TEST

START_TEST(test_inplace_same_bits)
{
    enum { N = 4099 };
    static double x[N], a[N], b[N];
    acpu_test_lcg_seed(0x1b5u, 32);
    for (int i = 0; i < N; i++)
        x[i] = acpu_test_lcg_sym(30.0);
    static const aclDataType dts[] = {F32, F16, BF16, ACL_DOUBLE};
    for (int k = 0; k < 4; k++) {
        double y[N];
        memcpy(y, x, sizeof y);
        acpu_sweep_call_n(sigmoid_call, 1, dts[k], (double *const[]){y}, a, N);
        memcpy(y, x, sizeof y);
        /* in place: the output tensor holds the input */
        const int64_t shape[1] = {N};
        size_t es = acpu_test_esize(dts[k]);
        void *buf = calloc(N, es);
        for (int i = 0; i < N; i++)
            acpu_test_store(dts[k], buf, (size_t)i, x[i]);
        aclTensor *t = acpu_test_tensor(dts[k], shape, 1, buf);
        ck_assert_int_eq(inplace_call(NULL, t), ACLNN_SUCCESS);
        for (int i = 0; i < N; i++)
            b[i] = acpu_test_load(dts[k], buf, (size_t)i);
        aclDestroyTensor(t);
        free(buf);
        ck_assert_msg(memcmp(a, b, sizeof a) == 0, "dtype %d: in place differs", dts[k]);
    }
}
END_TEST

/* output in (-0.25, 1.25) (a sigmoid's range and around it), gradOutput in [-4, 4] */
static void grad_pair(int64_t i, double *go, double *y)
{
    (void)i;
    *go = acpu_test_lcg_sym(4.0);
    *y = acpu_test_lcg_range(-0.25, 1.25);
}

START_TEST(test_grad_accuracy)
{
    static const aclDataType dts[] = {F32, F16, BF16};
    static const double bound[] = {GRAD_F32_ULP, GRAD_16_ULP, GRAD_16_ULP};
    for (int k = 0; k < 3; k++) {
        acpu_sweep_result r;
        acpu_test_lcg_seed(0x9a3u + (uint64_t)k, 32);
        acpu_sweep_binary(grad_call, grad_ref, dts[k], 1 << 20, grad_pair, &r);
        acpu_sweep_print("sigmoid_backward", dts[k], &r);
        ck_assert_msg(r.max_ulp <= bound[k], "sigmoid_backward %d: %.3f ulp at (%a, %a)", dts[k], r.max_ulp,
                      r.worst_in[0], r.worst_in[1]);
        if (k > 0)
            ck_assert_msg((double)r.nearest >= GRAD_16_NEAREST * (double)r.checked, "%llu of %llu nearest",
                          (unsigned long long)r.nearest, (unsigned long long)r.checked);
    }
}
END_TEST

/* The kernel's order exactly, in fp32 (fp32 inputs): (dy * (1 - y)) * y with two roundings. */
START_TEST(test_grad_order)
{
    static const float y[] = {0.25f, 0.5f, 0.75f, 0.999f, 1.0f, 1e-30f, 0.3f};
    static const float dy[] = {1.0f, -3.0f, 0.1f, 7.0f, 2.0f, 1e30f, 0.7f};
    for (size_t i = 0; i < sizeof y / sizeof y[0]; i++) {
        double a = dy[i], b = y[i], got;
        acpu_sweep_call_n(grad_call, 2, F32, (double *const[]){&a, &b}, &got, 1);
        float want = (dy[i] * (1.0f - y[i])) * y[i];
        ck_assert_msg((float)got == want, "grad(%a, %a) = %a, want %a", dy[i], y[i], got, want);
    }
}
END_TEST

static Suite *sigmoid_math_suite(void)
{
    Suite *s = suite_create("sigmoid_math");
    TCase *tc = tcase_create("accuracy");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_sigmoid_fp32);
    tcase_add_test(tc, test_sigmoid_16bit);
    tcase_add_test(tc, test_sigmoid_double);
    tcase_add_test(tc, test_sigmoid_specials);
    tcase_add_test(tc, test_sigmoid_int_self);
    tcase_add_test(tc, test_inplace_same_bits);
    tcase_add_test(tc, test_grad_accuracy);
    tcase_add_test(tc, test_grad_order);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(sigmoid_math_suite()); }
