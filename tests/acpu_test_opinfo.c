/* The operator-info rows (acpu_test_opinfo.h) and the generic call. */
#include <math.h>
#include <string.h>

#include "acpu_test_opinfo.h"

/* ---- the generic call ------------------------------------------------------------------------------ */

const acpu_api_def *acpu_test_op_api(const acpu_test_op *op)
{
    const acpu_api_def *api = acpu_api_find(op->api);
    ck_assert_msg(api != NULL, "opinfo row %s: no such API in the registry", op->api);
    return api;
}

bool acpu_test_op_inplace(const acpu_test_op *op)
{
    const acpu_api_def *api = acpu_test_op_api(op);
    for (int i = 0; i < api->n_params; i++)
        if (api->params[i].kind == ACPU_P_TINOUT || api->params[i].kind == ACPU_P_TINOUT_CONST)
            return true;
    return false;
}

aclnnStatus acpu_test_op_phase1(const acpu_test_op *op, const aclTensor *const *in, aclTensor *out, uint64_t *ws,
                                aclOpExecutor **exec)
{
    const acpu_api_def *api = acpu_test_op_api(op);
    acpu_arg a[ACPU_MAX_PARAMS];
    aclScalar *scalars[ACPU_MAX_PARAMS] = {NULL};
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        double v = op->attr[p->slot];
        switch (p->kind) {
        case ACPU_P_TIN: a[i].p = in[p->slot]; break;
        case ACPU_P_TOUT:
        case ACPU_P_TOUT_CONST:
        case ACPU_P_TINOUT:
        case ACPU_P_TINOUT_CONST: a[i].p = out; break;
        case ACPU_P_SCALAR:
        case ACPU_P_SCALAR_OPT: a[i].p = scalars[i] = acpu_test_scalar_f32((float)v); break;
        case ACPU_P_BOOL: a[i].b = v != 0.0; break;
        case ACPU_P_INT: a[i].i = (int64_t)v; break;
        case ACPU_P_STRING: a[i].s = api->op->attrs[p->slot].choices[(int)v]; break;
        default: ck_abort_msg("%s: parameter kind %d", op->api, (int)p->kind);
        }
    }
    aclnnStatus rc = api->invoke(a, ws, exec);
    for (int i = 0; i < api->n_params; i++)
        if (scalars[i] != NULL)
            aclDestroyScalar(scalars[i]);
    return rc;
}

aclnnStatus acpu_test_op_phase2(const acpu_test_op *op, void *workspace, uint64_t ws, aclOpExecutor *exec)
{
    return acpu_test_op_api(op)->run(workspace, ws, exec, NULL);
}

/* ---- the rows ---------------------------------------------------------------------------------------- */

/* ELU, exp mode: alpha 1.3, scale 1.05, inputScale 0.9. */
static double elu_backward_ref(const double *in, const double *a)
{
    double dy = in[0], x = in[1];
    return x <= 0 ? exp(x * (double)(float)a[2]) * ((double)(float)a[0] * (float)a[1] * (float)a[2]) * dy
                  : dy * (float)a[1];
}

/* Softplus: beta 1.1, threshold 2. */
static double softplus_backward_ref(const double *in, const double *a)
{
    double z = (double)(float)a[0] * in[1];
    return z > a[1] ? in[0] : in[0] / (1.0 + exp(-z));
}

static double silu_backward_ref(const double *in, const double *a)
{
    (void)a;
    double dy = in[0], x = in[1], e = exp(-x), s = 1.0 / (1.0 + e);
    return dy * s * (1.0 + x * (s * e));
}

static double silu_ref(const double *in, const double *a)
{
    (void)a;
    return in[0] / (1.0 + exp(-in[0]));
}

/* Swish with beta 1.1: x / (1 + exp(-v)), v = beta x rounded to fp32 as the kernel's product. */
static double swish_ref(const double *in, const double *a)
{
    float v = (float)in[0] * (float)a[0];
    return in[0] / (1.0 + exp(-(double)v));
}

