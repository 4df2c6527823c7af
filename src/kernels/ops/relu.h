/* The ReLU and Threshold family's kernels (doc/CANN.md#relu-family), each in the order of CANN's
 * arch35 kernel DAG, compare and select only:
 *
 *   Relu (GraphRelu / GraphReluMax, relu_dag.h): y = x <= 0 ? +0 : x. CANN's golden (np.maximum,
 *     then every -0 result made +0) gives +0 for -0 and keeps NaN; fp32 and double on the vector
 *     vocabulary; fp16 and bf16 on their bits (the same values as widening, max and narrowing:
 *     every negative non-NaN pattern 0x8000..0xFC00 (fp16) / 0x8000..0xFF80 (bf16) becomes +0,
 *     everything else, NaN included, is returned bit for bit); integers max(x, 0) (UINT8: x).
 *   ReluGrad (ReluGradDag / ReluGradCastDag, relu_grad_dag.h): dx = dy * (x <= 0 ? 0 : 1), a
 *     multiplication as TensorFlow's relu_grad: a negative dy gives -0 where x <= 0, an infinite or
 *     NaN dy gives NaN there (integers: the product is exact; fp16 / bf16 on their bits, the same
 *     values as widening, the product and narrowing).
 *   ThresholdGradV2D (threshold_grad_v2_d_dag.h): dx = float(x) <= threshold ? +0 : float(dy), in
 *     fp32 and cast back (RINT; fp16 / bf16 on their patterns, the same bits): INT32 goes through
 *     fp32 as CANN's ThresholdGradV2DInt32Dag does (values beyond 2^24 round; the way back
 *     saturates), INT8 / UINT8 are exact.
 *   ThresholdV2 (ThresholdDag / ThresholdCastDag, threshold_dag.h): y = x <= threshold ? value : x,
 *     threshold and value converted to x's dtype first as the op_api's ConvertToTensor does
 *     (acpu_threshold_init); compared in x's dtype (fp16 / bf16 on their patterns).
 *
 * The first part (the kernel-list rows, parameter blocks and their initialisers) is read by every
 * layer; the math below it only by the ISA translation units, after their vocabulary. */
#ifndef ACPU_OPS_RELU_LIST_H_
#define ACPU_OPS_RELU_LIST_H_

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "common/acpu_attr.h"
#include "common/acpu_half.h"

/* X(ID, stem, arity, params, init, grain, dtypes): kernels/acpu_kernel_list.h. A load, a compare, a
 * select and a store per element: memory-bound (ACPU_GRAIN_MEMORY_BOUND). */
#define ACPU_KERNELS_RELU(X)                                                                   \
    X(RELU, relu, 1, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, NUMERIC)                   \
    X(RELU_GRAD, relu_grad, 2, acpu_no_params, NULL, ACPU_GRAIN_MEMORY_BOUND, NUMERIC)         \
    X(THRESHOLD_GRAD, threshold_grad, 2, acpu_threshold_grad_params, acpu_threshold_grad_init, \
      ACPU_GRAIN_MEMORY_BOUND, NUMERIC)                                                        \
    X(THRESHOLD, threshold, 1, acpu_threshold_params, acpu_threshold_init, ACPU_GRAIN_MEMORY_BOUND, NUMERIC)

/* T(ID, stem, form): none here (these kernels are cheaper than a gather). */
#define ACPU_TABLES_RELU(T)

/* P(ID, forms): the 16-bit forms that work on the bit patterns (kernels/acpu_kernel_list.h). */
#define ACPU_PATTERN16_RELU(P) \
    P(RELU, F16_BF16) P(RELU_GRAD, F16_BF16) P(THRESHOLD_GRAD, F16_BF16) P(THRESHOLD, F16_BF16)

/* ThresholdGradV2D's attribute threshold (ToFloat of the API's scalar), and for the integer types
 * exact in fp32 (int8, uint8, int16) the same compare on integers: float(x) <= threshold holds for
 * x <= floor(threshold) (`le`, clamped to the type), for no x when `any` is false (NaN, or a
 * threshold below the type's range). fp16 / bf16 compare their patterns (common/acpu_half.h) with the
 * largest value of their format <= threshold (none for a NaN threshold). */
