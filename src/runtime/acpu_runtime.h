/* Runtime emulation internals: thread-local errors, the live-handle registry, and the objects behind
 * aclTensor / aclScalar / aclOpExecutor. The runtime layer depends on src/common only: an executor
 * holds its operator's planned call as an opaque payload and runs it through the operator layer's
 * callback (doc/ARCHITECTURE.md). */
#ifndef ACPU_RUNTIME_H_
#define ACPU_RUNTIME_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

/* ---- errors ---------------------------------------------------------------------------------- */
/* Records the calling thread's failure message (printf-style) for aclGetRecentErrMsg(). */
void acpu_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- live-handle registry: a pointer is dereferenced only while it is registered ---------------- */
typedef enum {
    ACPU_HANDLE_TENSOR = 1,
    ACPU_HANDLE_SCALAR,
    ACPU_HANDLE_EXECUTOR,
    ACPU_HANDLE_STREAM,
    ACPU_HANDLE_DEVICE_MEM,
    ACPU_HANDLE_HOST_MEM,
    ACPU_HANDLE_EVENT,
    ACPU_HANDLE_CONTEXT,
    ACPU_HANDLE_INT_ARRAY,
    ACPU_HANDLE_FLOAT_ARRAY,
    ACPU_HANDLE_BOOL_ARRAY,
    ACPU_HANDLE_TENSOR_LIST,
    ACPU_HANDLE_SCALAR_LIST,
    ACPU_HANDLE_KIND_COUNT /* not a kind: the number of kinds + 1 (kinds start at 1) */
} acpu_handle_kind;

bool acpu_registry_add(const void *p, acpu_handle_kind kind);
bool acpu_registry_contains(const void *p, acpu_handle_kind kind);
/* Removes p if it is registered as `kind`; false (and nothing removed) otherwise. Atomic, so
 * exactly one of two racing removers wins. */
bool acpu_registry_remove(const void *p, acpu_handle_kind kind);
/* Frees a removed handle's object after the next 4096 releases: its address is not reused at once,
 * so a stale handle stays refused. */
void acpu_registry_release(void *p);
/* remove + release: false (nothing done) when p is not a live handle of `kind`. */
bool acpu_registry_destroy(void *p, acpu_handle_kind kind);
/* How many handles of `kind` acpu_registry_destroy has removed so far. A thread that read this count
 * before finding a handle live may trust the handle without the lock while the count is unchanged:
 * a destroy removes first and counts after. */
uint64_t acpu_registry_destroys(acpu_handle_kind kind);
/* Index of the first of n handles that is NULL or not live as kinds[i], -1 when all are live: one
 * lock round trip for all the handles of a call. */
int acpu_registry_first_dead(const void *const *ps, const acpu_handle_kind *kinds, int n);
/* The registry lock, for composite checks that must be atomic (phase 2: check, then unregister);
 * the *_locked functions are the ones above for a caller that holds it. */
void acpu_registry_lock(void);
void acpu_registry_unlock(void);
bool acpu_registry_add_locked(const void *p, acpu_handle_kind kind);
bool acpu_registry_contains_locked(const void *p, acpu_handle_kind kind);
bool acpu_registry_remove_locked(const void *p, acpu_handle_kind kind);

/* ---- hazard pointers (hazard.c): tensors and scalars a call is reading are never freed --------- */
#define ACPU_HAZARD_SLOTS 8
/* Publishes the calling thread's n (<= ACPU_HAZARD_SLOTS) handles before it checks them; they stay
 * protected from being freed until acpu_hazard_clear, even if another thread destroys them. */
void acpu_hazard_protect(const void *const *ps, int n);
void acpu_hazard_clear(void);
/* Whether a thread may still read p (the registry then keeps it for a later release). */
bool acpu_hazard_in_use(const void *p);
/* aclrtMemcpy / aclrtMemset with their checks, messages naming `api` (the *Async forms share them). */
aclError acpu_memcpy_checked(const char *api, void *dst, size_t destMax, const void *src, size_t count,
                             aclrtMemcpyKind kind);
aclError acpu_memset_checked(const char *api, void *devPtr, size_t maxCount, int32_t value, size_t count);

/* memset(p, 0, n) / memcpy for structs of ~1 KB on the per-call path (memory.c says why). */
void acpu_zero(void *p, size_t n);
void acpu_copy(void *dst, const void *src, size_t n);

/* ---- objects --------------------------------------------------------------------------------- */
#define ACPU_MAX_TENSOR_DIMS 64

struct aclTensor {
    aclDataType dtype;
    aclFormat format;
    uint64_t view_rank, storage_rank;
    int64_t view_dims[ACPU_MAX_TENSOR_DIMS];
    int64_t strides[ACPU_MAX_TENSOR_DIMS];
    int64_t storage_dims[ACPU_MAX_TENSOR_DIMS];
    int64_t offset;
    void *data;
};

struct aclScalar {
    aclDataType dtype;
    _Alignas(16) unsigned char value[16]; /* the copied value, aligned for any scalar type */
};

