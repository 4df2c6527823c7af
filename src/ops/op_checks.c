/* The shared checks of phase 1 (acpu_op_call.h): out-pointers, handles, CanCast, the data and
 * overlap checks past CANN's list. */
#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ops/acpu_op_call.h"

aclnnStatus acpu_check_out_pointers(const char *api, const uint64_t *workspace_size, aclOpExecutor **executor)
{
    if (workspace_size == NULL || executor == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, workspace_size == NULL ? "workspaceSize" : "executor");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    return ACLNN_SUCCESS;
}

static const char *handle_type(acpu_handle_kind kind) { return kind == ACPU_HANDLE_SCALAR ? "aclScalar" : "aclTensor"; }

/* The handles of a thread's last successful check, and the tensor and scalar destroy counts read
 * before it: while neither count has moved, no tensor or scalar has been destroyed since, so the
 * same handles are still live and a loop of calls on the same tensors skips the registry lock. */
typedef struct {
    int n;
    const void *ps[ACPU_MAX_HANDLE_ARGS];
    acpu_handle_kind kinds[ACPU_MAX_HANDLE_ARGS];
    uint64_t tensor_destroys, scalar_destroys;
} handle_check_memo;

static bool memo_holds(const handle_check_memo *m, const void *const *ps, const acpu_handle_kind *kinds, int n,
                       uint64_t tensor_destroys, uint64_t scalar_destroys)
{
    if (m->n != n || m->tensor_destroys != tensor_destroys || m->scalar_destroys != scalar_destroys)
        return false;
    for (int i = 0; i < n; i++)
        if (m->ps[i] != ps[i] || m->kinds[i] != kinds[i] ||
            (kinds[i] != ACPU_HANDLE_TENSOR && kinds[i] != ACPU_HANDLE_SCALAR))
            return false;
    return true;
}

static int first_dead_handle(const void *const *ps, const acpu_handle_kind *kinds, int n)
{
    static _Thread_local handle_check_memo memo;
    uint64_t td = acpu_registry_destroys(ACPU_HANDLE_TENSOR), sd = acpu_registry_destroys(ACPU_HANDLE_SCALAR);
    if (memo_holds(&memo, ps, kinds, n, td, sd))
        return -1;
    int dead = acpu_registry_first_dead(ps, kinds, n);
    if (dead < 0) {
        memo.n = n;
        memcpy(memo.ps, ps, (size_t)n * sizeof ps[0]);
        memcpy(memo.kinds, kinds, (size_t)n * sizeof kinds[0]);
        memo.tensor_destroys = td;
        memo.scalar_destroys = sd;
    }
    return dead;
}

aclnnStatus acpu_check_handle_args(const char *api, const acpu_handle_arg *args, int n)
{
    const void *ps[ACPU_MAX_HANDLE_ARGS];
    acpu_handle_kind kinds[ACPU_MAX_HANDLE_ARGS];
    for (int i = 0; i < n; i++) {
        ps[i] = args[i].p;
        kinds[i] = args[i].kind;
    }
    acpu_hazard_protect(ps, n); /* before the check: a handle found live stays readable until the clear */
    int dead = first_dead_handle(ps, kinds, n);
    if (dead < 0)
        return ACLNN_SUCCESS;
    /* The first failing handle in argument order decides, exactly as one check per handle would. */
    const acpu_handle_arg *a = &args[dead];
    if (a->p == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, a->name);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_set_error("%s: %s (%p) is not a live %s (destroyed, or never created)", api, a->name, a->p,
                   handle_type(a->kind));
    return ACLNN_ERR_PARAM_INVALID;
}

static bool is_complex(aclDataType dt) { return dt == ACL_COMPLEX32 || dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }

static bool is_floating(aclDataType dt)
{
    switch (dt) {
    case ACL_DOUBLE:
    case ACL_FLOAT:
    case ACL_BF16:
    case ACL_FLOAT16:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
    case ACL_FLOAT6_E3M2:
    case ACL_FLOAT6_E2M3:
    case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2: return true;
    default: return false;
    }
}

static bool is_integer(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_UINT8:
    case ACL_UINT16:
    case ACL_UINT32:
    case ACL_UINT64: return true;
    default: return false;
    }
}

bool acpu_can_cast(aclDataType from, aclDataType to)
{
    if (is_complex(from) && !is_complex(to))
        return false;
    if (is_floating(from) && is_integer(to))
        return false;
    return !(to == ACL_BOOL && from != ACL_BOOL);
}

aclnnStatus acpu_missing_cast(const char *api, aclDataType from, aclDataType to)
{
    assert(!"a dtype accepted by validation has no cast"); /* debug builds stop here */
    acpu_set_error("%s: internal error: no cast from %s (%d) to %s (%d) although validation accepted it", api,
                   acpu_dtype_name(from), (int)from, acpu_dtype_name(to), (int)to);
    return ACLNN_ERR_INNER;
}

uint64_t acpu_numel(const aclTensor *t) { return acpu_tensor_numel(t); }

bool acpu_is_empty(const aclTensor *t) { return acpu_numel(t) == 0; }

