/* Operator-info harness: one row per operator, driving the shared operator suite (test_ops.c):
 * how to call phase 1 and phase 2 with the operator's default attributes, a double-precision
 * reference, a tolerance per dtype for the generic value check (each operator's own math suite
 * holds the exact rule), the dtypes it runs in, and its shape rule. Adding an operator: one row in
 * acpu_test_opinfo.c. Test code only. */
#ifndef ACPU_TEST_OPINFO_H_
#define ACPU_TEST_OPINFO_H_

#include <stdbool.h>
#include <stddef.h>

#include "acpu_test.h"

typedef aclnnStatus (*acpu_test_op_phase1)(const aclTensor *dy, const aclTensor *x, aclTensor *out, uint64_t *ws,
                                           aclOpExecutor **exec);
typedef aclnnStatus (*acpu_test_op_phase2)(void *workspace, uint64_t ws, aclOpExecutor *exec, aclrtStream stream);

typedef struct {
    const char *name;              /* "EluBackward", the executor's and the verbose line's name */
    acpu_test_op_phase1 phase1;    /* gradOutput, the second input, gradInput; default attributes */
    acpu_test_op_phase2 phase2;
    double (*reference)(double dy, double x); /* the exact value in double */
    aclDataType dtypes[4];         /* the same-dtype calls it accepts on every profile with BF16 */
    int n_dtypes;
    double rel_tol[3];             /* generic value check for fp32, fp16, bf16 results: |got - ref| <= */
    double abs_tol[3];             /*   rel * |ref| + abs * (1 + |dy|) * (1 + |x|) */
    bool broadcast_grad_output;    /* gradOutput may broadcast to the output on the host profile */
} acpu_test_op;

extern const acpu_test_op acpu_test_ops[];
extern const int acpu_test_num_ops;

#endif /* ACPU_TEST_OPINFO_H_ */
