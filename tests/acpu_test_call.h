/* A registry call built generically from an operator-info row (acpu_test_opinfo.h): every parameter
 * of the row's API, by kind, as the public phase-1 function takes it (acpu_api_def.invoke), each tensor
 * over its own guarded buffer (acpu_test_tensor.h) so that any stray write shows. The contract suites
 * (test_api_contract, the registry parts of test_alloc_failure and test_concurrency) change one
 * argument of such a call at a time (a NULL, a dtype, a view, an aliasing) and check what comes back,
 * so that a new registry row is covered with no edit there. Test code only. */
#ifndef ACPU_TEST_CALL_H_
#define ACPU_TEST_CALL_H_

#include <stdbool.h>
#include <stddef.h>

#include "acpu_test_opinfo.h"
#include "ops/acpu_registry.h"

#define ACPU_TEST_CALL_ELEM_MAX 16   /* bytes per element every buffer has room for (COMPLEX128) */
#define ACPU_TEST_CALL_OUT_FILL 0x5a /* the output's bytes before a call (not an in-place output) */

/* Kinds of parameters, as the suites group them. */
bool acpu_test_kind_is_tensor(acpu_param_kind k);
bool acpu_test_kind_is_output(acpu_param_kind k);  /* TOUT, TOUT_CONST, TINOUT, TINOUT_CONST */
bool acpu_test_kind_is_input(acpu_param_kind k);   /* TIN, TINOUT, TINOUT_CONST: read as an operator input */
bool acpu_test_kind_is_pointer(acpu_param_kind k); /* tensors, scalars, strings */

typedef struct {
    const acpu_test_op *op;
    const acpu_api_def *api;
    int n_params;
    int out; /* the output's parameter index */
    uint64_t rank;
    int64_t dims[8], numel; /* every tensor's shape (the dense call) */
    aclDataType dt;         /* every tensor's dtype unless a suite replaced one */
    size_t cap;             /* bytes of each tensor buffer (numel * ACPU_TEST_CALL_ELEM_MAX) */
    unsigned char *buf[ACPU_MAX_PARAMS], *snap[ACPU_MAX_PARAMS]; /* tensor parameters only */
    aclTensor *t[ACPU_MAX_PARAMS];  /* the call's dense tensor of each tensor parameter (owned) */
    aclScalar *s[ACPU_MAX_PARAMS];  /* the row's scalar of each scalar parameter (owned) */
    acpu_arg args[ACPU_MAX_PARAMS]; /* what phase 1 gets: the above, or what a suite put instead */
} acpu_test_call;

/* The row's call on dense tensors of shape dims[rank] and dtype dt: inputs drawn from the row's ranges
 * (seeded by `seed`), the output filled with ACPU_TEST_CALL_OUT_FILL (an in-place output holds input
 * 0's values), scalars from the row's attribute values (fp32), bools, ints and strings as the row says.
 * Every buffer is snapshotted. */
void acpu_test_call_make(acpu_test_call *c, const acpu_test_op *op, aclDataType dt, uint64_t rank, const int64_t *dims,
                         uint64_t seed);
void acpu_test_call_free(acpu_test_call *c);
/* Puts every buffer back to its snapshot and every argument back to the call's own. */
void acpu_test_call_reset(acpu_test_call *c);
/* Phase 1 through the API's public entry point with c->args. */
aclnnStatus acpu_test_call_phase1(const acpu_test_call *c, uint64_t *ws, aclOpExecutor **exec);
/* Phase 2 with a workspace of ws bytes from aclrtMalloc (none for 0). */
aclnnStatus acpu_test_call_phase2(const acpu_test_call *c, uint64_t ws, aclOpExecutor *exec);
/* Both phases; the first failing status. */
aclnnStatus acpu_test_call_run(const acpu_test_call *c);
/* Every tensor buffer (storage and guard) equals its snapshot; a failure names the parameter. */
void acpu_test_call_expect_unchanged(const acpu_test_call *c, int line);
/* A tensor of the call's shape over `data` with the given dtype, strides (NULL: row-major), offset
 * and storage dims (asserts it was made). */
aclTensor *acpu_test_call_tensor(const acpu_test_call *c, aclDataType dt, const int64_t *strides, int64_t offset,
                                 uint64_t storage_rank, const int64_t *storage, void *data);
/* A dtype the row runs in (acpu_test_op.dtypes) that every tensor parameter of the API lists on
 * profile group g and that phase 1 accepts on the current profile; ACL_DT_UNDEFINED when none does. */
aclDataType acpu_test_call_base_dtype(const acpu_test_op *op, acpu_profile_group g);
/* The profile group of the profile now set (aclnnCpuGetPlatform). */
acpu_profile_group acpu_test_current_group(void);

#endif /* ACPU_TEST_CALL_H_ */
