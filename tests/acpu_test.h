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

/* Runs every case of `suite` in Check's fork mode and returns main's exit status:
 * 77 (skipped) when ACLNN_CPU_MAX_ISA names an ISA this CPU/build cannot run,
 * 1 when any check failed or when no check ran at all, 0 otherwise. */
int acpu_test_main(Suite *suite);

/* Element size in bytes of the dtypes the tests use (0 for others). */
size_t acpu_test_dtype_size(aclDataType dt);

/* Independent reference conversions (written for the tests, not shared with the library). */
float acpu_test_f16_to_f32(uint16_t h);
float acpu_test_bf16_to_f32(uint16_t b);
uint16_t acpu_test_f64_to_f16(double v);   /* round to nearest even, from double (single rounding) */
uint16_t acpu_test_f64_to_bf16(double v);  /* round to nearest even, from double (single rounding) */
double acpu_test_load(aclDataType dt, const void *base, size_t i);  /* element i as double */
void acpu_test_store(aclDataType dt, void *base, size_t i, double v);  /* rounds as the dtype does */

/* Contiguous tensor over caller memory: rank dims in shape (row-major strides). */
aclTensor *acpu_test_tensor(aclDataType dt, const int64_t *shape, uint64_t rank, void *data);
aclScalar *acpu_test_scalar_f32(float v);

/* Distance in units in the last place of `dt` between a result and a double reference
 * (ulp measured at the reference's binade; subnormal ulp below the normal range). */
double acpu_test_ulp_error(aclDataType dt, double got, double ref);

#endif /* ACPU_TEST_H_ */
