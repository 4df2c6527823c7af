/* The Hardtanh family's kernels.
 *
 * ClipByValueV2 (aclnnHardtanh, aclnnInplaceHardtanh), in the arch35 DAG's order
 * (clip_by_value_v2_dag.h: Max(x, min), then Min(., max)), in the tensor's own dtype (CANN converts
 * both limits to self's dtype, ConvertToTensor): y = min(hi, max(lo, x)) with the vocabulary's
 * max(a, b) = a > b ? a : b and min(a, b) = a < b ? a : b, the limit first, so that a NaN x stays
 * NaN, a NaN limit is passed over and max(+0, -0) keeps x's -0: PyTorch's CPU clamp
 * (min_ps(max, max_ps(min, x))) in every case. 16-bit inputs are compared with the limits rounded
 * to their dtype: the result is x, lo or hi, exact (fp16 widened; bf16 on its patterns, below).
 * Integers (ACPU_DEFINE_INT_KERNELS) compare in their own type, the limits cast to it (static_cast:
 * out-of-range limits wrap).
 *
 * HardtanhGrad (aclnnHardtanhBackward), in the arch35 DAG's order (hardtanh_grad_dag.h): the mask
 * (x < max_val) & (x > min_val) | (x != x), then select(mask, grad, 0): strict bounds (the
 * boundaries give 0) and a NaN x passes the gradient, as the kernel, not the doc's formula, does.
 * min_val, max_val are ToFloat; x is compared in fp32 (16-bit: on its pattern, the same outcome), the
 * gradient selected unchanged.
 *
 * The first part is read by every layer, the math only by the ISA translation units. */
#ifndef ACPU_OPS_HARDTANH_LIST_H_
#define ACPU_OPS_HARDTANH_LIST_H_

#include <stdint.h>

#include "common/acpu_attr.h"
#include "common/acpu_half.h"

/* Compare and select only: as ELU's result mode, memory-bound (ACPU_GRAIN_MEMORY_BOUND). */
#define ACPU_KERNELS_HARDTANH(X)                                                                                    \
    X(HARDTANH, hardtanh, 1, acpu_hardtanh_params, acpu_hardtanh_init, ACPU_GRAIN_MEMORY_BOUND, NUMERIC)            \
    X(HARDTANH_GRAD, hardtanh_grad, 2, acpu_hardtanh_grad_params, acpu_hardtanh_grad_init, ACPU_GRAIN_MEMORY_BOUND, \
      FLOATS)

/* T(ID, stem, form): none here (these kernels are cheaper than a gather). */
#define ACPU_TABLES_HARDTANH(T)

/* P(ID, forms): the 16-bit forms that work on the bit patterns (kernels/acpu_kernel_list.h); fp16
 * Hardtanh widens. */
#define ACPU_PATTERN16_HARDTANH(P) P(HARDTANH, BF16) P(HARDTANH_GRAD, F16_BF16)

/* The limits as each kernel dtype holds them (ConvertToTensor of clipValueMin / clipValueMax to
 * self's dtype): fp32 ToFloat; fp16 one rounding of ToDouble (fp16_t(double)); bf16
 * bfloat16(ToFloat); double ToDouble; the integers ToInt64, cast to the kernel's type. */
typedef struct {
    float lo_f32, hi_f32;
    double lo_f64, hi_f64;
    int64_t lo_i, hi_i;
    float lo_f16, hi_f16; /* fp16 values, held in fp32 */
    /* The bf16 limits' patterns: hi, and what an x below lo becomes (lo, or hi when hi < lo); their
     * keys (common/acpu_half.h), a NaN limit passed over: INT16_MIN for lo, INT16_MAX for hi. */
    uint16_t below_bf16, hi_bf16;
    int16_t lo_key_bf16, hi_key_bf16;
} acpu_hardtanh_params;

/* Narrowing lives in kernels/convert.c (kernels/acpu_kernels.h declares it after this list). */
uint16_t acpu_f64_to_f16(double d);
uint16_t acpu_f32_to_f16(float f);
uint16_t acpu_f32_to_bf16(float f);

/* A limit's key, or `none` for a NaN limit. */
static inline int16_t acpu_hardtanh_key(uint16_t h, uint16_t inf, int16_t none)
{
    return acpu_h16_is_nan(h, inf) ? none : acpu_h16_key(h);
}

