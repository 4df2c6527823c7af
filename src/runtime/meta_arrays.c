/* aclIntArray, aclFloatArray, aclBoolArray, aclTensorList and aclScalarList: one registered object
 * shape for all five (a count and a copy of the elements), told apart by the registry kind, so a
 * handle of one kind given where another is expected is refused like a dead one. */
#include <stdlib.h>
#include <string.h>

#include "acpu_runtime.h"

typedef struct {
    uint64_t size;
    _Alignas(16) unsigned char values[]; /* size elements: int64_t, float, bool or handle pointers */
} acpu_array;

static const char *kind_type(acpu_handle_kind kind)
{
    switch (kind) {
    case ACPU_HANDLE_INT_ARRAY: return "aclIntArray";
    case ACPU_HANDLE_FLOAT_ARRAY: return "aclFloatArray";
    case ACPU_HANDLE_BOOL_ARRAY: return "aclBoolArray";
    case ACPU_HANDLE_TENSOR_LIST: return "aclTensorList";
    default: return "aclScalarList";
    }
}

/* Registers a copy of size elements of elem bytes; NULL + message on bad input or no memory. */
static acpu_array *array_create(const char *api, acpu_handle_kind kind, const void *value, uint64_t size, size_t elem)
{
    if (value == NULL && size > 0) {
        acpu_set_error("%s: value is NULL but size is %llu", api, (unsigned long long)size);
        return NULL;
    }
    size_t bytes, total;
    if (size > SIZE_MAX || __builtin_mul_overflow((size_t)size, elem, &bytes) ||
        __builtin_add_overflow(bytes, sizeof(acpu_array), &total)) {
        acpu_set_error("%s: size %llu is too large (%llu elements of %zu bytes overflow size_t)", api,
                       (unsigned long long)size, (unsigned long long)size, elem);
        return NULL;
    }
    acpu_array *a = malloc(total);
    if (a != NULL) { /* filled before it is registered: no handle reaches a half-written array */
        a->size = size;
        if (bytes > 0)
            memcpy(a->values, value, bytes);
    }
    if (a == NULL || !acpu_registry_add(a, kind)) {
        free(a);
        acpu_set_error("%s: cannot allocate %s of %llu elements", api, kind_type(kind), (unsigned long long)size);
        return NULL;
    }
    return a;
}

ACLNN_API aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size)
{
    return (aclIntArray *)array_create("aclCreateIntArray", ACPU_HANDLE_INT_ARRAY, value, size, sizeof *value);
}

ACLNN_API aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size)
{
    return (aclFloatArray *)array_create("aclCreateFloatArray", ACPU_HANDLE_FLOAT_ARRAY, value, size, sizeof *value);
}

ACLNN_API aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size)
{
    return (aclBoolArray *)array_create("aclCreateBoolArray", ACPU_HANDLE_BOOL_ARRAY, value, size, sizeof *value);
}

/* A list of handles: every non-NULL entry must be live as `elem_kind` (NULL entries stand for
 * absent optional members, as CANN allows). Checked under one lock with the registration, so no
 * entry dies between the check and the copy. */
static acpu_array *list_create(const char *api, acpu_handle_kind kind, acpu_handle_kind elem_kind,
                               const void *const *value, uint64_t size)
{
    const char *elem_type = elem_kind == ACPU_HANDLE_TENSOR ? "aclTensor" : "aclScalar";
    if (value != NULL) {
        acpu_registry_lock();
        uint64_t bad = size;
        for (uint64_t i = 0; i < size && bad == size; i++)
            if (value[i] != NULL && !acpu_registry_contains_locked(value[i], elem_kind))
                bad = i;
        acpu_registry_unlock();
        if (bad < size) {
            acpu_set_error("%s: value[%llu] = %p is not a live %s", api, (unsigned long long)bad, value[bad],
                           elem_type);
            return NULL;
        }
    }
    return array_create(api, kind, value, size, sizeof(void *));
}

ACLNN_API aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size)
{
    return (aclTensorList *)list_create("aclCreateTensorList", ACPU_HANDLE_TENSOR_LIST, ACPU_HANDLE_TENSOR,
                                        (const void *const *)value, size);
}

