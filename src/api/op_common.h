/* Helpers shared by the operator API files: CANN's validation primitives (spec 1.7, 1.8) with
 * messages, and the translation of aclTensor objects into engine views. */
#ifndef ACPU_OP_COMMON_H_
#define ACPU_OP_COMMON_H_

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "acpu_settings.h"
#include "engine/acpu_engine.h"
#include "runtime/acpu_runtime.h"

/* One planned operator call: the payload of an aclOpExecutor (runtime/acpu_runtime.h), copied into
 * the executor as a whole; op_common.c runs it. */
typedef struct {
    acpu_op_id op;
    char op_name[32];
    char detail[192];      /* verbose description: dtypes, shape, profile, schedule, ... */
    acpu_core_plan plan;
    acpu_binary_task task;
    _Alignas(16) unsigned char params[ACPU_OP_PARAMS_BYTES]; /* the kernel's parameters; task.params points here */
    unsigned threads;
    uint64_t workspace_size;
    bool empty;            /* nothing to do (empty tensor) */
} acpu_op_call;

/* The planned call an executor holds (bench and tests inspect or adjust it; an adjusted
 * workspace_size must be stored in the executor's header too, acpu_executor_set_workspace). */
acpu_op_call *acpu_executor_op_call(aclOpExecutor *e);
void acpu_executor_set_workspace(aclOpExecutor *e, uint64_t workspace_size);

/* OP_CHECK_COMM_INPUT: both out-pointers present (161001 otherwise). */
aclnnStatus acpu_check_out_pointers(const char *api, const uint64_t *workspace_size, aclOpExecutor **executor);
/* The handle arguments of a call, checked under one registry lock in argument order: the first NULL
 * (161001) or not live (161002, never dereferenced) one is reported. n <= ACPU_MAX_HANDLE_ARGS.
 * The handles are published as hazards first: the caller must acpu_hazard_clear() when it has
 * finished reading them (the end of phase 1), whatever this returned. */
#define ACPU_MAX_HANDLE_ARGS 8
typedef struct {
    const char *name;
    const void *p;
    acpu_handle_kind kind;
} acpu_handle_arg;
aclnnStatus acpu_check_handle_args(const char *api, const acpu_handle_arg *args, int n);

/* CanCast of spec 1.8. */
bool acpu_can_cast(aclDataType from, aclDataType to);
bool acpu_dtype_in(aclDataType dt, const aclDataType *list, size_t n);
/* A cast the dtype lists promise but the kernel library lacks: a bug, asserted in debug builds and
 * reported as 561000 (never a NULL cast reaching the engine, which would write the wrong width). */
aclnnStatus acpu_missing_cast(const char *api, aclDataType from, aclDataType to);
/* Identical view shapes (same rank, every dim equal); inline: the per-call path asks often. */
static inline bool acpu_same_shape(const aclTensor *a, const aclTensor *b)
{
    if (a->view_rank != b->view_rank)
        return false;
    for (uint64_t d = 0; d < a->view_rank; d++) /* a loop: ranks are small, a memcmp call costs more */
        if (a->view_dims[d] != b->view_dims[d])
            return false;
    return true;
}
/* Element count of the view (1 for a 0-dim tensor) and whether any view dim is 0. */
uint64_t acpu_numel(const aclTensor *t);
bool acpu_is_empty(const aclTensor *t);
/* "2x3x4" ("scalar" for 0 dims) into buf. */
const char *acpu_shape_str(const aclTensor *t, char *buf, size_t size);

/* The checks past CANN's list, tensor by tensor in order (the first failure wins): data present for
 * a non-empty tensor (161001), the view inside its storage and the storage inside the address space
 * (161002, exact arithmetic); then the overlap rules for tensors[n-1], the output (PyTorch's rules,
 * stricter where it cannot tell): distinct elements, and a memory span that meets an input's only
 * as the very same view (exact in-place aliasing); 161002 otherwise. */
aclnnStatus acpu_check_tensors_data(const char *api, const char *const *names, const aclTensor *const *tensors,
                                    int n);
/* Engine view of a tensor with element size elem_size (the view's rank is <= ACPU_MAX_DIMS). */
void acpu_tensor_view(const aclTensor *t, size_t elem_size, acpu_view *v);
/* The view of `t` broadcast to `shape`'s view shape (numpy rules; the caller checked they hold):
 * left-padded dims and size-1 dims that grow get stride 0. */
void acpu_tensor_broadcast_view(const aclTensor *t, size_t elem_size, const aclTensor *shape, acpu_view *v);

/* Kernel-table index of a compute dtype (FLOAT, FLOAT16, BF16, DOUBLE). */
acpu_kdtype acpu_kernel_dtype(aclDataType dt);
/* Threads and workspace of a planned call, from the settings' thread count. */
aclnnStatus acpu_size_call(const char *api, acpu_op_call *call, const acpu_settings *s); /* 161002: no workspace fits */
/* The verbose line's fields: "dtypes=a,b->c shape=... profile=... sch=... cores=... tile=... isa=...". */
void acpu_describe_call(acpu_op_call *call, const aclTensor *const tensors[3], const aclTensor *shape_of,
                        const acpu_settings *s, const char *sch, uint64_t cores, uint64_t tile);

/* Keys of the per-thread memos of phase 1 (a program repeats the same call): the tilings and the
 * scalar folding are pure functions of their arguments, and recomputing them (with an FP
 * environment switch) costs more than comparing. Floats compare bit for bit (a NaN matches
 * itself, -0 does not match +0); scalars by dtype and all their value bytes (zero-filled past the
 * dtype's size). */
static inline bool acpu_same_platform(const acpu_platform *x, const acpu_platform *y)
{
    return x->soc == y->soc && x->core_num == y->core_num && x->ub_bytes == y->ub_bytes &&
           x->core_chunk == y->core_chunk && x->compute_chunk == y->compute_chunk && x->max_cores == y->max_cores;
}

static inline bool acpu_same_float_bits(float x, float y)
{
    uint32_t bx, by;
    memcpy(&bx, &x, sizeof bx);
    memcpy(&by, &y, sizeof by);
    return bx == by;
}

static inline bool acpu_same_scalar(const aclScalar *x, const aclScalar *y)
{
    return x->dtype == y->dtype && memcmp(x->value, y->value, sizeof x->value) == 0;
}

/* Creates the executor for `call` and stores it with the workspace size (561101 and a message naming
 * `api` on failure). */
aclnnStatus acpu_finish_phase1(const char *api, acpu_op_call *call, uint64_t *workspace_size,
                               aclOpExecutor **executor);

#endif /* ACPU_OP_COMMON_H_ */
