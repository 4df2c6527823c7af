/* One descriptor per operator, run by one shared phase-1 / phase-2 path (op_phase.c).
 *
 * An operator is a table row: its names, its handle arguments in CANN's order, its dtype rule per
 * platform profile, its shape rule, its own CANN checks, its compute dtype, the folding of its
 * scalars into the kernel's parameter block (size checked at compile time), its tiling, its kernel
 * ids and its thread grain. The shared path validates in this order, which is CANN's for every
 * operator here (doc/CANN.md):
 *
 *   1. workspaceSize / executor out-pointers (161001)
 *   2. handles: NULL (161001) or not live (161002), in the descriptor's argument order
 *   3. check_dtypes(profile)                                  (161002)
 *   4. fold (pure: scalars are live and castable by now; memoised per thread)
 *   5. check_shapes (shape rule, then the operator's own checks, which see the folded values)
 *   6. FRACTAL_NZ warning (verbose only, when the descriptor asks for it)
 *   7. empty call (some tensor has a 0 dim): an executor with nothing to do
 *   8. data and overlap checks past CANN's list (acpu_check_tensors_data)
 *   9. task: views broadcast to the output's shape, input / output casts, kernel by (id, dtype)
 *  10. tiling (memoised per thread and operator), thread grain, workspace size, verbose line
 *
 * all under the default FP environment; phase 2 is acpu_executor_run with the operator's id.
 * Tensors are numbered as the kernel sees them: t[0] = kernel input a (gradOutput), t[1] = kernel
 * input b, t[2] = the output (gradInput). */
#ifndef ACPU_OP_DESC_H_
#define ACPU_OP_DESC_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "op_common.h"
#include "tiling/acpu_broadcast.h"

#define ACPU_OP_TENSORS 3
#define ACPU_OP_MAX_SCALARS 3
/* Bytes of a folded-parameter record (the kernel block first, then what the checks and the
 * tiling read) and of a tiling memo key. */
#define ACPU_OP_FOLDED_BYTES 64
#define ACPU_OP_TILING_KEY_BYTES 256

/* The arguments of one phase-1 call. */
typedef struct {
    const aclTensor *t[ACPU_OP_TENSORS];    /* kernel input a, kernel input b, output */
    const aclScalar *s[ACPU_OP_MAX_SCALARS]; /* in the descriptor's scalar order */
    bool flag;                               /* the operator's bool argument (ELU: isResult) */
} acpu_op_args;

/* A handle argument: its CANN name and where it sits in acpu_op_args. */
typedef struct {
    const char *name;
    acpu_handle_kind kind; /* ACPU_HANDLE_TENSOR: t[slot]; ACPU_HANDLE_SCALAR: s[slot] */
    uint8_t slot;
} acpu_op_handle;

typedef struct acpu_op_desc acpu_op_desc;

/* A tiling's result as the shared path needs it: the engine plan (min_thread_elems is set by the
 * shared path from the grain) and the strategy's name for verbose lines ("SAFE_EXP", "arch35", ...). */
typedef struct {
    acpu_core_plan plan;
    const char *sch;
} acpu_op_tiling;

