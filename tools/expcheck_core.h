/* The accuracy check of the math primitives, shared by tools/aclnn-cpu-expcheck (every fp32 input,
 * or a large fp64 sweep) and tests/test_exp_accuracy.c (a strided subset): a row of a kernel table's
 * math list (kernels/acpu_kernels.h, ACPU_MATH_LIST: exp, log, tanh, erf and SLEEF's as references)
 * against a higher-precision reference of its function.
 *   fp32: the reference is glibc's double exp / log / tanh / erf (error < 1 ulp of double, 2^-29 of
 *         a float ulp);
 *   fp64: the reference is glibc's long double expl / logl / tanhl / erfl (64-bit significand,
 *         error about 2^-11 ulp of a double), over the function's hard cases and a seeded random
 *         sweep.
 * The error of a result is |got - ref| / ulp(ref) in the result's format (subnormals have the
 * minimum ulp). The class of a result must be the reference's: NaN where the reference is NaN (and
 * only there), the infinity of the reference's sign where the reference lies beyond the largest
 * finite value that rounds to it (and only there), a zero of the reference's sign where the
 * reference is an exact zero (log(1), tanh(+-0), erf(+-0)). The bounds: ACPU_MATH_LIST's max_ulp
 * column (doc/NUMERICS.md). */
#ifndef ACPU_EXPCHECK_CORE_H_
#define ACPU_EXPCHECK_CORE_H_

#include <stdint.h>

#include "kernels/acpu_kernels.h"

typedef struct {
    uint64_t checked;     /* inputs compared */
    uint64_t not_nearest; /* results other than the reference rounded to nearest */
    uint64_t wrong_class; /* NaN / inf / signed zero where the reference has none, or the reverse */
    double max_ulp;       /* largest error among finite-reference results */
    double worst_input;   /* the input of max_ulp, and its result */
    double worst_got;
    double class_input; /* the first wrong_class input, and its result */
    double class_got;
} acpu_mathcheck_result;

/* Every fp32 bit pattern i*stride (i = 0, 1, ...) below 2^32 plus the edges of fn's domain and of
 * its reductions; stride 1 is exhaustive. OpenMP parallel over blocks of inputs. */
void acpu_mathcheck_f32(acpu_math_fn fn, acpu_unary_kernel kernel, uint32_t stride, acpu_mathcheck_result *r);
/* fn's fp64 hard cases (exp: domain ends, the subnormal range, reduction boundaries k*ln2/2, tiny
 * arguments; every fn: its specials) and `random_count` random inputs: half uniform over the
 * function's interesting range, half with a random binade (and sign, where the function takes
 * both); `seed` makes the sweep repeatable. */
void acpu_mathcheck_f64(acpu_math_fn fn, acpu_unary_kernel kernel, uint64_t random_count, uint64_t seed,
                        acpu_mathcheck_result *r);

#endif /* ACPU_EXPCHECK_CORE_H_ */