typedef struct {
    float threshold;
    acpu_h16_le le_f16, le_bf16; /* the 16-bit kernels: float(x) <= threshold for x of the format */
    int8_t le_i8;
    uint8_t le_u8;
    int16_t le_i16;
    bool any_i8, any_u8, any_i16;
} acpu_threshold_grad_params;

uint16_t acpu_f32_to_f16(float f); /* kernels/convert.c (kernels/acpu_kernels.h) */
uint16_t acpu_f32_to_bf16(float f);

/* The largest v in [lo, hi] with v <= t (floor), and whether there is one. */
static inline int64_t acpu_threshold_le(float t, int64_t lo, int64_t hi, bool *any)
{
    *any = isgreaterequal(t, (float)lo); /* false for NaN */
    return !*any ? lo : isgreaterequal(t, (float)hi) ? hi : (int64_t)floorf(t);
}

static inline void acpu_threshold_grad_init(const acpu_attr_value *a, void *out)
{
    acpu_threshold_grad_params *p = out;
    float t = a[0].f;
    p->threshold = t;
    p->le_i8 = (int8_t)acpu_threshold_le(t, INT8_MIN, INT8_MAX, &p->any_i8);
    p->le_u8 = (uint8_t)acpu_threshold_le(t, 0, UINT8_MAX, &p->any_u8);
    p->le_i16 = (int16_t)acpu_threshold_le(t, INT16_MIN, INT16_MAX, &p->any_i16);
    uint16_t h = acpu_f32_to_f16(t), b = acpu_f32_to_bf16(t);
    p->le_f16 = acpu_h16_le_fp32(t, h, acpu_f16_to_f32(h));
    p->le_bf16 = acpu_h16_le_fp32(t, b, acpu_bf16_to_f32(b));
}

/* ThresholdV2's threshold and value as the tensors of x's dtype the op_api makes of the scalars
 * (aclOpExecutor::ConvertToTensor): FLOAT ToFloat; FLOAT16 / BF16 that float rounded to nearest
 * even (ToFp16, ToBf16), held as patterns and a test against the threshold; integers To<int64>
 * (floats truncated toward zero, saturated, NaN 0), which the integer kernels wrap to their element
 * type (two's complement, as C++'s static_cast of an integer does). DOUBLE (no API computes in it)
 * ToDouble. */
typedef struct {
    float thr_f32, val_f32;
    double thr_f64, val_f64;
    int64_t thr_i, val_i;
    acpu_h16_le thr_f16, thr_bf16; /* x <= the rounded threshold (never for NaN) */
    uint16_t val_f16, val_bf16;    /* the rounded values' patterns */
} acpu_threshold_params;

static inline void acpu_threshold_init(const acpu_attr_value *a, void *out)
{
    acpu_threshold_params *p = out;
    p->thr_f32 = a[0].f;
    p->val_f32 = a[1].f;
    p->thr_f16 = acpu_h16_le_pattern(acpu_f32_to_f16(a[0].f), ACPU_F16_INF);
    p->thr_bf16 = acpu_h16_le_pattern(acpu_f32_to_bf16(a[0].f), ACPU_BF16_INF);
    p->val_f16 = acpu_f32_to_f16(a[1].f); /* a NaN comes out quiet, as the kernels' NaNs */
    p->val_bf16 = acpu_f32_to_bf16(a[1].f);
    p->thr_f64 = a[0].d;
    p->val_f64 = a[1].d;
    p->thr_i = a[0].i;
    p->val_i = a[1].i;
}

#endif /* ACPU_OPS_RELU_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_RELU_MATH_H_)
#define ACPU_OPS_RELU_MATH_H_

#include "kernels/ops/loops.h"

/* ---- Relu ---------------------------------------------------------------------------------------- */

static inline acpu_vf acpu_relu_body(acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(0.0f)), acpu_vf_set1(0.0f), x);
}

static inline acpu_vd acpu_relu_body_f64(acpu_vd x, const acpu_no_params *p)
{
    (void)p;
    return acpu_vd_select(acpu_vd_cmp_le(x, acpu_vd_set1(0.0)), acpu_vd_set1(0.0), x);
}