struct acpu_op_desc {
    acpu_op_id id;
    const char *api;     /* phase 1's name, the prefix of every message: "aclnnXxxGetWorkspaceSize" */
    const char *run_api; /* phase 2's name: "aclnnXxx" */
    char name[32];       /* executor name: "Xxx" (copied whole into each call) */
    const char *tensor_names[ACPU_OP_TENSORS];
    acpu_op_handle handles[ACPU_MAX_HANDLE_ARGS];
    int n_handles;
    int n_scalars;       /* s[0..n_scalars) are folded and memoised */
    /* Step 3: dtypes against the profile's lists. */
    aclnnStatus (*check_dtypes)(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *p);
    /* Step 4: fills `folded` (ACPU_OP_FOLDED_BYTES, zeroed; the first params_size bytes are the
     * kernel's parameter block). NULL: no parameters. Pure: a function of the scalars only. */
    void (*fold)(const acpu_op_args *a, void *folded);
    size_t params_size, folded_size; /* folded_size: the bytes fold writes (memoised and copied) */
    /* Step 5: shape rule and the operator's own checks (e.g. ELU's alpha >= 0 when isResult). */
    aclnnStatus (*check_shapes)(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *p,
                                const void *folded);
    bool warn_fractal_nz;
    /* Step 9: the dtype the kernel computes in (inputs are cast to it, the result cast from it). */
    aclDataType (*compute_dtype)(const acpu_op_args *a, const acpu_platform *p);
    /* Kernel id (acpu_kernel_id); kernel_flag when args.flag is set. Thread grain likewise: the
     * fewest elements per thread that repay a fork/join for this kernel's cost. */
    acpu_kernel_id kernel, kernel_flag;
    uint64_t grain, grain_flag;
    /* Step 10: the tiling's arguments as a memo key (zeroed, `key` holds ACPU_OP_TILING_KEY_BYTES;
     * a pure function of what the tiling reads), and the tiling itself, a pure function of the
     * profile and the key that reports its own failure (561002 with a message naming d->api). */
    void (*tiling_key)(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, aclDataType cdt,
                       const void *folded, const acpu_binary_task *task, void *key);
    aclnnStatus (*tiling)(const acpu_op_desc *d, const acpu_platform *p, const void *key, acpu_op_tiling *out);
    size_t tiling_key_size; /* the bytes of the key (zeroed, compared and stored by the memo) */
};

/* Compile-time checks an operator file states next to its descriptor. */
#define ACPU_OP_CHECK_PARAMS(Params)                                                                  \
    _Static_assert(sizeof(Params) <= ACPU_OP_PARAMS_BYTES, #Params " does not fit the executor's block"); \
    _Static_assert(_Alignof(Params) <= 16, #Params " needs more alignment than the executor's block")
#define ACPU_OP_CHECK_FOLDED(Folded) \
    _Static_assert(sizeof(Folded) <= ACPU_OP_FOLDED_BYTES, #Folded " does not fit a folded record")
#define ACPU_OP_CHECK_TILING_KEY(Key) \
    _Static_assert(sizeof(Key) <= ACPU_OP_TILING_KEY_BYTES, #Key " does not fit a tiling memo key")

/* Phase 1 and phase 2 of every operator: the public entry points are thin wrappers around these. */
aclnnStatus acpu_op_phase1(const acpu_op_desc *d, const acpu_op_args *a, uint64_t *workspace_size,
                           aclOpExecutor **executor);
aclnnStatus acpu_op_phase2(const acpu_op_desc *d, void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                           aclrtStream stream);

/* Shared rules for check_dtypes / check_shapes. */
/* `name` dtype in list[0..n) or 161002 "<api>: <name> dtype must be one of <expected>, got <dt>". */
aclnnStatus acpu_op_dtype_error(const acpu_op_desc *d, const char *name, aclDataType dt, const char *expected);
static inline aclnnStatus acpu_op_dtype_in(const acpu_op_desc *d, const char *name, aclDataType dt,
                                           const aclDataType *list, size_t n, const char *expected)
{
    return acpu_dtype_in(dt, list, n) ? ACLNN_SUCCESS : acpu_op_dtype_error(d, name, dt, expected);
}
/* View rank <= ACPU_MAX_DIMS or 161002 "<api>: <name> must have at most 8 dims, got N". */
aclnnStatus acpu_op_rank_error(const acpu_op_desc *d, const char *name, const aclTensor *t);
static inline aclnnStatus acpu_op_check_rank(const acpu_op_desc *d, const char *name, const aclTensor *t)
{
    return t->view_rank <= ACPU_MAX_DIMS ? ACLNN_SUCCESS : acpu_op_rank_error(d, name, t);
}
/* Copies a tensor's view shape into a tiling shape (rank <= 8, checked before). */
static inline void acpu_op_shape_of(const aclTensor *t, acpu_bc_shape *s)
{
    s->rank = (int64_t)t->view_rank;
    for (uint64_t k = 0; k < t->view_rank; k++)
        s->dims[k] = t->view_dims[k];
}

#endif /* ACPU_OP_DESC_H_ */
