/* A CANN program of our own, written the way CANN's docs write them, for the drop-in routes
 * (tests/cann/run_route.sh): runtime bring-up, contexts, events around a repeatable executor whose
 * addresses are rebound between runs, the meta helpers, both operators. Every line it prints is
 * checked exactly (dropin_program.expected). ACPU_SHORT_INCLUDES selects the second include style
 * CANN programs use (-I include/aclnnop). */
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#ifdef ACPU_SHORT_INCLUDES
#include "aclnn_elu_backward.h"
#include "aclnn_softplus_backward.h"
#else
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#endif

#define CHECK_RET(cond, what)                                                          \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            printf("%s failed (line %d): %s\n", what, __LINE__, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

// CANN's runtime codes are #defines (acl/error_codes/rt_error_codes.h): #if and case labels work.
#if !defined(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID) || ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID != 107006
#error "ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID is not CANN's #define"
#endif
static bool NeverRecorded(aclError ret)
{
    switch (ret) {
    case ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID: return true;
    case ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL:
    case ACL_RT_SUCCESS:
    default: return false;
    }
}

static const std::vector<int64_t> kShape = {2, 2};
static const size_t kBytes = 4 * sizeof(float);

static void *DeviceCopy(const std::vector<float> &host, aclrtStream stream)
{
    void *dev = nullptr;
    if (aclrtMalloc(&dev, kBytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        return nullptr;
    if (aclrtMemcpyAsync(dev, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream) != ACL_SUCCESS)
        return nullptr;
    return dev;
}

static aclTensor *Tensor(void *dev)
{
    std::vector<int64_t> strides = {2, 1};
    return aclCreateTensor(kShape.data(), kShape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, kShape.data(),
                           kShape.size(), dev);
}

static int Print(const char *name, void *dev, aclrtStream stream)
{
    std::vector<float> host(4);
    CHECK_RET(aclrtMemcpyAsync(host.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream) == ACL_SUCCESS,
              "aclrtMemcpyAsync");
    CHECK_RET(aclrtSynchronizeStreamWithTimeout(stream, 1000) == ACL_SUCCESS, "aclrtSynchronizeStreamWithTimeout");
    printf("%s:", name);
    for (float v : host)
        printf(" %f", v);
    printf("\n");
    return 0;
}

static int Runtime(aclrtContext *ctx)
{
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    uint32_t count = 0;
    aclrtRunMode mode = ACL_DEVICE;
    CHECK_RET(aclrtGetDeviceCount(&count) == ACL_SUCCESS && aclrtGetRunMode(&mode) == ACL_SUCCESS, "device info");
    printf("devices=%u runMode=%s soc=%s\n", count, mode == ACL_HOST ? "ACL_HOST" : "ACL_DEVICE", aclrtGetSocName());
    CHECK_RET(aclrtCreateContext(ctx, 0) == ACL_SUCCESS && aclrtSetCurrentContext(*ctx) == ACL_SUCCESS, "context");
    aclrtContext current = nullptr;
    CHECK_RET(aclrtGetCurrentContext(&current) == ACL_SUCCESS && current == *ctx, "aclrtGetCurrentContext");
    size_t freeMem = 0, totalMem = 0;
    CHECK_RET(aclrtGetMemInfo(ACL_HBM_MEM, &freeMem, &totalMem) == ACL_SUCCESS && freeMem <= totalMem && totalMem > 0,
              "aclrtGetMemInfo");
    printf("context=current memInfo=ok\n");
    return 0;
}

static int Meta()
{
    int64_t ints[3] = {1, 2, 3};
    aclIntArray *arr = aclCreateIntArray(ints, 3);
    uint64_t size = 0;
    CHECK_RET(arr != nullptr && aclGetIntArraySize(arr, &size) == ACLNN_SUCCESS, "aclCreateIntArray");
    CHECK_RET(aclDestroyIntArray(arr) == ACLNN_SUCCESS, "aclDestroyIntArray");
    aclFloat16 h = aclFloatToFloat16(1.5f);
    printf("intArray=%llu fp16Size=%zu half(1.5)=0x%04x back=%f\n", (unsigned long long)size,
           aclDataTypeSize(ACL_FLOAT16), (unsigned)h, aclFloat16ToFloat(h));
    return 0;
}

/* ELU backward (exp mode, unit attributes), repeatable: run, rebind gradOutput and gradInput, run. */
static int Elu(aclrtStream stream)
{
    void *go = DeviceCopy({1, 1, 1, 1}, stream), *go2 = DeviceCopy({2, 2, 2, 2}, stream);
    void *x = DeviceCopy({-2, -1, 0, 1}, stream), *gi = DeviceCopy({0, 0, 0, 0}, stream);
    void *gi2 = DeviceCopy({0, 0, 0, 0}, stream);
    CHECK_RET(go && go2 && x && gi && gi2, "aclrtMalloc/aclrtMemcpyAsync");
    aclTensor *tGo = Tensor(go), *tX = Tensor(x), *tGi = Tensor(gi);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(aclnnEluBackwardGetWorkspaceSize(tGo, alpha, alpha, alpha, false, tX, tGi, &ws, &executor) == 0,
              "aclnnEluBackwardGetWorkspaceSize");
    CHECK_RET(aclSetAclOpExecutorRepeatable(executor) == 0, "aclSetAclOpExecutorRepeatable");
    void *wsAddr = nullptr;
    CHECK_RET(ws == 0 || aclrtMalloc(&wsAddr, ws, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "workspace");
    aclrtEvent start = nullptr, end = nullptr;
    CHECK_RET(aclrtCreateEvent(&start) == ACL_SUCCESS && aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE) == 0,
              "aclrtCreateEvent");
    CHECK_RET(aclrtRecordEvent(start, stream) == ACL_SUCCESS, "aclrtRecordEvent");
    CHECK_RET(aclnnEluBackward(wsAddr, ws, executor, stream) == 0, "aclnnEluBackward");
    CHECK_RET(aclSetInputTensorAddr(executor, 0, tGo, go2) == 0, "aclSetInputTensorAddr");
    CHECK_RET(aclSetOutputTensorAddr(executor, 0, tGi, gi2) == 0, "aclSetOutputTensorAddr");
    CHECK_RET(aclnnEluBackward(wsAddr, ws, executor, stream) == 0, "aclnnEluBackward (rebound)");
    CHECK_RET(aclrtRecordEvent(end, stream) == ACL_SUCCESS && aclrtSynchronizeEvent(end) == ACL_SUCCESS, "end event");
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    float ms = -1.0f;
    CHECK_RET(aclrtQueryEventStatus(end, &status) == ACL_SUCCESS && aclrtEventElapsedTime(&ms, start, end) == 0,
              "aclrtEventElapsedTime");
    aclrtEvent deviceOnly = nullptr; // HCCL's flags; never recorded, so no elapsed time
    CHECK_RET(aclrtCreateEventWithFlag(&deviceOnly, ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_SYNC) == ACL_SUCCESS &&
                  NeverRecorded(aclrtEventElapsedTime(&ms, deviceOnly, end)) && aclrtDestroyEvent(deviceOnly) == 0,
              "ACL_EVENT_DEVICE_USE_ONLY event");
    printf("events: %s elapsed %s\n", status == ACL_EVENT_RECORDED_STATUS_COMPLETE ? "complete" : "not ready",
           ms >= 0.0f ? ">= 0" : "< 0");
    if (Print("elu run 1", gi, stream) || Print("elu run 2", gi2, stream))
        return 1;
    void *bound = nullptr;
    CHECK_RET(aclGetRawTensorAddr(tGo, &bound) == 0 && bound == go2, "aclGetRawTensorAddr");
    aclDestroyAclOpExecutor(executor);
    aclrtDestroyEvent(start);
    aclrtDestroyEvent(end);
    aclDestroyTensor(tGo);
    aclDestroyTensor(tX);
    aclDestroyTensor(tGi);
    aclDestroyScalar(alpha);
    for (void *p : {go, go2, x, gi, gi2, wsAddr})
        if (p != nullptr)
            aclrtFree(p);
    return 0;
}

/* Softplus backward at self = 0: gradOutput / 2, with the tensors passed through a tensor list. */
static int Softplus(aclrtStream stream)
{
    void *go = DeviceCopy({1, 2, 3, 4}, stream), *x = DeviceCopy({0, 0, 0, 0}, stream);
    void *gi = DeviceCopy({0, 0, 0, 0}, stream);
    CHECK_RET(go && x && gi, "aclrtMalloc/aclrtMemcpyAsync");
    CHECK_RET(aclrtMemsetAsync(gi, kBytes, 0x7f, kBytes, stream) == ACL_SUCCESS, "aclrtMemsetAsync");
    const aclTensor *tensors[3] = {Tensor(go), Tensor(x), Tensor(gi)};
    aclTensorList *list = aclCreateTensorList(tensors, 3);
    float beta = 1.0f, threshold = 20.0f;
    aclScalar *sBeta = aclCreateScalar(&beta, ACL_FLOAT), *sThreshold = aclCreateScalar(&threshold, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *executor = nullptr;
    CHECK_RET(list != nullptr && aclnnSoftplusBackwardGetWorkspaceSize(tensors[0], tensors[1], sBeta, sThreshold,
                                                                       (aclTensor *)tensors[2], &ws, &executor) == 0,
              "aclnnSoftplusBackwardGetWorkspaceSize");
    void *wsAddr = nullptr;
    CHECK_RET(ws == 0 || aclrtMalloc(&wsAddr, ws, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "workspace");
    CHECK_RET(aclnnSoftplusBackward(wsAddr, ws, executor, stream) == 0, "aclnnSoftplusBackward");
    CHECK_RET(aclrtSynchronizeDevice() == ACL_SUCCESS, "aclrtSynchronizeDevice");
    if (Print("softplus", gi, stream))
        return 1;
    CHECK_RET(aclDestroyTensorList(list) == 0, "aclDestroyTensorList"); /* destroys the three tensors */
    aclDestroyScalar(sBeta);
    aclDestroyScalar(sThreshold);
    for (void *p : {go, x, gi, wsAddr})
        if (p != nullptr)
            aclrtFree(p);
    return 0;
}

int main()
{
    aclrtContext ctx = nullptr;
    aclrtStream stream = nullptr;
    if (Runtime(&ctx) || Meta())
        return 1;
    CHECK_RET(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");
    if (Elu(stream) || Softplus(stream))
        return 1;
    aclrtDestroyStream(stream);
    CHECK_RET(aclrtDestroyContext(ctx) == ACL_SUCCESS, "aclrtDestroyContext");
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