/* Bits h - 0x8000 (mod 2^16) <= the negative infinity's offset: a negative number, -0 included. */
#define ACPU_RELU_F16_BITS(T, h, p) ((T)((uint16_t)((h)-0x8000u) <= 0x7C00u ? 0u : (h)))
#define ACPU_RELU_BF16_BITS(T, h, p) ((T)((uint16_t)((h)-0x8000u) <= 0x7F80u ? 0u : (h)))
#define ACPU_RELU_INT(T, a, p) ((T)((a) > 0 ? (a) : 0))

ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(relu_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_relu_body, acpu_no_params)
ACPU_DEFINE_INT_KERNEL1(ACPU_KERNEL_NAME(relu_f16), uint16_t, ACPU_RELU_F16_BITS, acpu_no_params)
ACPU_DEFINE_INT_KERNEL1(ACPU_KERNEL_NAME(relu_bf16), uint16_t, ACPU_RELU_BF16_BITS, acpu_no_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(relu_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_relu_body_f64, acpu_no_params)
ACPU_DEFINE_INT_KERNELS(1, relu, ACPU_RELU_INT, acpu_no_params)

/* ---- ReluGrad: dy * select(x <= 0, 0, 1) ----------------------------------------------------------- */

static inline acpu_vf acpu_relu_grad_body(acpu_vf dy, acpu_vf x, const acpu_no_params *p)
{
    (void)p;
    acpu_vf mask = acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(0.0f)), acpu_vf_set1(0.0f), acpu_vf_set1(1.0f));
    return acpu_vf_mul(dy, mask);
}

static inline acpu_vd acpu_relu_grad_body_f64(acpu_vd dy, acpu_vd x, const acpu_no_params *p)
{
    (void)p;
    acpu_vd mask = acpu_vd_select(acpu_vd_cmp_le(x, acpu_vd_set1(0.0)), acpu_vd_set1(0.0), acpu_vd_set1(1.0));
    return acpu_vd_mul(dy, mask);
}

/* Integers: dy * 0 or dy * 1, exact (INT8 / UINT8 through half in CANN: exact as well). */
#define ACPU_RELU_GRAD_INT(T, dy, x, p) ((T)((x) <= 0 ? 0 : (dy)))

/* fp16 / bf16 on their patterns (common/acpu_half.h): the values of widening (exact), dy * 1 or dy * 0
 * and narrowing (exact), without converting:
 *   x <= 0 (a negative non-NaN pattern, -0 included, or +0):  dy * 0 = a zero of dy's sign; for an
 *     infinite dy the invalid product's default NaN, x86's (sign set, quiet: 0xFFC00000 in fp32, which
 *     narrows to 0xFE00 / 0xFFC0), on every ISA (NEON's multiply makes 0x7FC00000: this form gives every
 *     ISA the x86 bits, where the fp32 kernel differs);
 *   otherwise (x > 0 or NaN):  dy;
 *   a NaN dy in either case: dy, quieted (the product and the narrowing keep its payload).
 * Written on lane masks, not with ?: (GCC if-converted those into five blends per vector). */
static inline uint16_t acpu_relu_grad_h16(uint16_t dy, uint16_t x, uint16_t inf, uint16_t quiet, uint16_t dnan)
{
    /* lane masks (0 or 0xffff); negative non-NaN patterns are 0x8000 .. 0x8000 | inf, as int16 at most
     * (int16_t)(0x8000 | inf) */
    uint16_t x_le0 = (uint16_t)(0u - (((int16_t)x <= (int16_t)(0x8000u | inf)) | (x == 0u)));
    int16_t mag = (int16_t)(dy & 0x7fffu);
    uint16_t dy_inf = (uint16_t)(0u - (mag == (int16_t)inf)), dy_nan = acpu_h16_nan_mask(dy, inf);
    uint16_t times_zero = (uint16_t)((dy & 0x8000u) | (dnan & dy_inf)); /* dnan has the sign bit */
    uint16_t zeroed = (uint16_t)(x_le0 & ~dy_nan);                      /* a NaN dy stays dy */
    uint16_t r = (uint16_t)((times_zero & zeroed) | (dy & ~zeroed));
    return (uint16_t)(r | (quiet & dy_nan));
}
#define ACPU_RELU_GRAD_F16(T, dy, x, p) acpu_relu_grad_h16(dy, x, ACPU_F16_INF, ACPU_F16_QUIET, ACPU_F16_X86_NAN)
#define ACPU_RELU_GRAD_BF16(T, dy, x, p) acpu_relu_grad_h16(dy, x, ACPU_BF16_INF, ACPU_BF16_QUIET, ACPU_BF16_X86_NAN)

