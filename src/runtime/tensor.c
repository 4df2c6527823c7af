/* aclTensor and aclScalar objects, their getters, and dtype facts (sizes, names, ToFloat). */
#include <stdlib.h>
#include <string.h>

#include "acpu_runtime.h"
#include "common/acpu_half.h"

size_t acpu_dtype_size(aclDataType dt)
{
    switch (dt) {
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
    case ACL_FLOAT6_E3M2:
    case ACL_FLOAT6_E2M3:
    case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2: return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32: return 4;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
    }
}

const char *acpu_dtype_name(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_DOUBLE: return "float64";
    case ACL_INT8: return "int8";
    case ACL_INT16: return "int16";
    case ACL_INT32: return "int32";
    case ACL_INT64: return "int64";
    case ACL_UINT8: return "uint8";
    case ACL_UINT16: return "uint16";
    case ACL_UINT32: return "uint32";
    case ACL_UINT64: return "uint64";
    case ACL_BOOL: return "bool";
    case ACL_COMPLEX64: return "complex64";
    case ACL_COMPLEX128: return "complex128";
    case ACL_DT_UNDEFINED: return "undefined";
    default: return "unknown";
    }
}

/* The checks and the filling below are shared by aclCreateTensor and aclInitTensor; `api` names
 * the caller in messages. */
static bool dims_valid(const char *api, const char *what, const int64_t *dims, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        if (dims[i] < 0) {
            acpu_set_error("%s: %s[%llu] must be >= 0, got %lld", api, what, (unsigned long long)i, (long long)dims[i]);
            return false;
        }
    }
    return true;
}

/* Element counts and row-major strides are products of dims: refused when they cannot be
 * represented, so that no later computation on this tensor wraps around. */
static bool dims_fit(const char *api, const char *what, const int64_t *dims, uint64_t n)
{
    if (acpu_dims_fit(dims, n))
        return true;
    uint64_t at = 1;
    while (at < n && acpu_dims_fit(dims, at + 1))
        at++;
    acpu_set_error("%s: the product of %s (0 counted as 1) must be at most %lld, but %s[%llu] = %lld "
                   "takes it past that",
                   api, what, (long long)INT64_MAX, what, (unsigned long long)at, (long long)dims[at]);
    return false;
}

static bool create_args_valid(const char *api, const int64_t *viewDims, uint64_t viewDimsNum, const int64_t *stride,
                              int64_t offset, const int64_t *storageDims, uint64_t storageDimsNum)
{
    if ((viewDims == NULL && viewDimsNum > 0) || (storageDims == NULL && storageDimsNum > 0)) {
        acpu_set_error("%s: %s is NULL but its count is %llu", api,
                       viewDims == NULL && viewDimsNum > 0 ? "viewDims" : "storageDims",
                       (unsigned long long)(viewDims == NULL ? viewDimsNum : storageDimsNum));
        return false;
    }
    if (viewDimsNum > ACPU_MAX_TENSOR_DIMS || storageDimsNum > ACPU_MAX_TENSOR_DIMS) {
        acpu_set_error("%s: at most %d dims are supported, got %llu", api, ACPU_MAX_TENSOR_DIMS,
                       (unsigned long long)(viewDimsNum > storageDimsNum ? viewDimsNum : storageDimsNum));
        return false;
    }
    if (offset < 0) {
        acpu_set_error("%s: offset must be >= 0, got %lld", api, (long long)offset);
        return false;
    }
    return dims_valid(api, "viewDims", viewDims, viewDimsNum) &&
           dims_valid(api, "storageDims", storageDims, storageDimsNum) &&
           (stride == NULL || dims_valid(api, "stride", stride, viewDimsNum)) &&
           dims_fit(api, "viewDims", viewDims, viewDimsNum) &&
           dims_fit(api, "storageDims", storageDims, storageDimsNum);
}

/* Writes every field of t from arguments create_args_valid accepted. */
static void tensor_fill(aclTensor *t, const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                        const int64_t *stride, int64_t offset, aclFormat format, const int64_t *storageDims,
                        uint64_t storageDimsNum, void *tensorData)
{
    t->dtype = dataType;
    t->format = format;
    t->view_rank = viewDimsNum;
    t->storage_rank = storageDimsNum;
    t->offset = offset;
    t->data = tensorData;
    if (viewDimsNum)
        memcpy(t->view_dims, viewDims, viewDimsNum * sizeof *viewDims);
    if (storageDimsNum)
        memcpy(t->storage_dims, storageDims, storageDimsNum * sizeof *storageDims);
    uint64_t contiguous = 1; /* row-major strides when stride is NULL; exact by dims_fit */
    for (uint64_t d = viewDimsNum; d-- > 0;) {
        t->strides[d] = stride ? stride[d] : (int64_t)contiguous;
        contiguous *= (uint64_t)viewDims[d];
    }
}

