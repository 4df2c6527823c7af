/* aclnn-cpu: the aclnn meta API (tensors, scalars, executors), as CANN's aclnn/acl_meta.h.
 * Handles are validated on every use: a destroyed or foreign handle is refused with
 * ACLNN_ERR_PARAM_INVALID, never dereferenced. */
#ifndef ACLNN_ACL_META_H_
#define ACLNN_ACL_META_H_

#include <stdbool.h>
#include <stdint.h>

#include "../acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACLNN_API
#if defined(_MSC_VER)
#define ACLNN_API __declspec(dllexport)
#else
#define ACLNN_API __attribute__((visibility("default")))
#endif
#endif

typedef struct aclOpExecutor aclOpExecutor;
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;

typedef int32_t aclnnStatus;

#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_INFERSHAPE_ERROR 561001
#define ACLNN_ERR_INNER_TILING_ERROR 561002
#define ACLNN_ERR_INNER_FIND_KERNEL_ERROR 561003
#define ACLNN_ERR_INNER_CREATE_EXECUTOR 561101
#define ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR 561102
#define ACLNN_ERR_INNER_NULLPTR 561103
#define ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE 561104
#define ACLNN_ERR_INNER_KEY_CONFLICT 561105
#define ACLNN_ERR_INNER_KEY_CONFILICT 561105
#define ACLNN_ERR_INNER_INVALID_IMPL_MODE 561106
#define ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND 561107
#define ACLNN_ERR_INNER_LOAD_JSON_FAILED 561108
#define ACLNN_ERR_INNER_JSON_VALUE_NOT_FOUND 561109
#define ACLNN_ERR_INNER_JSON_FORMAT_INVALID 561110
#define ACLNN_ERR_INNER_JSON_DTYPE_INVALID 561111
#define ACLNN_ERR_INNER_OPP_KERNEL_PKG_NOT_FOUND 561112
#define ACLNN_ERR_INNER_OP_FILE_INVALID 561113
#define ACLNN_ERR_INNER_ATTR_NUM_OUT_OF_BOUND 561114
#define ACLNN_ERR_INNER_ATTR_LEN_NOT_ENOUGH 561115
#define ACLNN_ERR_INNER_INPUT_NUM_IN_JSON_TOO_LARGE 561116
#define ACLNN_ERR_INNER_INPUT_JSON_IS_NULL 561117
#define ACLNN_ERR_INNER_STATIC_WORKSPACE_INVALID 561118
#define ACLNN_ERR_INNER_STATIC_BLOCK_DIM_INVALID 561119

/* Creates a view of `tensorData`: viewDims/stride (elements, NULL = row-major), offset (elements).
 * Returns NULL on a NULL dims array with a non-zero count, a negative dim, stride or offset,
 * more than 64 dims, or allocation failure (see aclGetRecentErrMsg). */
ACLNN_API aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                     const int64_t *stride, int64_t offset, aclFormat format,
                                     const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData);
/* Gives a live tensor new attributes, with aclCreateTensor's checks: tensor NULL -> 161001; arguments
 * aclCreateTensor would refuse, or a tensor that is not live -> 161002, and the tensor is unchanged. */
ACLNN_API aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims, uint64_t viewDimsNum,
                                    aclDataType dataType, const int64_t *stride, int64_t offset, aclFormat format,
                                    const int64_t *storageDims, uint64_t storageDimsNum, void *tensorDataAddr);
/* Copies the value; NULL for a NULL value or a dtype CANN does not accept for scalars. */
ACLNN_API aclScalar *aclCreateScalar(void *value, aclDataType dataType);
ACLNN_API aclnnStatus aclDestroyTensor(const aclTensor *tensor);
ACLNN_API aclnnStatus aclDestroyScalar(const aclScalar *scalar);

ACLNN_API aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);
ACLNN_API aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);

/* Getters: *viewDims / *stridesValue / *storageDims are arrays allocated with malloc that the
 * caller frees with free(), as in CANN. */
ACLNN_API aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum);
ACLNN_API aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum);
ACLNN_API aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset);
ACLNN_API aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims, uint64_t *storageDimsNum);
ACLNN_API aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);
ACLNN_API aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);

/* ---- arrays and lists (meta_arrays.c). Each copies `value` (size elements; value may be NULL only
 * when size is 0) and returns NULL (message set) otherwise or on allocation failure. A list holds
 * the caller's tensor / scalar handles: they must be live when the list is made, and
 * aclDestroyTensorList / aclDestroyScalarList destroys them with the list, as CANN does. ---- */
ACLNN_API aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACLNN_API aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size);
ACLNN_API aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size);
ACLNN_API aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size);
ACLNN_API aclScalarList *aclCreateScalarList(const aclScalar *const *value, uint64_t size);
ACLNN_API aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACLNN_API aclnnStatus aclDestroyFloatArray(const aclFloatArray *array);
ACLNN_API aclnnStatus aclDestroyBoolArray(const aclBoolArray *array);
ACLNN_API aclnnStatus aclDestroyTensorList(const aclTensorList *array);
ACLNN_API aclnnStatus aclDestroyScalarList(const aclScalarList *array);
ACLNN_API aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size);
ACLNN_API aclnnStatus aclGetFloatArraySize(const aclFloatArray *array, uint64_t *size);
ACLNN_API aclnnStatus aclGetBoolArraySize(const aclBoolArray *array, uint64_t *size);
ACLNN_API aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList, uint64_t *size);
ACLNN_API aclnnStatus aclGetScalarListSize(const aclScalarList *scalarList, uint64_t *size);

/* ---- data addresses (meta_addr.c) ----
 * aclSetInputTensorAddr / aclSetOutputTensorAddr: `tensor` (the one given to phase 1 as input /
 * output number `index`, in the operator's argument order) now points at `addr`, and so does the
 * executor's copy of it, so that a repeatable executor runs on new memory. aclSetTensorAddr numbers
 * the inputs first, then the outputs. aclSetRawTensorAddr / aclGetRawTensorAddr set / read the
 * tensor's storage address only. */
ACLNN_API aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr);
ACLNN_API aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                             void *addr);
ACLNN_API aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr);
/* The tensor-list forms (CANN's prototypes): member relativeIndex of the list that is the operator's
 * irIndex-th tensor-list argument. Neither operator here takes a tensor list, so after the argument
 * checks (executor or tensors NULL -> 561103; either not live, relativeIndex out of the list, or a NULL
 * member -> 161002 / 561103 as CANN) every call returns 161002 and changes nothing. */
ACLNN_API aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                                   aclTensorList *tensors, void *addr);
ACLNN_API aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                                    aclTensorList *tensors, void *addr);
ACLNN_API aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                              aclTensorList *tensors, void *addr);
ACLNN_API aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr);
ACLNN_API aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_ACL_META_H_ */