ACPU_DEFINE_PATTERN16_KERNELS(2, relu_grad, acpu_relu_grad_body, ACPU_RELU_GRAD_F16, ACPU_RELU_GRAD_BF16,
                              acpu_no_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(relu_grad_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_relu_grad_body_f64,
                    acpu_no_params)
ACPU_DEFINE_INT_KERNELS(2, relu_grad, ACPU_RELU_GRAD_INT, acpu_no_params)

/* ---- ThresholdGradV2D: select(float(x) <= threshold, 0, float(dy)) --------------------------------- */

static inline acpu_vf acpu_threshold_grad_body(acpu_vf dy, acpu_vf x, const acpu_threshold_grad_params *p)
{
    return acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(p->threshold)), acpu_vf_set1(0.0f), dy);
}

static inline acpu_vd acpu_threshold_grad_body_f64(acpu_vd dy, acpu_vd x, const acpu_threshold_grad_params *p)
{
    return acpu_vd_select(acpu_vd_cmp_le(x, acpu_vd_set1((double)p->threshold)), acpu_vd_set1(0.0), dy);
}

/* INT8 / UINT8 / INT16 are exact in fp32: the compare on integers (acpu_threshold_grad_params);
 * INT64 (no API path: CANN's lists have no INT64 when the threshold is not 0) compares its fp32
 * value and keeps dy. */
#define ACPU_THRESHOLD_GRAD_INT(T, dy, x, p) ((T)((float)(x) <= (p)->threshold ? 0 : (dy)))
#define ACPU_THRESHOLD_GRAD_NARROW(sfx, T, dy, x, p) ((T)((p)->any_##sfx && (x) <= (p)->le_##sfx ? 0 : (dy)))
#define ACPU_THRESHOLD_GRAD_I8(T, dy, x, p) ACPU_THRESHOLD_GRAD_NARROW(i8, T, dy, x, p)
#define ACPU_THRESHOLD_GRAD_U8(T, dy, x, p) ACPU_THRESHOLD_GRAD_NARROW(u8, T, dy, x, p)
#define ACPU_THRESHOLD_GRAD_I16(T, dy, x, p) ACPU_THRESHOLD_GRAD_NARROW(i16, T, dy, x, p)

/* INT32 as ThresholdGradV2DInt32Dag: dy and x cast to fp32 (round to nearest), compared and selected
 * in fp32, the result cast back (RINT of an integral value; 2^31 saturates to INT32_MAX). */
static inline int32_t acpu_threshold_grad_i32(int32_t dy, int32_t x, float threshold)
{
    /* Both conversions and compares unconditional, then integer selects: the form the vectoriser
     * takes (a conditional conversion could trap, so it would not be if-converted). */
    float fdy = (float)dy, fx = (float)x;
    bool zero = fx <= threshold, big = fdy >= 2147483648.0f; /* 2^31: (float)INT32_MAX rounds up */
    int32_t v = (int32_t)(big ? 0.0f : fdy);
    return zero ? 0 : big ? INT32_MAX : v;
}
#define ACPU_THRESHOLD_GRAD_I32(T, dy, x, p) acpu_threshold_grad_i32((dy), (x), (p)->threshold)

/* fp16 / bf16 on their patterns (common/acpu_half.h): the same values as widening, the fp32 select
 * and narrowing (a NaN dy comes out quiet, as narrowing makes it), at the cost of integer compares. */
static inline uint16_t acpu_threshold_grad_h16(uint16_t dy, uint16_t x, acpu_h16_le le, uint16_t inf, uint16_t quiet)
{
    bool nan = acpu_h16_is_nan(x, inf), above = acpu_h16_gt(x, le);
    bool pass = nan | above; /* NaN x, or x > threshold */
    return pass ? acpu_h16_quiet(dy, inf, quiet) : 0;
}
#define ACPU_THRESHOLD_GRAD_F16(T, dy, x, p) acpu_threshold_grad_h16(dy, x, (p)->le_f16, ACPU_F16_INF, ACPU_F16_QUIET)
#define ACPU_THRESHOLD_GRAD_BF16(T, dy, x, p) \
    acpu_threshold_grad_h16(dy, x, (p)->le_bf16, ACPU_BF16_INF, ACPU_BF16_QUIET)