ACLNN_API aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                     const int64_t *stride, int64_t offset, aclFormat format,
                                     const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData)
{
    if (!create_args_valid("aclCreateTensor", viewDims, viewDimsNum, stride, offset, storageDims, storageDimsNum))
        return NULL;
    aclTensor *t = calloc(1, sizeof *t);
    if (t == NULL) {
        acpu_set_error("aclCreateTensor: out of memory");
        return NULL;
    }
    /* filled before it is registered: no handle reaches a half-written tensor */
    tensor_fill(t, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum, tensorData);
    if (!acpu_registry_add(t, ACPU_HANDLE_TENSOR)) {
        free(t);
        acpu_set_error("aclCreateTensor: out of memory");
        return NULL;
    }
    return t;
}

/* CANN's aclInitTensor: a live tensor takes new attributes, with exactly aclCreateTensor's checks;
 * a refused call changes nothing. Written under the registry lock after the liveness check, so a
 * tensor destroyed by another thread is never written. */
ACLNN_API aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims, uint64_t viewDimsNum,
                                    aclDataType dataType, const int64_t *stride, int64_t offset, aclFormat format,
                                    const int64_t *storageDims, uint64_t storageDimsNum, void *tensorDataAddr)
{
    if (tensor == NULL) {
        acpu_set_error("aclInitTensor: tensor must not be NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (!create_args_valid("aclInitTensor", viewDims, viewDimsNum, stride, offset, storageDims, storageDimsNum))
        return ACLNN_ERR_PARAM_INVALID;
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(tensor, ACPU_HANDLE_TENSOR);
    if (live)
        tensor_fill(tensor, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                    tensorDataAddr);
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("aclInitTensor: tensor %p is not a live aclTensor (destroyed already, or never created)",
                   (void *)tensor);
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclDestroyTensor(const aclTensor *tensor)
{
    if (tensor == NULL)
        return ACLNN_SUCCESS;
    if (acpu_registry_destroy((void *)(uintptr_t)tensor, ACPU_HANDLE_TENSOR))
        return ACLNN_SUCCESS;
    acpu_set_error("aclDestroyTensor: tensor %p is not a live aclTensor (destroyed already, or never created)",
                   (const void *)tensor);
    return ACLNN_ERR_PARAM_INVALID;
}

static bool scalar_dtype_accepted(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT:
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT8:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_UINT8:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_UINT32:
    case ACL_UINT64:
    case ACL_BOOL:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
    case ACL_COMPLEX128:
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

ACLNN_API aclScalar *aclCreateScalar(void *value, aclDataType dataType)
{
    if (value == NULL || !scalar_dtype_accepted(dataType)) {
        acpu_set_error(value == NULL ? "aclCreateScalar: value must not be NULL"
                                     : "aclCreateScalar: dataType %d is not a scalar dtype CANN accepts",
                       (int)dataType);
        return NULL;
    }
    aclScalar *s = calloc(1, sizeof *s);
    if (s == NULL || !acpu_registry_add(s, ACPU_HANDLE_SCALAR)) {
        free(s);
        acpu_set_error("aclCreateScalar: out of memory");
        return NULL;
    }
    s->dtype = dataType;
    memcpy(s->value, value, acpu_dtype_size(dataType));
    return s;
}

ACLNN_API aclnnStatus aclDestroyScalar(const aclScalar *scalar)
{
    if (scalar == NULL)
        return ACLNN_SUCCESS;
    if (acpu_registry_destroy((void *)(uintptr_t)scalar, ACPU_HANDLE_SCALAR))
        return ACLNN_SUCCESS;
    acpu_set_error("aclDestroyScalar: scalar %p is not a live aclScalar (destroyed already, or never created)",
                   (const void *)scalar);
    return ACLNN_ERR_PARAM_INVALID;
}

/* spec 1.9: a static_cast of the stored value; complex and the sub-16-bit float types give 0. */
double acpu_scalar_to_double(const aclScalar *s)
{
    const void *v = s->value;
    switch (s->dtype) {
    case ACL_FLOAT: return *(const float *)v;
    case ACL_DOUBLE: return *(const double *)v;
    case ACL_FLOAT16: return acpu_f16_to_f32(*(const uint16_t *)v);
    case ACL_BF16: return acpu_bf16_to_f32(*(const uint16_t *)v);
    case ACL_INT8: return *(const int8_t *)v;
    case ACL_UINT8: return *(const uint8_t *)v;
    case ACL_BOOL: return *(const uint8_t *)v != 0;
    case ACL_INT16: return *(const int16_t *)v;
    case ACL_UINT16: return *(const uint16_t *)v;
    case ACL_INT32: return *(const int32_t *)v;
    case ACL_UINT32: return *(const uint32_t *)v;
    case ACL_INT64: return (double)*(const int64_t *)v;
    case ACL_UINT64: return (double)*(const uint64_t *)v;
    default: return 0.0;
    }
}

float acpu_scalar_to_float(const aclScalar *s)
{
    /* 64-bit integers convert to float directly: going through double could round twice. */
    if (s->dtype == ACL_INT64)
        return (float)*(const int64_t *)(const void *)s->value;
    if (s->dtype == ACL_UINT64)
        return (float)*(const uint64_t *)(const void *)s->value;
    return (float)acpu_scalar_to_double(s);
}

/* ---- getters ---------------------------------------------------------------------------------- */

/* Checks the arguments and copies the tensor while holding the registry lock: once the lock is
 * given back another thread may destroy the tensor, so nothing is read from it after that. */
static aclnnStatus getter_snapshot(const char *api, const aclTensor *t, const void *out, aclTensor *copy)
{
    if (t == NULL || out == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, t == NULL ? "tensor" : "the output pointer");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(t, ACPU_HANDLE_TENSOR);
    if (live)
        *copy = *t;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: tensor %p is not a live aclTensor", api, (const void *)t);
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus copy_dims(const char *api, const int64_t *src, uint64_t n, int64_t **out, uint64_t *count)
{
    int64_t *copy = malloc((n ? n : 1) * sizeof *copy);
    if (copy == NULL) {
        acpu_set_error("%s: out of memory", api);
        return ACLNN_ERR_INNER;
    }
    if (n)
        memcpy(copy, src, n * sizeof *copy);
    *out = copy;
    *count = n;
    return ACLNN_SUCCESS;
}

#define ACPU_DIMS_GETTER(fn, field, rank_field)                                                     \
    ACLNN_API aclnnStatus fn(const aclTensor *tensor, int64_t **dims, uint64_t *num)                \
    {                                                                                               \
        aclTensor t;                                                                                \
        aclnnStatus rc = getter_snapshot(#fn, tensor, dims && num ? (const void *)dims : NULL, &t); \
        return rc != ACLNN_SUCCESS ? rc : copy_dims(#fn, t.field, t.rank_field, dims, num);         \
    }
ACPU_DIMS_GETTER(aclGetViewShape, view_dims, view_rank)
ACPU_DIMS_GETTER(aclGetViewStrides, strides, view_rank)
ACPU_DIMS_GETTER(aclGetStorageShape, storage_dims, storage_rank)

#define ACPU_VALUE_GETTER(fn, T, field)                         \
    ACLNN_API aclnnStatus fn(const aclTensor *tensor, T *out)   \
    {                                                           \
        aclTensor t;                                            \
        aclnnStatus rc = getter_snapshot(#fn, tensor, out, &t); \
        if (rc == ACLNN_SUCCESS)                                \
            *out = t.field;                                     \
        return rc;                                              \
    }
ACPU_VALUE_GETTER(aclGetViewOffset, int64_t, offset)
ACPU_VALUE_GETTER(aclGetDataType, aclDataType, dtype)
ACPU_VALUE_GETTER(aclGetFormat, aclFormat, format)

/* The data address alone (no executor is touched: rebinding an executor's tensors is the operator
 * layer's aclSet*TensorAddr). */
ACLNN_API aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr)
{
    if (tensor == NULL) {
        acpu_set_error("aclSetRawTensorAddr: tensor must not be NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(tensor, ACPU_HANDLE_TENSOR);
    if (live)
        tensor->data = addr;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("aclSetRawTensorAddr: tensor %p is not a live aclTensor", (void *)tensor);
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr)
{
    if (tensor == NULL || addr == NULL) {
        acpu_set_error("aclGetRawTensorAddr: %s must not be NULL", tensor == NULL ? "tensor" : "addr");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(tensor, ACPU_HANDLE_TENSOR);
    if (live)
        *addr = tensor->data;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("aclGetRawTensorAddr: tensor %p is not a live aclTensor", (const void *)tensor);
    return ACLNN_ERR_PARAM_INVALID;
}
