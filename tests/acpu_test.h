/* Shared harness for the Check suites: ISA selection, the zero-checks guard, tensor helpers and
 * independent double-precision references. Test code only; never linked into the library. */
#ifndef ACPU_TEST_H_
#define ACPU_TEST_H_

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnn_cpu/aclnn_cpu.h"

/* Fails the case with the message only when cond is false. Per-element loops use it instead of
 * ck_assert_msg: every passing ck_assert reports to the parent process (slow in fork mode). */
#define ACPU_TEST_EXPECT(cond, ...)    \
    do {                               \
        if (!(cond))                   \
            ck_abort_msg(__VA_ARGS__); \
    } while (0)

/* Runs every case of `suite` in Check's fork mode and returns main's exit status:
 * 77 (skipped) when ACLNN_CPU_MAX_ISA names an ISA this CPU/build cannot run,
 * 1 when any check failed or when no check ran at all, 0 otherwise. */
int acpu_test_main(Suite *suite);
/* The isa= token of a verbose line: the active ISA's name, with "+bf16" when the AVX-512 kernels
 * narrow with avx512_bf16's conversion (never under ACLNN_CPU_AVX512_BF16=0). */
void acpu_test_assert_isa_token(const char *token);

/* Element size in bytes of the dtypes the tests use (0 for others). */
size_t acpu_test_dtype_size(aclDataType dt);

/* Independent reference conversions (written for the tests, not shared with the library). */
float acpu_test_f16_to_f32(uint16_t h);
float acpu_test_bf16_to_f32(uint16_t b);
uint16_t acpu_test_f64_to_f16(double v);  /* round to nearest even, from double (single rounding) */
uint16_t acpu_test_f64_to_bf16(double v); /* round to nearest even, from double (single rounding) */
double acpu_test_load(aclDataType dt, const void *base, size_t i);    /* element i as double */
void acpu_test_store(aclDataType dt, void *base, size_t i, double v); /* rounds as the dtype does */

/* Contiguous tensor over caller memory: rank dims in shape (row-major strides). */
aclTensor *acpu_test_tensor(aclDataType dt, const int64_t *shape, uint64_t rank, void *data);
aclScalar *acpu_test_scalar_f32(float v);

/* A scalar of dtype dt holding v as dt stores it (integers truncated, 16-bit floats rounded to
 * nearest even); complex types get imaginary part imag, the 8/6/4-bit float types a non-zero raw
 * byte. Asserts that the handle was created. */
aclScalar *acpu_test_scalar(aclDataType dt, double v, double imag);
/* aclScalar::ToFloat (spec 1.9) of acpu_test_scalar(dt, v, ...), as a double; ToDouble when
 * to_double. 64-bit integers convert straight to the target type (no double rounding). Complex
 * and the 8/6/4-bit float types give 0. */
double acpu_test_scalar_value(aclDataType dt, double v, bool to_double);

/* The calling thread's aclGetRecentErrMsg() names `api`, names `arg` unless it is NULL, and does
 * not name `not_arg` unless that is NULL (the check that should have lost). `line` locates the
 * case in failure messages. */
void acpu_test_expect_msg_at(const char *api, const char *arg, const char *not_arg, int line);

/* One process-wide 64-bit LCG so that a seed names the same values in every suite. unit_bits (32
 * or 53) is the resolution of acpu_test_lcg_unit, and so of the draws built on it, until the next
 * seed: suites written with either keep their exact value streams. */
void acpu_test_lcg_seed(uint64_t seed, int unit_bits);
uint32_t acpu_test_lcg_next(void);                 /* the high 32 bits of the next state */
double acpu_test_lcg_unit(void);                   /* uniform in [0, 1) */
double acpu_test_lcg_sym(double r);                /* uniform in [-r, r) */
double acpu_test_lcg_range(double lo, double hi);  /* uniform in [lo, hi) */
double acpu_test_lcg_logmag(double lo, double hi); /* random sign, magnitude log-uniform in [2^lo, 2^hi] */

/* Distance in units in the last place of `dt` between a result and a double reference
 * (ulp measured at the reference's binade; subnormal ulp below the normal range). */
double acpu_test_ulp_error(aclDataType dt, double got, double ref);
/* Binary format of a floating dtype (complex: of its parts; other dtypes: float32's): mantissa bits,
 * smallest normal exponent, largest exponent. */
void acpu_test_float_format(aclDataType dt, int *man_bits, int *emin, int *emax);
int acpu_test_man_bits(aclDataType dt);
int acpu_test_min_exp(aclDataType dt);
/* BEHAVIOUR.md, softplus compute type: DOUBLE if either input is; equal 16-bit pairs in their own
 * type; FLOAT otherwise. */
aclDataType acpu_test_softplus_compute_dt(aclDataType go, aclDataType self);

#endif /* ACPU_TEST_H_ */