/* SwishGrad with beta 1.1: dy * s * (1 + v (1 - s)), v = beta x rounded to fp32, 1 - s as s * exp(-v). */
static double swish_backward_ref(const double *in, const double *a)
{
    float vf = (float)in[1] * (float)a[0];
    double v = vf, e = exp(-v), s = 1.0 / (1.0 + e);
    return in[0] * s * (1.0 + v * (s * e));
}

/* ELU forward: alpha 1.3, scale 1.05, inputScale 0.9 (fp32 attributes); expm1 exact. */
static double elu_ref(const double *in, const double *a)
{
    double x = in[0], alpha = (float)a[0], scale = (float)a[1], input_scale = (float)a[2];
    return x > 0 ? x * scale : alpha * scale * expm1(x * input_scale);
}

/* ReLU, Threshold, LeakyReLU families: compare and select, exact (tests/test_relu_math.c holds the
 * bit-level rules: signed zeros, NaN, the 16-bit conversions of threshold and value). */
static double relu_ref(const double *in, const double *a)
{
    (void)a;
    return in[0] <= 0 ? 0.0 : in[0];
}

/* ReluGrad (threshold 0): dy * (x <= 0 ? 0 : 1). */
static double threshold_backward_ref(const double *in, const double *a) { return in[1] <= a[0] ? in[0] * 0.0 : in[0]; }

/* threshold 0.5, value 2: exact in every dtype (integers truncate 0.5 to 0, which selects alike). */
static double threshold_ref(const double *in, const double *a) { return in[0] <= a[0] ? a[1] : in[0]; }

/* negativeSlope 0.01 as the kernels take it: ToFloat. */
static double leaky_relu_ref(const double *in, const double *a) { return in[0] > 0 ? in[0] : in[0] * (float)a[0]; }

static double leaky_relu_backward_ref(const double *in, const double *a)
{
    return in[1] > 0 ? in[0] : in[0] * (float)a[0];
}

/* Softplus forward: beta 1.5, threshold 5 (beta * x > 5 gives x); z from the fp32 beta, the result
 * scaled by the fp32 1/beta as the kernel's invBeta. */
static double softplus_ref(const double *in, const double *a)
{
    double z = (double)(float)a[0] * in[0];
    return z > a[1] ? in[0] : log1p(exp(z)) * (double)(1.0f / (float)a[0]);
}

/* CELU: alpha 1.3 (fp32), u = x * float(1 / alpha). */
static double celu_ref(const double *in, const double *a)
{
    double alpha = (double)(float)a[0], u = in[0] * (double)(1.0f / (float)a[0]);
    return in[0] > 0 ? in[0] : alpha * expm1(u);
}

static double sigmoid_ref(const double *in, const double *a)
{
    (void)a;
    return 1.0 / (1.0 + exp(-in[0]));
}

/* SigmoidGrad(y, dy) = dy * (1 - y) * y */
static double sigmoid_backward_ref(const double *in, const double *a)
{
    (void)a;
    return in[1] * (1.0 - in[0]) * in[0];
}

static double tanh_ref(const double *in, const double *a)
{
    (void)a;
    return tanh(in[0]);
}

/* TanhGrad(y, dy) = dy * (1 - y^2) */
static double tanh_backward_ref(const double *in, const double *a)
{
    (void)a;
    return in[1] * (1.0 - in[0] * in[0]);
}

/* GELU, tanh form: x / (1 + exp(c)) with c = (x^3 + x / 0.044715) * (-1.595769121 * 0.044715)
 * rounded to fp32 in the kernel's steps (as Swish's v): exp(c) passes the argument's rounding on
 * with a factor |c| (up to 88), which the math suite's rule accounts for. */
static double gelu_tanh_ref(const double *in, const double *a)
{
    (void)a;
    float x = (float)in[0];
    volatile float c = x * x;
    c = c * x;
    c = fmaf(x, (float)(1 / 0.044715), c);
    c = c * (float)(-1.595769121 * 0.044715);
    return in[0] / (1.0 + exp((double)c));
}

/* GELU, erf form (approximate 0): x Phi(x); the kernel's (erf(x / sqrt 2) + 1) cancels below about
 * x = -2, an absolute error of an fp32 ulp of 1 times |x| / 2 (the rows' absolute terms). */