ACLNN_API aclScalarList *aclCreateScalarList(const aclScalar *const *value, uint64_t size)
{
    return (aclScalarList *)list_create("aclCreateScalarList", ACPU_HANDLE_SCALAR_LIST, ACPU_HANDLE_SCALAR,
                                        (const void *const *)value, size);
}

bool acpu_tensor_list_member_locked(const void *list, uint64_t index, uint64_t *size, const aclTensor **member)
{
    if (!acpu_registry_contains_locked(list, ACPU_HANDLE_TENSOR_LIST))
        return false;
    const acpu_array *a = list;
    const aclTensor *const *members = (const aclTensor *const *)(const void *)a->values;
    *size = a->size;
    *member = index < a->size ? members[index] : NULL;
    return true;
}

/* ---- destroy ---- */

static aclnnStatus array_destroy(const char *api, const void *array, acpu_handle_kind kind)
{
    if (array == NULL)
        return ACLNN_SUCCESS; /* as CANN */
    if (acpu_registry_destroy((void *)(uintptr_t)array, kind))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: array %p is not a live %s (destroyed already, never created, or another kind)", api, array,
                   kind_type(kind));
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclDestroyIntArray(const aclIntArray *array)
{
    return array_destroy("aclDestroyIntArray", array, ACPU_HANDLE_INT_ARRAY);
}

ACLNN_API aclnnStatus aclDestroyFloatArray(const aclFloatArray *array)
{
    return array_destroy("aclDestroyFloatArray", array, ACPU_HANDLE_FLOAT_ARRAY);
}

ACLNN_API aclnnStatus aclDestroyBoolArray(const aclBoolArray *array)
{
    return array_destroy("aclDestroyBoolArray", array, ACPU_HANDLE_BOOL_ARRAY);
}

/* The list goes first (so a second destroy of it is refused), then the members it holds, as
 * CANN's list owns them; a member the caller destroyed already (or listed twice) is skipped. */
static aclnnStatus list_destroy(const char *api, const void *list, acpu_handle_kind kind, acpu_handle_kind elem_kind)
{
    if (list == NULL)
        return ACLNN_SUCCESS;
    if (!acpu_registry_remove(list, kind))
        return array_destroy(api, list, kind); /* not live: the same refusal and message */
    const acpu_array *a = list;
    void *const *members = (void *const *)(const void *)a->values;
    for (uint64_t i = 0; i < a->size; i++)
        if (members[i] != NULL)
            (void)acpu_registry_destroy(members[i], elem_kind);
    acpu_registry_release((void *)(uintptr_t)list);
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclDestroyTensorList(const aclTensorList *array)
{
    return list_destroy("aclDestroyTensorList", array, ACPU_HANDLE_TENSOR_LIST, ACPU_HANDLE_TENSOR);
}

ACLNN_API aclnnStatus aclDestroyScalarList(const aclScalarList *array)
{
    return list_destroy("aclDestroyScalarList", array, ACPU_HANDLE_SCALAR_LIST, ACPU_HANDLE_SCALAR);
}

/* ---- sizes ---- */

static aclnnStatus array_size(const char *api, const void *array, acpu_handle_kind kind, uint64_t *size)
{
    if (array == NULL || size == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, array == NULL ? "the array" : "size");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(array, kind);
    if (live)
        *size = ((const acpu_array *)array)->size;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %p is not a live %s", api, array, kind_type(kind));
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size)
{
    return array_size("aclGetIntArraySize", array, ACPU_HANDLE_INT_ARRAY, size);
}

ACLNN_API aclnnStatus aclGetFloatArraySize(const aclFloatArray *array, uint64_t *size)
{
    return array_size("aclGetFloatArraySize", array, ACPU_HANDLE_FLOAT_ARRAY, size);
}

ACLNN_API aclnnStatus aclGetBoolArraySize(const aclBoolArray *array, uint64_t *size)
{
    return array_size("aclGetBoolArraySize", array, ACPU_HANDLE_BOOL_ARRAY, size);
}

ACLNN_API aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList, uint64_t *size)
{
    return array_size("aclGetTensorListSize", tensorList, ACPU_HANDLE_TENSOR_LIST, size);
}

ACLNN_API aclnnStatus aclGetScalarListSize(const aclScalarList *scalarList, uint64_t *size)
{
    return array_size("aclGetScalarListSize", scalarList, ACPU_HANDLE_SCALAR_LIST, size);
}
