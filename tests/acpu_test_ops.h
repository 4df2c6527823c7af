/* Header-only helpers of the suites that drive whole fp32 calls rather than one check
 * (test_concurrency, test_alloc_failure): deterministic input patterns and double-precision
 * references of both operators in fp32, with the README's accuracy bounds. Test code only. */
#ifndef ACPU_TEST_OPS_H_
#define ACPU_TEST_OPS_H_

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "acpu_test.h"

/* README, "Numerics and accuracy": fp32 ELU at most 4 ulp with non-unit attributes, fp32 softplus
 * at most 3 ulp, each against the double reference below. */
#define ACPU_OPS_ELU_ULP 4.0
#define ACPU_OPS_SOFTPLUS_ULP 3.0

/* Input patterns: x spans [-12, 12) (both ELU branches; beta*x on both sides of a threshold of
 * 20 for beta 2), dy spans [0.25, 2.25); fractional parts of an irrational step, so that
 * neighbouring elements differ. Exactly representable in fp32 and int32 (x_int). */
static inline float acpu_ops_x(int64_t i) { return (float)(-12.0 + 24.0 * fmod((double)i * 0.6180339887, 1.0)); }
static inline float acpu_ops_dy(int64_t i) { return (float)(0.25 + 2.0 * fmod((double)i * 0.4142135623, 1.0)); }
static inline int32_t acpu_ops_x_int(int64_t i) { return (int32_t)(i % 25) - 12; }

/* ELU backward in fp32 (README): the exp argument x*inputScale and factorNeg = (alpha*scale)*inputScale
 * rounded to fp32 as the kernel rounds them, the rest exact. */
static inline double acpu_ops_elu_ref(double dy, float x, float alpha, float scale, float input_scale, bool is_result)
{
    if (!(x <= 0.0f))
        return dy * (double)scale;
    float neg_bias = alpha * scale;
    if (is_result)
        return ((double)x + (double)neg_bias) * (double)input_scale * dy;
    float factor_neg = neg_bias * input_scale;
    float arg = x * input_scale;
    return exp((double)arg) * (double)factor_neg * dy;
}

/* Softplus backward in fp32 (README): z = beta*self rounded to fp32, then exact. */
static inline double acpu_ops_softplus_ref(double dy, float x, float beta, float threshold)
{
    float z = beta * x;
    return z > threshold ? dy : dy / (1.0 + exp(-(double)z));
}

/* Index of the first of n fp32 results farther than max_ulp from ref[i], -1 when none is. */
static inline int64_t acpu_ops_first_off(const float *got, const double *ref, int64_t n, double max_ulp)
{
    for (int64_t i = 0; i < n; ++i)
        if (!(acpu_test_ulp_error(ACL_FLOAT, got[i], ref[i]) <= max_ulp))
            return i;
    return -1;
}

#endif /* ACPU_TEST_OPS_H_ */