static double gelu_erf_ref(const double *in, const double *a)
{
    (void)a;
    return 0.5 * in[0] * erfc(-in[0] / sqrt(2.0));
}

/* GeluGrad (tanh form's derivative): dy * (f + e f^2 r) with e = exp(p), f = 1 / (1 + e),
 * p = (x^2 * AN + BETAN) * x rounded to fp32 in the kernel's steps (the exp's argument, as Gelu's),
 * r = (x^2 * A3 + BETA) * x exact; the NaN guard's 0 where e f^2 r is NaN. The sum cancels where
 * gelu' crosses 0 (x = -0.75): the rows' absolute terms. */
static double gelu_grad_tanh_ref(const double *in, const double *a)
{
    (void)a;
    float xf = (float)in[1];
    volatile float s = xf * xf;
    volatile float p = fmaf(s, -0.0713548162726002527220f, -1.595769121605730711759f);
    p = p * xf;
    double x = in[1], r = (x * x * (double)0.2140644488178007f + (double)1.595769121605730711759f) * x;
    double e = exp((double)p), f = 1.0 / (1.0 + e), t = e * f * f * r;
    return in[0] * ((isnan(t) ? 0.0 : t) + f);
}

/* GeluGradV2 "none": dy * (Phi(x) + x phi(x)); the kernel's sum cancels below about x = -2 (the
 * absolute terms). */
static double gelu_grad_erf_ref(const double *in, const double *a)
{
    (void)a;
    double x = in[1];
    return in[0] * (0.5 * erfc(-x / sqrt(2.0)) + x * exp(-0.5 * x * x) * 0.39894228040143267794);
}

/* Mish: x tanh(softplus(x)), exact (the kernel's exp arguments are exact: x * -1, -2, 2). */
static double mish_ref(const double *in, const double *a)
{
    (void)a;
    return in[0] * tanh(log1p(exp(in[0])));
}

/* MishGrad: dy (t + x sigmoid(x) (1 - t^2)); the kernel's t * t - 1 cancels as t -> 1 (absolute terms). */
static double mish_backward_ref(const double *in, const double *a)
{
    (void)a;
    double x = in[1], t = tanh(log1p(exp(x))), s = 1.0 / (1.0 + exp(-x));
    return in[0] * (t + x * s * (1.0 - t * t));
}

/* ---- Hardtanh, Hardswish, Hardsigmoid: the exact formulas (test_hard_math.c holds the kernels'
 * bit-exact rules); attr[] is the operator's attributes (Hardtanh's limits, HardtanhGrad's min_val
 * and max_val; HardSigmoid's alpha and beta are the API's constants). */
static double hardtanh_ref(const double *in, const double *a)
{
    return in[0] < a[0] ? a[0] : in[0] > a[1] ? a[1] : in[0];
}

/* inputs (self, gradOutput): HardtanhGrad's (result, grad) */
static double hardtanh_backward_ref(const double *in, const double *a)
{
    return (in[0] > a[0] && in[0] < a[1]) || isnan(in[0]) ? in[1] : 0.0;
}

static double hardswish_ref(const double *in, const double *a)
{
    (void)a;
    double x = in[0];
    return x <= -3.0 ? 0.0 : x >= 3.0 ? x : x * (x + 3.0) / 6.0;
}

static double hardswish_backward_ref(const double *in, const double *a)
{
    (void)a;
    double g = in[0], x = in[1];
    return x < -3.0 ? 0.0 : x <= 3.0 ? g * (x / 3.0 + 0.5) : g;
}

static double hardswish_backward_v2_ref(const double *in, const double *a)
{
    (void)a;
    double g = in[0], x = in[1];
    return x <= -3.0 ? 0.0 : x < 3.0 ? g * (x / 3.0 + 0.5) : g;
}

static double hardsigmoid_ref(const double *in, const double *a)
{
    (void)a;
    double y = in[0] / 6.0 + 0.5;
    return y < 0.0 ? 0.0 : y > 1.0 ? 1.0 : y;
}

static double hardsigmoid_backward_ref(const double *in, const double *a)
{
    (void)a;
    return in[1] > -3.0 && in[1] < 3.0 ? in[0] / 6.0 : 0.0;
}

