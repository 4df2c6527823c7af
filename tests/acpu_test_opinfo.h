/* Operator-info harness: one row per registry API (ops/registry.c), driving the shared operator suite
 * (test_ops.c): the attribute values of the call, a double-precision reference, a tolerance per
 * dtype for the generic value check (each operator's own math suite holds the exact rule), the
 * dtypes it runs in and the range its inputs are drawn from. The call itself is generic: the row's
 * API is found in the registry and called through its public entry point with the tensors and
 * scalars its parameters name. test_ops fails when a registry API has no row. Adding an operator:
 * one row in acpu_test_opinfo.c. Test code only. */
#ifndef ACPU_TEST_OPINFO_H_
#define ACPU_TEST_OPINFO_H_

#include <stdbool.h>
#include <stddef.h>

#include "acpu_test.h"
#include "ops/acpu_registry.h"

/* The exact value in double of one element from its inputs and the row's attribute values. */
typedef double (*acpu_test_ref_fn)(const double *in, const double *attr);

typedef struct {
    const char *api;             /* the registry API this row covers: "aclnnEluBackward" */
    double attr[ACPU_MAX_ATTRS]; /* the call's attribute values by operator attribute (bools 0 / 1) */
    acpu_test_ref_fn reference;
    aclDataType dtypes[10]; /* the same-dtype calls it accepts on every profile with BF16 */
    int n_dtypes;
    double rel_tol[3];                    /* generic value check for fp32 (and fp64), fp16, bf16 results: */
    double abs_tol[3];                    /*   |got - ref| <= rel * |ref| + abs * prod_j (1 + |in_j|) */
    double range[ACPU_TILING_MAX_INPUTS]; /* input j drawn from [-range[j], range[j]] */
} acpu_test_op;

extern const acpu_test_op acpu_test_ops[];
extern const int acpu_test_num_ops;

/* The row's registry API (asserted present). */
const acpu_api_def *acpu_test_op_api(const acpu_test_op *op);
/* Whether the API writes its first input in place (an Inplace API: the output is selfRef). */
bool acpu_test_op_inplace(const acpu_test_op *op);
/* Phase 1 of the row's API on operator inputs in[0..n_in) and the output (an in-place API takes the
 * output as its selfRef and ignores in[]), scalars made from the row's attribute values. */
aclnnStatus acpu_test_op_phase1(const acpu_test_op *op, const aclTensor *const *in, aclTensor *out, uint64_t *ws,
                                aclOpExecutor **exec);
/* Phase 2 of the row's API. */
aclnnStatus acpu_test_op_phase2(const acpu_test_op *op, void *workspace, uint64_t ws, aclOpExecutor *exec);

#endif /* ACPU_TEST_OPINFO_H_ */
