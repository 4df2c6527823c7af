/* The LeakyReLU family's kernels (doc/CANN.md#leaky-relu-family), in the order of CANN's arch35
 * kernels, one rounding at the end:
 *
 *   LeakyRelu (LeakyReluCustom of leaky_relu_dag.h): neg = x * slope; y = x > 0 ? x : neg. fp16 and
 *     bf16 widened (LeakyReluCastDag), computed in fp32, rounded once; DOUBLE (CANN's AiCpu kernel,
 *     whose attribute is the float slope) in double with that float slope.
 *   LeakyReluGrad (leaky_relu_grad_dag.h): dx = x > 0 ? dy : dy * slope, in fp32 (16-bit widened,
 *     rounded once); DOUBLE in double with the float slope.
 *
 * slope is aclScalar::ToFloat of the API's negativeSlope. NaN x takes the slope branch (x > 0 is
 * false): NaN * slope is NaN. */
#ifndef ACPU_OPS_LEAKY_RELU_LIST_H_
#define ACPU_OPS_LEAKY_RELU_LIST_H_

#include "common/acpu_attr.h"

/* A multiplication, a compare and a select per element: memory-bound. */
#define ACPU_KERNELS_LEAKY_RELU(X)                                                                                  \
    X(LEAKY_RELU, leaky_relu, 1, acpu_leaky_relu_params, acpu_leaky_relu_init, ACPU_GRAIN_MEMORY_BOUND, FLOATS_F64) \
    X(LEAKY_RELU_GRAD, leaky_relu_grad, 2, acpu_leaky_relu_params, acpu_leaky_relu_init, ACPU_GRAIN_MEMORY_BOUND,   \
      FLOATS_F64)

/* T(ID, stem, form): none here (these kernels are cheaper than a gather). */
#define ACPU_TABLES_LEAKY_RELU(T)

/* The attribute negative_slope (ToFloat), and the same float widened for the double kernels. */
typedef struct {
    float slope;
    double slope_f64;
} acpu_leaky_relu_params;

static inline void acpu_leaky_relu_init(const acpu_attr_value *a, void *out)
{
    acpu_leaky_relu_params *p = out;
    p->slope = a[0].f;
    p->slope_f64 = (double)a[0].f;
}

#endif /* ACPU_OPS_LEAKY_RELU_LIST_H_ */

#if defined(ACPU_VLANES) && !defined(ACPU_OPS_LEAKY_RELU_MATH_H_)
#define ACPU_OPS_LEAKY_RELU_MATH_H_

#include "kernels/ops/loops.h"

static inline acpu_vf acpu_leaky_relu_body(acpu_vf x, const acpu_leaky_relu_params *p)
{
    acpu_vf neg = acpu_vf_mul(x, acpu_vf_set1(p->slope));
    return acpu_vf_select(acpu_vf_cmp_gt(x, acpu_vf_set1(0.0f)), x, neg);
}

static inline acpu_vd acpu_leaky_relu_body_f64(acpu_vd x, const acpu_leaky_relu_params *p)
{
    acpu_vd neg = acpu_vd_mul(x, acpu_vd_set1(p->slope_f64));
    return acpu_vd_select(acpu_vd_cmp_gt(x, acpu_vd_set1(0.0)), x, neg);
}

static inline acpu_vf acpu_leaky_relu_grad_body(acpu_vf dy, acpu_vf x, const acpu_leaky_relu_params *p)
{
    acpu_vf neg = acpu_vf_mul(dy, acpu_vf_set1(p->slope));
    return acpu_vf_select(acpu_vf_cmp_gt(x, acpu_vf_set1(0.0f)), dy, neg);
}

static inline acpu_vd acpu_leaky_relu_grad_body_f64(acpu_vd dy, acpu_vd x, const acpu_leaky_relu_params *p)
{
    acpu_vd neg = acpu_vd_mul(dy, acpu_vd_set1(p->slope_f64));
    return acpu_vd_select(acpu_vd_cmp_gt(x, acpu_vd_set1(0.0)), dy, neg);
}

ACPU_DEFINE_FLOAT_KERNELS(1, leaky_relu, acpu_leaky_relu_body, acpu_leaky_relu_body, acpu_leaky_relu_params)
ACPU_DEFINE_KERNEL1(ACPU_KERNEL_NAME(leaky_relu_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_leaky_relu_body_f64,
                    acpu_leaky_relu_params)
ACPU_DEFINE_FLOAT_KERNELS(2, leaky_relu_grad, acpu_leaky_relu_grad_body, acpu_leaky_relu_grad_body,
                          acpu_leaky_relu_params)
ACPU_DEFINE_KERNEL2(ACPU_KERNEL_NAME(leaky_relu_grad_f64), double, acpu_vd, ACPU_VDLANES, f64,
                    acpu_leaky_relu_grad_body_f64, acpu_leaky_relu_params)

#endif /* ACPU_OPS_LEAKY_RELU_MATH_H_ */