/* Tolerances: fp32 a few ulp relative (the kernels round the exp argument in fp32 first), plus SiLU's
 * cancellation, absolute at the inputs' scale; 16-bit one ulp of the type (fp16 subnormals absolute).
 * DOUBLE results (Softplus) use the fp32 row. */
#define FLOATS {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, 3
/* ReLU / Threshold: every value is an input or an attribute value: no rounding at all. LeakyReLU:
 * one rounding of x * slope (half an ulp; 16-bit subnormals absolute). */
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define EXACT {0, 0, 0}, {0, 0, 0}
#define ONE_ROUNDING {6e-8, 1.0 / 2048, 1.0 / 256}, {1e-45, 3e-8, 1e-45}
/* clang-format on */
#define RELU_ROW_DTYPES {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT32, ACL_INT64}, 6
#define LEAKY_ROW_DTYPES {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}, 4
#define FLOATS_F64 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}, 4
#define HARD_NUMERIC \
    {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64}, 9
/* clang-format off */ /* a table: one row per line */
const acpu_test_op acpu_test_ops[] = {
    /* ---- ELU, Softplus, SiLU families ---- */
    {"aclnnEluBackward", {1.3, 1.05, 0.9, 0}, elu_backward_ref, FLOATS, {2e-6, 1.0 / 1024, 1.0 / 128},
     {1e-30, 6e-8, 1e-30}, {2.0, 12.0}},
    {"aclnnSoftplusBackward", {1.1, 2.0}, softplus_backward_ref, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}, 4,
     {2e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {2.0, 12.0}},
    {"aclnnSiluBackward", {0}, silu_backward_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128},
     {1e-6, 1.0 / 1024, 1.0 / 128}, {2.0, 12.0}},
    {"aclnnSilu", {1.0}, silu_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    /* ELU forward: fp32 exp(z) - 1 cancels near |z| = 0.1 (about 8 ulp there, NUMERICS.md#elu-forward) */
    {"aclnnElu", {1.3, 1.05, 0.9}, elu_ref, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}, 4,
     {2e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {6.0}},
    {"aclnnInplaceElu", {1.3, 1.05, 0.9}, elu_ref, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}, 4,
     {2e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {6.0}},
    {"aclnnSwish", {1.1}, swish_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    /* SwishGrad cancels as SiluGrad (1 - s for large beta x, c near beta x = -1.28) */
    {"aclnnSwishBackward", {1.1}, swish_backward_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128},
     {1e-6, 1.0 / 1024, 1.0 / 128}, {2.0, 12.0}},
    /* ---- CELU and Softplus (forward) ---- */
    {"aclnnCelu", {1.3}, celu_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {8.0}},
    {"aclnnInplaceCelu", {1.3}, celu_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {8.0}},
    {"aclnnSoftplus", {1.5, 5.0}, softplus_ref, FLOATS, {2e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    /* ---- Sigmoid, Tanh families ---- */
    {"aclnnSigmoid", {0}, sigmoid_ref, FLOATS_F64, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    {"aclnnInplaceSigmoid", {0}, sigmoid_ref, FLOATS_F64, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    {"aclnnSigmoidBackward", {0}, sigmoid_backward_ref, FLOATS_F64, {1e-6, 1.0 / 512, 1.0 / 64},
     {1e-30, 6e-8, 1e-30}, {2.0, 2.0}},
    {"aclnnTanh", {0}, tanh_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {6.0}},
    {"aclnnInplaceTanh", {0}, tanh_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {6.0}},
    {"aclnnTanhBackward", {0}, tanh_backward_ref, FLOATS_F64, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30},
     {2.0, 2.0}},
    /* ---- GELU, Mish families ---- */
    {"aclnnGelu", {0}, gelu_tanh_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {8.0}},
    {"aclnnGeluBackward", {0}, gelu_grad_tanh_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128},
     {1e-6, 1.0 / 1024, 1.0 / 128}, {2.0, 8.0}},
    {"aclnnGeluBackwardV2", {0}, gelu_grad_erf_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128},
     {1e-6, 1.0 / 1024, 1.0 / 128}, {2.0, 8.0}},
    {"aclnnGeluV2", {0}, gelu_erf_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1.2e-7, 1.2e-7, 1.2e-7}, {6.0}},
    {"aclnnMish", {0}, mish_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    {"aclnnInplaceMish", {0}, mish_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {12.0}},
    {"aclnnMishBackward", {0}, mish_backward_ref, FLOATS, {1e-6, 1.0 / 1024, 1.0 / 128},
     {1e-6, 1.0 / 1024, 1.0 / 128}, {2.0, 12.0}},
    /* ---- ReLU, Threshold, LeakyReLU families ---- */
    {"aclnnRelu", {0}, relu_ref, RELU_ROW_DTYPES, EXACT, {12.0}},
    {"aclnnInplaceRelu", {0}, relu_ref, RELU_ROW_DTYPES, EXACT, {12.0}},
    {"aclnnThresholdBackward", {0.0}, threshold_backward_ref,
     {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT32}, 5, EXACT, {12.0, 12.0}},
    {"aclnnThreshold", {0.5, 2.0}, threshold_ref, RELU_ROW_DTYPES, EXACT, {12.0}},
    {"aclnnInplaceThreshold", {0.5, 2.0}, threshold_ref, RELU_ROW_DTYPES, EXACT, {12.0}},
    {"aclnnLeakyRelu", {0.01}, leaky_relu_ref, LEAKY_ROW_DTYPES, ONE_ROUNDING, {12.0}},
    {"aclnnInplaceLeakyRelu", {0.01}, leaky_relu_ref, LEAKY_ROW_DTYPES, ONE_ROUNDING, {12.0}},
    {"aclnnLeakyReluBackward", {0.01, 0}, leaky_relu_backward_ref, LEAKY_ROW_DTYPES, ONE_ROUNDING, {12.0, 12.0}},
    /* ---- Hardtanh, Hardswish, Hardsigmoid families ---- */
    /* limits 2 and 100 hold in every dtype (uint8 inputs wrap into [0, 255]); exact results */
    {"aclnnHardtanh", {2.0, 100.0}, hardtanh_ref, HARD_NUMERIC, {0, 0, 0}, {0, 0, 0}, {120.0}},
    {"aclnnInplaceHardtanh", {2.0, 100.0}, hardtanh_ref, HARD_NUMERIC, {0, 0, 0}, {0, 0, 0}, {120.0}},
    /* inputs (self, gradOutput): a selected gradient, exact */
    {"aclnnHardtanhBackward", {-1.25, 2.5}, hardtanh_backward_ref, FLOATS, {0, 0, 0}, {0, 0, 0}, {3.0, 2.0}},
    /* a few fp32 roundings (x * (1/6), x * (1/3) + 0.5 cancels near x = -1.5: absolute), 16-bit one
     * rounding of the fp32 value */
    {"aclnnHardswish", {0}, hardswish_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {6.0}},
    {"aclnnInplaceHardswish", {0}, hardswish_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, {6.0}},
    {"aclnnHardswishBackward", {0}, hardswish_backward_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128},
     {1e-7, 6e-8, 1e-30}, {2.0, 5.0}},
    {"aclnnHardswishBackwardV2", {0}, hardswish_backward_v2_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128},
     {1e-7, 6e-8, 1e-30}, {2.0, 5.0}},
    /* INT32 (truncated results) is tested by test_hard_math.c: this reference is the real-valued one */
    {"aclnnHardsigmoid", {0}, hardsigmoid_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128}, {6e-8, 6e-8, 1e-30}, {5.0}},
    {"aclnnInplaceHardsigmoid", {0}, hardsigmoid_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128}, {6e-8, 6e-8, 1e-30},
     {5.0}},
    {"aclnnHardsigmoidBackward", {0}, hardsigmoid_backward_ref, FLOATS, {4e-7, 1.0 / 1024, 1.0 / 128},
     {1e-30, 6e-8, 1e-30}, {2.0, 5.0}},
};
/* clang-format on */
const int acpu_test_num_ops = (int)(sizeof acpu_test_ops / sizeof acpu_test_ops[0]);
