/* The exp accuracy check shared by tools/aclnn-cpu-expcheck (every fp32 input, or a large fp64
 * sweep) and tests/test_exp_accuracy.c (a strided subset): an exp variant of a kernel table
 * (kernels/acpu_kernels.h, ACPU_EXP_LIST) against a higher-precision reference.
 *   fp32: the reference is glibc's double exp (error < 1 ulp of double, 2^-29 of a float ulp);
 *   fp64: the reference is glibc's long double expl (64-bit significand, error about 2^-11 ulp of a
 *         double), over the hard cases below and a seeded random sweep.
 * The error of a result is |got - ref| / ulp(ref) in the result's format (subnormals have the
 * minimum ulp); ref beyond the largest finite value that rounds to it must give +inf and vice
 * versa; NaN in gives NaN out. The library's rule (doc/NUMERICS.md): max error <= 1 ulp. */
#ifndef ACPU_EXPCHECK_CORE_H_
#define ACPU_EXPCHECK_CORE_H_

#include <stdint.h>

#include "kernels/acpu_kernels.h"

typedef struct {
    uint64_t checked;          /* inputs compared */
    uint64_t not_nearest;      /* results other than the reference rounded to nearest */
    uint64_t wrong_class;      /* NaN / inf where the reference has none, or the reverse */
    double max_ulp;            /* largest error among finite-reference results */
    double worst_input;        /* the input of max_ulp, and its result */
    double worst_got;
    double class_input;        /* the first wrong_class input, and its result */
    double class_got;
} acpu_expcheck_result;

/* Every fp32 bit pattern i*stride (i = 0, 1, ...) below 2^32 plus the boundaries of exp's domain;
 * stride 1 is exhaustive. OpenMP parallel over blocks of inputs. */
void acpu_expcheck_f32(acpu_unary_kernel exp_fn, uint32_t stride, acpu_expcheck_result *r);
/* The fp64 hard cases (domain ends, the subnormal range, reduction boundaries k*ln2/2, tiny
 * arguments, specials) and `random_count` random inputs: half uniform over [-746, 710], half with a
 * random sign and exponent (every binade); `seed` makes the sweep repeatable. */
void acpu_expcheck_f64(acpu_unary_kernel exp_fn, uint64_t random_count, uint64_t seed, acpu_expcheck_result *r);

#endif /* ACPU_EXPCHECK_CORE_H_ */