ACPU_DEFINE_PATTERN16_KERNELS(2, threshold_grad, acpu_threshold_grad_body, ACPU_THRESHOLD_GRAD_F16,
                              ACPU_THRESHOLD_GRAD_BF16, acpu_threshold_grad_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(threshold_grad_f64), double, acpu_vd, ACPU_VDLANES, f64,
                    acpu_threshold_grad_body_f64, acpu_threshold_grad_params)
ACPU_DEFINE_INT_KERNEL2(ACPU_KERNEL_NAME(threshold_grad_i8), int8_t, ACPU_THRESHOLD_GRAD_I8, acpu_threshold_grad_params)
ACPU_DEFINE_INT_KERNEL2(ACPU_KERNEL_NAME(threshold_grad_u8), uint8_t, ACPU_THRESHOLD_GRAD_U8,
                        acpu_threshold_grad_params)
ACPU_DEFINE_INT_KERNEL2(ACPU_KERNEL_NAME(threshold_grad_i16), int16_t, ACPU_THRESHOLD_GRAD_I16,
                        acpu_threshold_grad_params)
ACPU_DEFINE_INT_KERNEL2(ACPU_KERNEL_NAME(threshold_grad_i32), int32_t, ACPU_THRESHOLD_GRAD_I32,
                        acpu_threshold_grad_params)
ACPU_DEFINE_INT_KERNEL2(ACPU_KERNEL_NAME(threshold_grad_i64), int64_t, ACPU_THRESHOLD_GRAD_INT,
                        acpu_threshold_grad_params)

/* ---- ThresholdV2: select(x <= threshold, value, x) in x's dtype ------------------------------------ */

static inline acpu_vf acpu_threshold_body(acpu_vf x, const acpu_threshold_params *p)
{
    return acpu_vf_select(acpu_vf_cmp_le(x, acpu_vf_set1(p->thr_f32)), acpu_vf_set1(p->val_f32), x);
}

/* The 16-bit kernels compare x with the threshold rounded to their own type and select the value
 * rounded to it, on the patterns (common/acpu_half.h): the values of widening, the fp32 select and
 * narrowing (exact but for a NaN x, which comes out quiet). */
static inline uint16_t acpu_threshold_h16(uint16_t x, acpu_h16_le thr, uint16_t value, uint16_t inf, uint16_t quiet)
{
    bool nan = acpu_h16_is_nan(x, inf), above = acpu_h16_gt(x, thr);
    bool keep = nan | above;
    return keep ? acpu_h16_quiet(x, inf, quiet) : value;
}
#define ACPU_THRESHOLD_F16(T, x, p) acpu_threshold_h16(x, (p)->thr_f16, (p)->val_f16, ACPU_F16_INF, ACPU_F16_QUIET)
#define ACPU_THRESHOLD_BF16(T, x, p) acpu_threshold_h16(x, (p)->thr_bf16, (p)->val_bf16, ACPU_BF16_INF, ACPU_BF16_QUIET)

static inline acpu_vd acpu_threshold_body_f64(acpu_vd x, const acpu_threshold_params *p)
{
    return acpu_vd_select(acpu_vd_cmp_le(x, acpu_vd_set1(p->thr_f64)), acpu_vd_set1(p->val_f64), x);
}

#define ACPU_THRESHOLD_INT(T, a, p) ((a) <= (T)(p)->thr_i ? (T)(p)->val_i : (a))

ACPU_DEFINE_PATTERN16_KERNELS(1, threshold, acpu_threshold_body, ACPU_THRESHOLD_F16, ACPU_THRESHOLD_BF16,
                              acpu_threshold_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(threshold_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_threshold_body_f64,
                    acpu_threshold_params)
ACPU_DEFINE_INT_KERNELS(1, threshold, ACPU_THRESHOLD_INT, acpu_threshold_params)

#endif /* ACPU_OPS_RELU_MATH_H_ */