static inline void acpu_hardtanh_init(const acpu_attr_value *a, void *out)
{
    acpu_hardtanh_params *p = out;
    p->lo_f32 = a[0].f;
    p->hi_f32 = a[1].f;
    p->lo_f16 = acpu_f16_to_f32(acpu_f64_to_f16(a[0].d));
    p->hi_f16 = acpu_f16_to_f32(acpu_f64_to_f16(a[1].d));
    uint16_t lo_bf16 = acpu_f32_to_bf16(a[0].f);
    p->hi_bf16 = acpu_f32_to_bf16(a[1].f);
    p->lo_key_bf16 = acpu_hardtanh_key(lo_bf16, ACPU_BF16_INF, INT16_MIN);
    p->hi_key_bf16 = acpu_hardtanh_key(p->hi_bf16, ACPU_BF16_INF, INT16_MAX);
    p->below_bf16 = p->hi_key_bf16 < p->lo_key_bf16 ? p->hi_bf16 : lo_bf16;
    p->lo_f64 = a[0].d;
    p->hi_f64 = a[1].d;
    p->lo_i = a[0].i;
    p->hi_i = a[1].i;
}

/* HardtanhGrad's attributes min_val, max_val (ToFloat of the API's min, max), and for the 16-bit
 * kernels the tests (common/acpu_half.h) that decide x > min_val and x < max_val for x of their
 * format: x > min_val unless x <= the largest value <= min_val; x < max_val when x <= the value before
 * the smallest >= max_val (a NaN limit: never). */
typedef struct {
    float min_val, max_val;
    acpu_h16_le le_min_f16, lt_max_f16, le_min_bf16, lt_max_bf16;
} acpu_hardtanh_grad_params;

/* For x of a format: x <= floor(lo) (every x for a NaN lo, so that x > lo never holds), and x < hi. */
static inline acpu_h16_le acpu_hardtanh_le_min(float lo, uint16_t nearest, float nearest_value)
{
    return isnan(lo) ? ACPU_H16_LE_ALWAYS : acpu_h16_le_key(acpu_h16_floor_key(lo, nearest, nearest_value));
}

static inline acpu_h16_le acpu_hardtanh_lt_max(float hi, uint16_t nearest, float nearest_value)
{
    return isnan(hi) ? ACPU_H16_LE_NEVER
                     : acpu_h16_le_key((int16_t)(acpu_h16_ceil_key(hi, nearest, nearest_value) - 1));
}

static inline void acpu_hardtanh_grad_init(const acpu_attr_value *a, void *out)
{
    acpu_hardtanh_grad_params *p = out;
    float lo = a[0].f, hi = a[1].f;
    p->min_val = lo;
    p->max_val = hi;
    uint16_t lo16 = acpu_f32_to_f16(lo), hi16 = acpu_f32_to_f16(hi);
    uint16_t lob = acpu_f32_to_bf16(lo), hib = acpu_f32_to_bf16(hi);
    p->le_min_f16 = acpu_hardtanh_le_min(lo, lo16, acpu_f16_to_f32(lo16));
    p->lt_max_f16 = acpu_hardtanh_lt_max(hi, hi16, acpu_f16_to_f32(hi16));
    p->le_min_bf16 = acpu_hardtanh_le_min(lo, lob, acpu_bf16_to_f32(lob));
    p->lt_max_bf16 = acpu_hardtanh_lt_max(hi, hib, acpu_bf16_to_f32(hib));
}

#endif /* ACPU_OPS_HARDTANH_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_HARDTANH_MATH_H_)
#define ACPU_OPS_HARDTANH_MATH_H_

#include "kernels/ops/loops.h"

static inline acpu_vf acpu_hardtanh_clamp(acpu_vf x, float lo, float hi)
{
    return acpu_vf_min(acpu_vf_set1(hi), acpu_vf_max(acpu_vf_set1(lo), x));
}

static inline acpu_vf acpu_hardtanh_body_f32(acpu_vf x, const acpu_hardtanh_params *p)
{
    return acpu_hardtanh_clamp(x, p->lo_f32, p->hi_f32);
}

static inline acpu_vf acpu_hardtanh_body_f16(acpu_vf x, const acpu_hardtanh_params *p)
{
    return acpu_hardtanh_clamp(x, p->lo_f16, p->hi_f16);
}

/* bf16 on its patterns (common/acpu_half.h), the same values as widening, the clamp and narrowing
 * (aclnn_cpu_bench --kernels, Xeon: 1.2-1.45x on AVX-512 and AVX2; fp16 keeps the widening, which
 * F16C's conversions make 1.5x faster than the patterns on AVX2 and as fast on AVX-512). The clamp
 * returns x itself (-0 kept) exactly when lo_key <= key(x) <= hi_key (a limit equal to x is not taken:
 * lo > x and hi < x are strict; when hi < lo no x is), and a NaN x, quieted; otherwise x below lo
 * gives `below` (lo, or hi when hi < lo) and any other x gives hi. */