/* Element size of a dtype in bytes; 0 for dtypes without a byte size (undefined, string, sub-byte). */
size_t acpu_dtype_size(aclDataType dt);
/* "float32", "float16", ...; "dtype(N)" is never returned: unknown values give "unknown". */
const char *acpu_dtype_name(aclDataType dt);
/* aclScalar::ToFloat / ToDouble of spec 1.9. */
float acpu_scalar_to_float(const aclScalar *s);
double acpu_scalar_to_double(const aclScalar *s);

/* ---- exact extents (extent.c): every size computed from caller values is checked ---------------- */
/* The product of n dims, each 0 counted as 1, fits int64: aclCreateTensor's rule for view and
 * storage dims, so that element counts and row-major strides of a created tensor never overflow. */
bool acpu_dims_fit(const int64_t *dims, uint64_t n);
/* Elements of the view (1 for 0 dims) and of the storage; exact by acpu_dims_fit. */
uint64_t acpu_tensor_numel(const aclTensor *t);
uint64_t acpu_tensor_storage_elems(const aclTensor *t);
/* The largest storage element index the view reaches, offset + sum((dim-1)*stride), exactly, in
 * *last: -1 then; otherwise the first dim that is 0 or whose term takes the sum past INT64_MAX. */
int acpu_tensor_last_index(const aclTensor *t, uint64_t *last);
/* elems * elem_size as *bytes when it fits ptrdiff_t and [data, data + bytes) does not wrap around
 * the address space; false otherwise. */
bool acpu_bytes_fit(const void *data, uint64_t elems, size_t elem_size, uint64_t *bytes);
/* Byte range [begin, end) from the view's first element to the end of its last (index `last`, as
 * acpu_tensor_last_index gave; the caller checked the storage bytes fit). */
void acpu_view_span(const aclTensor *t, size_t elem_size, uint64_t last, uintptr_t *begin, uintptr_t *end);
/* No two elements of the view share a storage element, as proved by ordering its dims by stride:
 * each stride exceeds the furthest offset the dims of smaller strides reach. A zero stride on a dim
 * larger than 1 fails; a few exotic interleavings that are distinct fail too (documented). The
 * caller checked the view's last index. */
bool acpu_view_is_distinct(const aclTensor *t);
/* The same elements in the same order: same first byte, element size, dims, and strides on every
 * dim larger than 1 (in-place operation). */
bool acpu_views_alias_exactly(const aclTensor *a, size_t a_elem, const aclTensor *b, size_t b_elem);

/* Size of a live aclTensorList and its member `index` (NULL when index >= size or the member is an
 * absent one); false when `list` is not a live aclTensorList. The caller holds the registry lock. */
bool acpu_tensor_list_member_locked(const void *list, uint64_t index, uint64_t *size, const aclTensor **member);

/* An executor: one planned operator call, self-contained. The runtime knows its owner (an opaque
 * pointer: the operator layer's API row; phase 2 of another owner refuses it), name and workspace
 * size; the plan itself is the operator layer's payload (at most ACPU_EXEC_PAYLOAD_BYTES), run by
 * `run`. */
#define ACPU_EXEC_PAYLOAD_BYTES 2048
typedef struct acpu_exec_call acpu_exec_call;
typedef struct {
    const void *owner;
    char op_name[32];
    uint64_t workspace_size;
    /* Runs the payload with `workspace` (phase 2, after the checks). */
    void (*run)(const acpu_exec_call *call, void *workspace);
    /* Called once on the executor's own copy before it is registered (pointers into the payload). */
    void (*placed)(acpu_exec_call *call);
} acpu_exec_header;

struct acpu_exec_call {
    acpu_exec_header h;
    _Alignas(16) unsigned char payload[ACPU_EXEC_PAYLOAD_BYTES];
};

struct aclOpExecutor {
    acpu_exec_call call;
    bool repeatable;
    int block;             /* pool block (executor.c), -1 for a heap executor */
    _Atomic unsigned refs; /* 1 while registered + 1 per phase 2 running it; the last one recycles */
};

/* Registers a new executor holding `h` and a copy of payload[0..payload_size) (at most
 * ACPU_EXEC_PAYLOAD_BYTES). NULL on allocation failure (the caller reports it under its API's name). */
aclOpExecutor *acpu_executor_create(const acpu_exec_header *h, const void *payload, size_t payload_size);
/* Phase 2 of every operator (CommonOpExecutorRun): checks (the executor must be live and planned
 * by `owner`), runs, releases if not repeatable. */
aclnnStatus acpu_executor_run(const char *api, const void *owner, void *workspace, uint64_t workspace_size,
                              aclOpExecutor *executor, aclrtStream stream);
bool acpu_stream_is_valid(aclrtStream stream);
/* Whether aclrtSetDevice(0) is in effect (the default context exists). */
bool acpu_device_is_set(void);

#endif /* ACPU_RUNTIME_H_ */