const char *acpu_shape_str(const aclTensor *t, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    if (t->view_rank == 0)
        snprintf(buf, size, "scalar");
    for (uint64_t d = 0; d < t->view_rank && used < size; d++) {
        int w = snprintf(buf + used, size - used, d ? "x%lld" : "%lld", (long long)t->view_dims[d]);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

static aclnnStatus storage_error(const char *api, const char *name, const aclTensor *t, const char *why)
{
    acpu_set_error("%s: %s %s (view offset %lld, storage of %llu elements of %s)", api, name, why, (long long)t->offset,
                   (unsigned long long)acpu_tensor_storage_elems(t), acpu_dtype_name(t->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

/* The checks past CANN's list for one tensor: data present when it is not empty (161001), a storage
 * shape for a view of rank > 0 and the view inside its storage and the storage inside the address
 * space (161002); gives the view's last storage element index. */
aclnnStatus acpu_check_tensor_extent(const char *api, const char *name, const aclTensor *t, uint64_t *last)
{
    if (t->data == NULL) {
        acpu_set_error("%s: %s has no data (tensorData is NULL) but %llu elements", api, name,
                       (unsigned long long)acpu_numel(t));
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (t->storage_rank == 0 && t->view_rank > 0) {
        acpu_set_error("%s: %s has a %llu-dim view but no storage shape (storageDimsNum 0): its extent cannot "
                       "be checked",
                       api, name, (unsigned long long)t->view_rank);
        return ACLNN_ERR_PARAM_INVALID;
    }
    uint64_t storage = acpu_tensor_storage_elems(t), bytes;
    int d = acpu_tensor_last_index(t, last); /* the tensor is not empty: d >= 0 means overflow */
    if (d >= 0) {
        acpu_set_error("%s: %s view reaches past storage element 2^63-1: offset %lld + sum((dim-1)*stride) overflows "
                       "at dim %d (size %lld, stride %lld)",
                       api, name, (long long)t->offset, d, (long long)t->view_dims[d], (long long)t->strides[d]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (*last >= storage) {
        acpu_set_error("%s: %s view reaches storage element %llu but the storage holds %llu elements", api, name,
                       (unsigned long long)*last, (unsigned long long)storage);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!acpu_bytes_fit(t->data, storage, acpu_dtype_size(t->dtype), &bytes))
        return storage_error(api, name, t, "storage does not fit the address space from its data pointer");
    return ACLNN_SUCCESS;
}

/* A checked tensor's geometry (its view has rank <= ACPU_MAX_DIMS and last index `last`); dims past
 * the rank are never read (the planned call they live in starts zeroed). */
static void tensor_geom(const aclTensor *t, uint64_t last, acpu_geom *g)
{
    g->data = (uintptr_t)t->data;
    g->offset = t->offset;
    g->elem_size = acpu_dtype_size(t->dtype);
    g->rank = (uint32_t)t->view_rank;
    for (uint32_t d = 0; d < g->rank; d++) {
        g->dims[d] = t->view_dims[d];
        g->strides[d] = t->strides[d];
    }
    g->last = last;
}

aclnnStatus acpu_check_tensors_data(const char *api, const char *const *names, const aclTensor *const *tensors, int n,
                                    acpu_geom *geom)
{
    for (int i = 0; i < n; i++) {
        uint64_t last;
        aclnnStatus rc = acpu_check_tensor_extent(api, names[i], tensors[i], &last);
        if (rc != ACLNN_SUCCESS)
            return rc;
        tensor_geom(tensors[i], last, &geom[i]);
    }
    if (!acpu_view_is_distinct(tensors[n - 1])) {
        acpu_set_error("%s: %s must not overlap itself (a written view needs distinct elements: no zero stride on a "
                       "dim larger than 1, each stride past the reach of the smaller ones)",
                       api, names[n - 1]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return acpu_check_overlap(api, names, geom, n);
}

/* Byte span [begin, end) of a geometry's view; the extent was checked (phase 1, or the rebinding's
 * own checks) to lie inside the address space. */
typedef struct {
    uintptr_t begin, end;
} byte_span;

static byte_span geom_span(const acpu_geom *g)
{
    return (byte_span){g->data + (uintptr_t)g->offset * g->elem_size,
                       g->data + ((uintptr_t)g->last + 1u) * g->elem_size};
}

static bool alias_exactly(const acpu_geom *a, const acpu_geom *b)
{
    if (a->elem_size != b->elem_size || geom_span(a).begin != geom_span(b).begin || a->rank != b->rank)
        return false;
    for (uint32_t d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d] || (a->dims[d] > 1 && a->strides[d] != b->strides[d]))
            return false;
    return true;
}

aclnnStatus acpu_check_overlap(const char *api, const char *const *names, const acpu_geom *geom, int n)
{
    const acpu_geom *out = &geom[n - 1];
    byte_span o = geom_span(out);
    for (int i = 0; i < n - 1; i++) {
        byte_span s = geom_span(&geom[i]);
        if (!(o.begin < s.end && s.begin < o.end) || alias_exactly(out, &geom[i]))
            continue;
        acpu_set_error("%s: %s must not partially overlap %s: only the same view of the same memory (in place, "
                       "equal element sizes) may be shared",
                       api, names[n - 1], names[i]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}
