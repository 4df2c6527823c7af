/* The planned call an executor holds, and the shared pieces of phase 1: CANN's validation primitives
 * with messages (out-pointers, handles, CanCast), the checks past CANN's list (data present, views
 * inside their storage, the output's overlap rule) and the translation of aclTensor objects into
 * engine views. */
#ifndef ACPU_OP_CALL_H_
#define ACPU_OP_CALL_H_

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "engine/acpu_engine.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"
#include "settings/acpu_settings.h"

#define ACPU_OP_PARAMS_BYTES 64
#define ACPU_CALL_TENSORS (ACPU_TILING_MAX_INPUTS + 1)

/* A tensor's geometry as the overlap rule reads it: the view's first byte, its element size, dims
 * and strides (rank <= ACPU_MAX_DIMS: validation refused more) and the last storage element it
 * reaches. An executor keeps one per tensor, so that rebinding an address applies phase 1's rule. */
typedef struct {
    uintptr_t data; /* the tensor's storage address */
    int64_t offset; /* view offset, elements */
    size_t elem_size;
    uint32_t rank;
    int64_t dims[ACPU_MAX_DIMS], strides[ACPU_MAX_DIMS];
    uint64_t last; /* largest storage element index the view reaches */
} acpu_geom;

/* One planned call: the payload of an aclOpExecutor (runtime/acpu_runtime.h), copied into the
 * executor. Tensors are numbered inputs first, then the output (CANN's index order of
 * aclSetTensorAddr). Phase 1 zeroes the fields up to `geom` (ACPU_OP_CALL_ZEROED); the geometries
 * and names are written for the call's tensors and the description when verbose (it starts empty). */
typedef struct {
    char op_name[32];
    acpu_schedule plan;
    const char *sch;  /* the strategy's name for verbose lines (a static string) */
    uint64_t grain;   /* the kernel's fewest elements per thread */
    bool bytes_bound; /* the form costs its bytes (acpu_kernel_bytes_bound), no lookup, no cast */
    acpu_task task;
    _Alignas(16) unsigned char params[ACPU_OP_PARAMS_BYTES]; /* the kernel's parameters; task.params points here */
    unsigned threads;
    uint64_t workspace_size;
    bool empty;    /* nothing to do (empty tensor) */
    int n_tensors; /* task.n_in inputs + the output (0 for an empty call) */
    acpu_geom geom[ACPU_CALL_TENSORS];
    const char *tensor_names[ACPU_CALL_TENSORS]; /* the API's parameter names (the registry's strings) */
    char detail[192];                            /* verbose description: dtypes, shape, profile, schedule, ... */
} acpu_op_call;

#define ACPU_OP_CALL_ZEROED offsetof(acpu_op_call, geom)

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
/* Copies a tensor's view shape into a tiling shape (rank <= 8, checked before). */
static inline void acpu_shape_of(const aclTensor *t, acpu_bc_shape *s)
{
    s->rank = (int64_t)t->view_rank;
    for (uint64_t k = 0; k < t->view_rank; k++)
        s->dims[k] = t->view_dims[k];
}

/* One non-empty tensor's checks past CANN's list (any rank): data present (161001); a storage shape
 * for a view of rank > 0, the view inside its storage, the storage inside the address space
 * (161002). Gives the view's last storage element index. */
aclnnStatus acpu_check_tensor_extent(const char *api, const char *name, const aclTensor *t, uint64_t *last);
/* The checks past CANN's list, tensor by tensor in order (the first failure wins): data present for
 * a non-empty tensor (161001), the view inside its storage and the storage inside the address space
 * (161002, exact arithmetic); then the output tensors[n-1] has distinct elements and the overlap rule
 * holds against each input (acpu_check_overlap); 161002 otherwise. The tensors' geometries are
 * written to geom[0..n). */
aclnnStatus acpu_check_tensors_data(const char *api, const char *const *names, const aclTensor *const *tensors, int n,
                                    acpu_geom *geom);
/* The overlap rule (PyTorch's, stricter where it cannot tell): the output's memory span meets an
 * input's only as the very same view (exact in-place aliasing: same first byte, element size, dims,
 * and strides on every dim larger than 1). geom[n-1] is the output. 161002 naming the pair
 * otherwise. Phase 1 and the address rebinding calls both apply it. */
aclnnStatus acpu_check_overlap(const char *api, const char *const *names, const acpu_geom *geom, int n);

/* Engine view of a tensor with element size elem_size (the view's rank is <= ACPU_MAX_DIMS). */
void acpu_tensor_view(const aclTensor *t, size_t elem_size, acpu_view *v);
/* The view of `t` broadcast to `shape`'s view shape (numpy rules; the caller checked they hold):
 * left-padded dims and size-1 dims that grow get stride 0. */
void acpu_tensor_broadcast_view(const aclTensor *t, size_t elem_size, const aclTensor *shape, acpu_view *v);

/* Whether streaming stores pay for a large output (ACLNN_CPU_STREAM_STORES=auto, ops/op_phase.c) of
 * a call running `kernel` with `grain`: a memory-bound kernel, or a 16-bit lookup of kt that reads
 * its table one load per element. */
bool acpu_streaming_pays(const acpu_kernel_table *kt, uint64_t grain, acpu_kernel_fn kernel);
/* Threads and workspace of a planned call, from the settings' thread count. */
aclnnStatus acpu_size_call(const char *api, acpu_op_call *call, const acpu_settings *s); /* 161002: no workspace fits */
/* The verbose line's fields: "dtypes=a,b->c shape=... profile=... sch=... cores=... tile=... isa=...". */
void acpu_describe_call(acpu_op_call *call, const acpu_call *c, const acpu_settings *s, const char *sch);

/* Keys of the per-thread memos of phase 1 (a program repeats the same call). */
static inline bool acpu_same_platform(const acpu_platform *x, const acpu_platform *y)
{
    return x->soc == y->soc && x->core_num == y->core_num && x->ub_bytes == y->ub_bytes &&
           x->core_chunk == y->core_chunk && x->compute_chunk == y->compute_chunk && x->max_cores == y->max_cores;
}

static inline bool acpu_same_scalar(const aclScalar *x, const aclScalar *y)
{
    return x->dtype == y->dtype && memcmp(x->value, y->value, sizeof x->value) == 0;
}

/* Creates the executor for `call`, owned by `owner` (phase 2 of another owner refuses it), and stores
 * it with the workspace size (561101 and a message naming `api` on failure). */
aclnnStatus acpu_finish_phase1(const char *api, const void *owner, acpu_op_call *call, uint64_t *workspace_size,
                               aclOpExecutor **executor);

#endif /* ACPU_OP_CALL_H_ */
