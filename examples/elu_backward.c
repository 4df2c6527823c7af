/*
 * aclnnEluBackward sample in plain C11: the same program as elu_backward.cpp (CANN's sample),
 * showing that the CANN headers and API are usable from C as well.
 *
 * gradOutput = selfOrResult = {-2, -1, 0, 1} (shape {2, 2}, FLOAT), alpha = scale =
 * inputScale = 1, isResult = true. Expected gradInput: {2, -0, 0, 1}.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_elu_backward.h"

#define CHECK_RET(cond, return_expr) \
    do {                             \
        if (!(cond)) {               \
            return_expr;             \
        }                            \
    } while (0)

#define LOG_PRINT(...)       \
    do {                     \
        printf(__VA_ARGS__); \
    } while (0)

#define RANK 2
#define ELEMS 4

static int64_t GetShapeSize(const int64_t *shape, size_t rank)
{
    int64_t shapeSize = 1;
    for (size_t i = 0; i < rank; i++) {
        shapeSize *= shape[i];
    }
    return shapeSize;
}

static int Init(int32_t deviceId, aclrtStream *stream)
{
    int ret = aclInit(NULL);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);
    return 0;
}

/* Device copy of `hostData` (FLOAT elements) wrapped in a contiguous ND tensor. */
static int CreateAclTensor(const float *hostData, const int64_t *shape, size_t rank, void **deviceAddr,
                           aclDataType dataType, aclTensor **tensor)
{
    size_t size = (size_t)GetShapeSize(shape, rank) * sizeof(float);
    int ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    ret = aclrtMemcpy(*deviceAddr, size, hostData, size, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);

    int64_t strides[RANK];
    strides[rank - 1] = 1;
    for (size_t i = rank - 1; i > 0; i--) {
        strides[i - 1] = shape[i] * strides[i];
    }
    *tensor = aclCreateTensor(shape, rank, dataType, strides, 0, ACL_FORMAT_ND, shape, rank, *deviceAddr);
    return 0;
}

typedef struct {
    void *gradOutputAddr, *selfOrResultAddr, *gradInputAddr, *workspaceAddr;
    aclTensor *gradOutput, *selfOrResult, *gradInput;
    aclScalar *alpha, *scale, *inputScale;
} Resources;

static int CreateInputs(Resources *r)
{
    static const int64_t shape[RANK] = {2, 2};
    static const float gradOutputHostData[ELEMS] = {-2, -1, 0, 1};
    static const float selfOrResultHostData[ELEMS] = {-2, -1, 0, 1};
    static const float gradInputHostData[ELEMS] = {0, 0, 0, 0};
    int ret = CreateAclTensor(gradOutputHostData, shape, RANK, &r->gradOutputAddr, ACL_FLOAT, &r->gradOutput);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(selfOrResultHostData, shape, RANK, &r->selfOrResultAddr, ACL_FLOAT, &r->selfOrResult);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(gradInputHostData, shape, RANK, &r->gradInputAddr, ACL_FLOAT, &r->gradInput);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    float alphaValue = 1.0f, scaleValue = 1.0f, inputScaleValue = 1.0f;
    r->alpha = aclCreateScalar(&alphaValue, ACL_FLOAT);
    CHECK_RET(r->alpha != NULL, return ret);
    r->scale = aclCreateScalar(&scaleValue, ACL_FLOAT);
    CHECK_RET(r->scale != NULL, return ret);
    r->inputScale = aclCreateScalar(&inputScaleValue, ACL_FLOAT);
    CHECK_RET(r->inputScale != NULL, return ret);
    return 0;
}

/* Phase 1, workspace, phase 2, synchronize. */
static int RunEluBackward(Resources *r, aclrtStream stream, uint64_t *workspaceSize)
{
    bool isResult = true;
    aclOpExecutor *executor = NULL;
    int ret = aclnnEluBackwardGetWorkspaceSize(r->gradOutput, r->alpha, r->scale, r->inputScale, isResult,
                                               r->selfOrResult, r->gradInput, workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnEluBackwardGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    if (*workspaceSize > 0) {
        ret = aclrtMalloc(&r->workspaceAddr, *workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    ret = aclnnEluBackward(r->workspaceAddr, *workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnEluBackward failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
    return 0;
}

static int PrintResult(const Resources *r)
{
    float resultData[ELEMS] = {0};
    int ret = aclrtMemcpy(resultData, sizeof(resultData), r->gradInputAddr, sizeof(resultData),
                          ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret); return ret);
    for (int64_t i = 0; i < ELEMS; i++) {
        LOG_PRINT("result[%ld] is: %f\n", (long)i, resultData[i]);
    }
    return 0;
}

static void Release(Resources *r, uint64_t workspaceSize)
{
    aclDestroyTensor(r->gradOutput);
    aclDestroyTensor(r->selfOrResult);
    aclDestroyTensor(r->gradInput);
    aclDestroyScalar(r->alpha);
    aclDestroyScalar(r->scale);
    aclDestroyScalar(r->inputScale);
    aclrtFree(r->gradOutputAddr);
    aclrtFree(r->selfOrResultAddr);
    aclrtFree(r->gradInputAddr);
    if (workspaceSize > 0) {
        aclrtFree(r->workspaceAddr);
    }
}

int main(void)
{
    int32_t deviceId = 0;
    aclrtStream stream = NULL;
    int ret = Init(deviceId, &stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);

    Resources r = {0};
    uint64_t workspaceSize = 0;
    ret = CreateInputs(&r);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = RunEluBackward(&r, stream, &workspaceSize);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = PrintResult(&r);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    Release(&r, workspaceSize);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return 0;
}