static inline uint16_t acpu_hardtanh_h16(uint16_t x, uint16_t below, uint16_t hi, int16_t lo_key, int16_t hi_key,
                                         uint16_t inf, uint16_t quiet)
{
    int16_t k = acpu_h16_key(x);
    bool under = lo_key > k, over = k > hi_key; /* greater-thans: AVX2 has no 16-bit less-or-equal */
    bool keep = acpu_h16_is_nan(x, inf) | !(under | over);
    uint16_t limit = under ? below : hi;
    return keep ? acpu_h16_quiet(x, inf, quiet) : limit;
}
#define ACPU_HARDTANH_BF16(T, x, p)                                                                        \
    acpu_hardtanh_h16(x, (p)->below_bf16, (p)->hi_bf16, (p)->lo_key_bf16, (p)->hi_key_bf16, ACPU_BF16_INF, \
                      ACPU_BF16_QUIET)

static inline acpu_vd acpu_hardtanh_body_f64(acpu_vd x, const acpu_hardtanh_params *p)
{
    return acpu_vd_min(acpu_vd_set1(p->hi_f64), acpu_vd_max(acpu_vd_set1(p->lo_f64), x));
}

/* The integer clamp in the element's type: max(lo, x), then min(hi, .), as the float kernels. */
#define ACPU_DEFINE_HARDTANH_INT(T)                                           \
    static inline T acpu_hardtanh_int_##T(T x, const acpu_hardtanh_params *p) \
    {                                                                         \
        T lo = (T)p->lo_i, hi = (T)p->hi_i;                                   \
        T r = lo > x ? lo : x;                                                \
        return hi < r ? hi : r;                                               \
    }
ACPU_DEFINE_HARDTANH_INT(int8_t)
ACPU_DEFINE_HARDTANH_INT(uint8_t)
ACPU_DEFINE_HARDTANH_INT(int16_t)
ACPU_DEFINE_HARDTANH_INT(int32_t)
ACPU_DEFINE_HARDTANH_INT(int64_t)

#define ACPU_HARDTANH_INT_BODY(T, a, p) acpu_hardtanh_int_##T(a, p)

ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_hardtanh_body_f32,
                    acpu_hardtanh_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_f16), uint16_t, acpu_vf, ACPU_VLANES, f16, acpu_hardtanh_body_f16,
                    acpu_hardtanh_params)
ACPU_DEFINE_INT_KERNEL1(ACPU_KERNEL_NAME(hardtanh_bf16), uint16_t, ACPU_HARDTANH_BF16, acpu_hardtanh_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(hardtanh_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_hardtanh_body_f64,
                    acpu_hardtanh_params)
ACPU_DEFINE_INT_KERNELS(1, hardtanh, ACPU_HARDTANH_INT_BODY, acpu_hardtanh_params)

/* x is operator input 0 ("result"), the gradient input 1 ("grad"): HardtanhGrad's IR order. */
static inline acpu_vf acpu_hardtanh_grad_body(acpu_vf x, acpu_vf grad, const acpu_hardtanh_grad_params *p)
{
    acpu_vf zero = acpu_vf_set1(0.0f);
    acpu_vf inside = acpu_vf_select(acpu_vf_cmp_lt(x, acpu_vf_set1(p->max_val)), grad, zero);
    inside = acpu_vf_select(acpu_vf_cmp_gt(x, acpu_vf_set1(p->min_val)), inside, zero);
    return acpu_vf_select(acpu_vf_cmp_eq(x, x), inside, grad); /* x != x (NaN): the gradient */
}

/* fp16 / bf16 on their patterns: the same values as widening, the selects and narrowing (a NaN
 * gradient comes out quiet). */
static inline uint16_t acpu_hardtanh_grad_h16(uint16_t x, uint16_t grad, acpu_h16_le le_min, acpu_h16_le lt_max,
                                              uint16_t inf, uint16_t quiet)
{
    /* the tests as values first, then combined without short-circuit (no branch per lane) */
    bool nan = acpu_h16_is_nan(x, inf), above_min = acpu_h16_gt(x, le_min);
    bool below_max = !acpu_h16_gt(x, lt_max);
    bool pass = nan | (above_min & below_max);
    return pass ? acpu_h16_quiet(grad, inf, quiet) : 0;
}
#define ACPU_HARDTANH_GRAD_F16(T, x, grad, p) \
    acpu_hardtanh_grad_h16(x, grad, (p)->le_min_f16, (p)->lt_max_f16, ACPU_F16_INF, ACPU_F16_QUIET)
#define ACPU_HARDTANH_GRAD_BF16(T, x, grad, p) \
    acpu_hardtanh_grad_h16(x, grad, (p)->le_min_bf16, (p)->lt_max_bf16, ACPU_BF16_INF, ACPU_BF16_QUIET)

ACPU_DEFINE_PATTERN16_KERNELS(2, hardtanh_grad, acpu_hardtanh_grad_body, ACPU_HARDTANH_GRAD_F16,
                              ACPU_HARDTANH_GRAD_BF16, acpu_hardtanh_grad_params)

#endif /* ACPU_OPS_HARDTANH_MATH_H_ */
