/*
 * aclnnSiluBackward sample in plain C11: the same program as silu_backward.cpp (CANN's sample),
 * showing that the CANN headers and API are usable from C as well.
 *
 * gradOutput = {1, 1, 1, 1, 1, 1}, self = {1, 2, 3, 4, 5, 6} (shape {2, 3}, FLOAT):
 * gradInput = sigmoid(x) * (1 + x * (1 - sigmoid(x))) =
 * {0.927671, 1.090784, 1.088104, 1.052665, 1.026547, 1.012326}.
 */
#include <stdint.h>
#include <stdio.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_silu_backward.h"

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
#define ELEMS 6

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
    void *gradOutputAddr, *selfAddr, *gradInputAddr, *workspaceAddr;
    aclTensor *gradOutput, *self, *gradInput;
} Resources;

static int CreateInputs(Resources *r)
{
    static const int64_t shape[RANK] = {2, 3};
    static const float gradOutputHostData[ELEMS] = {1, 1, 1, 1, 1, 1};
    static const float selfHostData[ELEMS] = {1, 2, 3, 4, 5, 6};
    static const float gradInputHostData[ELEMS] = {0, 0, 0, 0, 0, 0};
    int ret = CreateAclTensor(gradOutputHostData, shape, RANK, &r->gradOutputAddr, ACL_FLOAT, &r->gradOutput);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(selfHostData, shape, RANK, &r->selfAddr, ACL_FLOAT, &r->self);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = CreateAclTensor(gradInputHostData, shape, RANK, &r->gradInputAddr, ACL_FLOAT, &r->gradInput);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    return 0;
}

/* Phase 1, workspace, phase 2, synchronize. */
static int RunSiluBackward(Resources *r, aclrtStream stream, uint64_t *workspaceSize)
{
    aclOpExecutor *executor = NULL;
    int ret = aclnnSiluBackwardGetWorkspaceSize(r->gradOutput, r->self, r->gradInput, workspaceSize, &executor);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnSiluBackwardGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
    if (*workspaceSize > 0) {
        ret = aclrtMalloc(&r->workspaceAddr, *workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    ret = aclnnSiluBackward(r->workspaceAddr, *workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnSiluBackward failed. ERROR: %d\n", ret); return ret);
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
        LOG_PRINT("out result[%ld] is: %f\n", (long)i, resultData[i]);
    }
    return 0;
}

static void Release(Resources *r, uint64_t workspaceSize)
{
    aclDestroyTensor(r->gradOutput);
    aclDestroyTensor(r->self);
    aclDestroyTensor(r->gradInput);
    aclrtFree(r->gradOutputAddr);
    aclrtFree(r->selfAddr);
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
    ret = RunSiluBackward(&r, stream, &workspaceSize);
    CHECK_RET(ret == ACL_SUCCESS, return ret);
    ret = PrintResult(&r);
    CHECK_RET(ret == ACL_SUCCESS, return ret);

    Release(&r, workspaceSize);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return 0;
}
