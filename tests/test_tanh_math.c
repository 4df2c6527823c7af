/* Accuracy of the Tanh family (doc/NUMERICS.md#tanh) against double references, through the
 * public API on the ISA under test:
 *   - aclnnTanh in the kernel's order (the degree-9 odd polynomial below |x| = 0.6, 1 - 2/(e^2|x| + 1)
 *     above, 1 from 9.0109): fp32 on every 4099th input, fp16 and bf16 on every input, within the
 *     bounds below in ulps of the output type, the 16-bit ones mostly equal to the once-rounded
 *     exact value;
 *   - special values and breakpoints: +-0 (the kernel's fused x + x^3 P gives +0 for -0), +-inf,
 *     NaN, both sides of 0.6 and of the saturation bound, odd symmetry elsewhere;
 *   - integer and bool inputs computed in fp32 and cast to the output's dtype;
 *   - aclnnTanhBackward (1 - y^2 in one fused rounding, then times dy): fp32 within 1.5 ulp of the
 *     exact value of dy (1 - y^2) for any y (no cancellation, even at |y| -> 1), 16-bit within 1
 *     ulp and >= 99.99% correctly rounded, double (the AiCpu order dy * (1 - y*y), each step
 *     rounded) within 1 ulp plus the cancellation of 1 - y*y. */
#include <float.h>

#include "acpu_test_sweep.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_tanh_backward.h"

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

#define TANH_F32_ULP 2.0
#define TANH_16_ULP 0.51
#define TANH_16_NEAREST 0.9999
#define GRAD_F32_ULP 1.5
#define GRAD_16_ULP 0.51
#define GRAD_16_NEAREST 0.9999

static aclnnStatus tanh_call(const aclTensor *const *in, aclTensor *out)
{
    ACPU_SWEEP_RUN(aclnnTanhGetWorkspaceSize(in[0], out, &ws_, &exec_), aclnnTanh);
}

/* TanhBackward(gradOutput = in[0], output = in[1]) */
static aclnnStatus grad_call(const aclTensor *const *in, aclTensor *out)
{
    ACPU_SWEEP_RUN(aclnnTanhBackwardGetWorkspaceSize(in[0], in[1], out, &ws_, &exec_), aclnnTanhBackward);
}

static double tanh_ref(const double *x) { return tanh(x[0]); }
static double grad_ref(const double *x) { return x[0] * (1.0 - x[1] * x[1]); }

START_TEST(test_tanh_fp32)
{
    acpu_sweep_result r;
    acpu_sweep_unary(tanh_call, tanh_ref, F32, 4099u, &r);
    acpu_sweep_print("tanh", F32, &r);
    ck_assert_uint_gt(r.checked, 1000000u);
    ck_assert_msg(r.max_ulp <= TANH_F32_ULP, "tanh fp32: %.3f ulp at %a", r.max_ulp, r.worst_in[0]);
}
END_TEST

START_TEST(test_tanh_16bit)
{
    static const aclDataType dts[] = {F16, BF16};
    for (int k = 0; k < 2; k++) {
        acpu_sweep_result r;
        acpu_sweep_unary(tanh_call, tanh_ref, dts[k], 1u, &r);
        acpu_sweep_print("tanh", dts[k], &r);
        ck_assert_uint_gt(r.checked, 60000u);
        ck_assert_msg(r.max_ulp <= TANH_16_ULP, "tanh %d: %.3f ulp at %a", dts[k], r.max_ulp, r.worst_in[0]);
        ck_assert_msg((double)r.nearest >= TANH_16_NEAREST * (double)r.checked, "tanh %d: %llu of %llu nearest", dts[k],
                      (unsigned long long)r.nearest, (unsigned long long)r.checked);
    }
}
END_TEST

START_TEST(test_tanh_specials)
{
    static const aclDataType dts[] = {F32, F16, BF16};
    for (int k = 0; k < 3; k++) {
        aclDataType dt = dts[k];
        double z = acpu_sweep_one(tanh_call, dt, -0.0);
        ck_assert_msg(z == 0.0 && !signbit(z), "tanh(-0) = %a: the kernel's fused x + x*(x^2 P) is +0", z);
        ck_assert(acpu_sweep_one(tanh_call, dt, 0.0) == 0.0);
        ck_assert(acpu_sweep_one(tanh_call, dt, INFINITY) == 1.0 && acpu_sweep_one(tanh_call, dt, -INFINITY) == -1.0);
        ck_assert(isnan(acpu_sweep_one(tanh_call, dt, NAN)));
    }
    /* saturation from 9.0109 on; the two branches meet at 0.6 within the bound */
    ck_assert(acpu_sweep_one(tanh_call, F32, 9.0109138488769531) == 1.0);
    ck_assert(acpu_sweep_one(tanh_call, F32, -30.0) == -1.0);
    static const double at[] = {0.59999996423721313, 0.60000002384185791, 0.6000000834465027, 1e-30, 0x1p-149};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        double got = acpu_sweep_one(tanh_call, F32, at[i]), neg = acpu_sweep_one(tanh_call, F32, -at[i]);
        ck_assert_msg(acpu_test_ulp_error(F32, got, tanh(at[i])) <= TANH_F32_ULP, "tanh(%a) = %a", at[i], got);
        ck_assert_msg(neg == -got, "tanh(-%a) = %a, -tanh(%a) = %a", at[i], neg, at[i], -got);
    }
}
END_TEST

/* Integer and bool self: cast to FLOAT, Tanh, Cast to out (aclnn_tanh.cpp). */
START_TEST(test_tanh_int_self)
{
    int8_t v[4] = {-3, 0, 1, 100};
    uint8_t b[4] = {0, 1, 1, 0};
    uint16_t h[4];
    float f[4];
    const int64_t shape[1] = {4};
    aclTensor *self = acpu_test_tensor(ACL_INT8, shape, 1, v), *bs = acpu_test_tensor(ACL_BOOL, shape, 1, b);
    aclTensor *out_h = acpu_test_tensor(F16, shape, 1, h), *out_f = acpu_test_tensor(F32, shape, 1, f);
    ck_assert_int_eq(tanh_call((const aclTensor *const[]){self}, out_h), ACLNN_SUCCESS);
    for (int i = 0; i < 4; i++) {
        float y32 = (float)acpu_sweep_one(tanh_call, F32, v[i]);
        ck_assert_msg(h[i] == acpu_test_f64_to_f16(y32), "int8 %d -> fp16 0x%04x, want fp16(fp32 tanh) 0x%04x", v[i],
                      h[i], acpu_test_f64_to_f16(y32));
    }
    ck_assert_int_eq(tanh_call((const aclTensor *const[]){bs}, out_f), ACLNN_SUCCESS);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(f[i] == (float)acpu_sweep_one(tanh_call, F32, b[i]), "bool %u -> %a", b[i], f[i]);
    aclDestroyTensor(self);
    aclDestroyTensor(bs);
    aclDestroyTensor(out_h);
    aclDestroyTensor(out_f);
}
END_TEST

/* output in [-1.25, 1.25] (tanh's range and around it), gradOutput in [-4, 4] */
static void grad_pair(int64_t i, double *go, double *y)
{
    (void)i;
    *go = acpu_test_lcg_sym(4.0);
    *y = acpu_test_lcg_sym(1.25);
}

START_TEST(test_grad_accuracy)
{
    static const aclDataType dts[] = {F32, F16, BF16};
    static const double bound[] = {GRAD_F32_ULP, GRAD_16_ULP, GRAD_16_ULP};
    for (int k = 0; k < 3; k++) {
        acpu_sweep_result r;
        acpu_test_lcg_seed(0x7a1u + (uint64_t)k, 32);
        acpu_sweep_binary(grad_call, grad_ref, dts[k], 1 << 20, grad_pair, &r);
        acpu_sweep_print("tanh_backward", dts[k], &r);
        ck_assert_msg(r.max_ulp <= bound[k], "tanh_backward %d: %.3f ulp at (%a, %a)", dts[k], r.max_ulp, r.worst_in[0],
                      r.worst_in[1]);
        if (k > 0)
            ck_assert_msg((double)r.nearest >= GRAD_16_NEAREST * (double)r.checked, "%llu of %llu nearest",
                          (unsigned long long)r.nearest, (unsigned long long)r.checked);
    }
}
END_TEST

/* 1 - y^2 with y next to 1: the fused form keeps it exact before the product. */
START_TEST(test_grad_near_one)
{
    static const float y[] = {1.0f, 0.99999994f, 0.9999999f, 1.0000001f, -0.99999994f, 0.5f};
    for (size_t i = 0; i < sizeof y / sizeof y[0]; i++) {
        double a = 3.0, b = y[i], got;
        acpu_sweep_call_n(grad_call, 2, F32, (double *const[]){&a, &b}, &got, 1);
        float want = fmaf(-y[i], y[i], 1.0f) * 3.0f;
        ck_assert_msg((float)got == want, "grad(3, %a) = %a, want %a", y[i], got, want);
        double exact = 3.0 * (1.0 - (double)y[i] * y[i]);
        ck_assert_msg(acpu_test_ulp_error(F32, got, exact) <= GRAD_F32_ULP, "grad(3, %a) = %a, exact %a", y[i], got,
                      exact);
    }
}
END_TEST

START_TEST(test_grad_double)
{
    enum { N = 100000 };
    static double go[N], y[N], got[N];
    acpu_test_lcg_seed(0xd0bu, 32);
    for (int i = 0; i < N; i++) {
        go[i] = acpu_test_lcg_sym(4.0);
        y[i] = acpu_test_lcg_sym(1.25);
    }
    acpu_sweep_call_n(grad_call, 2, ACL_DOUBLE, (double *const[]){go, y}, got, N);
    for (int i = 0; i < N; i++) {
        double want = go[i] * (1.0 - y[i] * y[i]); /* the AiCpu order, each step rounded */
        ck_assert_msg(got[i] == want, "grad double(%a, %a) = %a, want %a", go[i], y[i], got[i], want);
    }
}
END_TEST

static Suite *tanh_math_suite(void)
{
    Suite *s = suite_create("tanh_math");
    TCase *tc = tcase_create("accuracy");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_tanh_fp32);
    tcase_add_test(tc, test_tanh_16bit);
    tcase_add_test(tc, test_tanh_specials);
    tcase_add_test(tc, test_tanh_int_self);
    tcase_add_test(tc, test_grad_accuracy);
    tcase_add_test(tc, test_grad_near_one);
    tcase_add_test(tc, test_grad_double);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(tanh_math_suite()); }
