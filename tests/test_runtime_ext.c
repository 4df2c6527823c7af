/* The device, context, event, asynchronous and meta-array calls (doc/BEHAVIOUR.md "The runtime
 * calls" and "The meta API"): results, CANN's codes for misuse (NULL, destroyed handles, handles of
 * the wrong kind, bad enum values) and messages naming the API and argument. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acpu_test.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "ops/acpu_op_call.h" /* the executor's planned call and geometries, for the extent check of test_rebind_extent */

#define EXPECT_MSG(api, arg) acpu_test_expect_msg_at((api), (arg), NULL, __LINE__)

/* ---- devices, memory info, async calls ----------------------------------------------------------- */

START_TEST(test_device_info)
{
    aclrtRunMode mode = ACL_DEVICE;
    uint32_t count = 0;
    ck_assert_int_eq(aclrtGetRunMode(&mode), ACL_SUCCESS);
    ck_assert_int_eq(mode, ACL_HOST);
    ck_assert_int_eq(aclrtGetRunMode(NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtGetRunMode", "runMode");
    ck_assert_int_eq(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    ck_assert_uint_eq(count, 1);
    ck_assert_int_eq(aclrtGetDeviceCount(NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtGetDeviceCount", "count");
    ck_assert_int_eq(aclrtSynchronizeDevice(), ACL_SUCCESS);
    ck_assert_int_eq((int)ACL_HBM_MEM_P2P_HUGE1G, 11);
    ck_assert_int_eq((int)ACL_EVENT_RECORDED_STATUS_COMPLETE, 1);
}
END_TEST

START_TEST(test_soc_name)
{
    /* The suite runs without ACLNN_CPU_SOC (CTest's environment): the host profile. */
    ck_assert_str_eq(aclrtGetSocName(), "host");
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910B", 0, 0), ACL_SUCCESS);
    ck_assert_str_eq(aclrtGetSocName(), "Ascend910B");
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend950", 0, 0), ACL_SUCCESS);
    ck_assert_str_eq(aclrtGetSocName(), "Ascend950");
}
END_TEST

START_TEST(test_mem_info)
{
    size_t free_b = 0, total_b = 0;
    ck_assert_int_eq(aclrtGetMemInfo(ACL_DDR_MEM, &free_b, &total_b), ACL_SUCCESS);
    ck_assert_uint_gt(total_b, 0);
    ck_assert_uint_le(free_b, total_b);
    ck_assert_int_eq(aclrtGetMemInfo(ACL_HBM_MEM_P2P_HUGE1G, &free_b, &total_b), ACL_SUCCESS);
    ck_assert_int_eq(aclrtGetMemInfo((aclrtMemAttr)12, &free_b, &total_b), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtGetMemInfo", "attr");
    ck_assert_int_eq(aclrtGetMemInfo((aclrtMemAttr)-1, &free_b, &total_b), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtGetMemInfo(ACL_HBM_MEM, NULL, &total_b), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtGetMemInfo", "free");
    ck_assert_int_eq(aclrtGetMemInfo(ACL_HBM_MEM, &free_b, NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtGetMemInfo", "total");
}
END_TEST

START_TEST(test_async_memory)
{
    aclrtStream s = NULL, dead = NULL;
    ck_assert_int_eq(aclrtCreateStream(&s), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateStream(&dead), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyStream(dead), ACL_SUCCESS);
    unsigned char src[8] = {1, 2, 3, 4, 5, 6, 7, 8}, dst[8] = {0};
    ck_assert_int_eq(aclrtMemcpyAsync(dst, 8, src, 8, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_SUCCESS);
    ck_assert_int_eq(memcmp(dst, src, 8), 0);
    ck_assert_int_eq(aclrtMemcpyAsync(dst, 8, src, 8, ACL_MEMCPY_DEFAULT, NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclrtMemcpyAsync(dst, 4, src, 8, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpyAsync", "destMax");
    ck_assert_int_eq(aclrtMemcpyAsync(NULL, 8, src, 8, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpyAsync", "dst");
    ck_assert_int_eq(aclrtMemcpyAsync(dst, 8, src, 8, (aclrtMemcpyKind)8, s), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpyAsync", "kind");
    memset(dst, 0, sizeof dst);
    ck_assert_int_eq(aclrtMemcpyAsync(dst, 8, src, 8, ACL_MEMCPY_HOST_TO_DEVICE, dead), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpyAsync", "stream");
    ck_assert_int_eq(dst[0], 0); /* nothing copied on a refused call */
    ck_assert_int_eq(aclrtMemsetAsync(dst, 8, 0x1ab, 6, s), ACL_SUCCESS);
    ck_assert_int_eq(dst[5], 0xab);
    ck_assert_int_eq(dst[6], 0);
    ck_assert_int_eq(aclrtMemsetAsync(dst, 4, 0, 6, s), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemsetAsync", "maxCount");
    ck_assert_int_eq(aclrtMemsetAsync(NULL, 4, 0, 1, s), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMemsetAsync(dst, 8, 0, 8, dead), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(dst[5], 0xab);
    ck_assert_int_eq(aclrtSynchronizeStreamWithTimeout(s, -1), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSynchronizeStreamWithTimeout(s, 1), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSynchronizeStreamWithTimeout(NULL, 100), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSynchronizeStreamWithTimeout(s, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtSynchronizeStreamWithTimeout", "timeout");
    ck_assert_int_eq(aclrtSynchronizeStreamWithTimeout(s, -2), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtSynchronizeStreamWithTimeout(dead, -1), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtSynchronizeStreamWithTimeout", "stream");
    ck_assert_int_eq(aclrtDestroyStream(s), ACL_SUCCESS);
}
END_TEST

/* ---- contexts ------------------------------------------------------------------------------------ */

START_TEST(test_contexts)
{
    aclrtContext ctx = NULL, cur = NULL, def = NULL;
    aclrtStream stream = NULL;
    ck_assert_int_eq(aclrtGetCurrentContext(&cur), ACL_ERROR_RT_CONTEXT_NULL); /* no device, no context */
    EXPECT_MSG("aclrtGetCurrentContext", "context");
    ck_assert_int_eq(aclrtGetCurrentContext(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtSetDevice(0), ACL_SUCCESS);
    ck_assert_int_eq(aclrtGetCurrentContext(&def), ACL_SUCCESS);
    ck_assert_ptr_nonnull(def);
    ck_assert_int_eq(aclrtDestroyContext(def), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtDestroyContext", "default");
    ck_assert_int_eq(aclrtCreateContext(NULL, 0), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtCreateContext(&ctx, 1), ACL_ERROR_INVALID_DEVICE);
    EXPECT_MSG("aclrtCreateContext", "deviceId");
    ck_assert_int_eq(aclrtCreateContext(&ctx, 0), ACL_SUCCESS);
    ck_assert_ptr_ne(ctx, def);
    ck_assert_int_eq(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
    ck_assert_ptr_eq(cur, ctx); /* the new context is current */
    ck_assert_int_eq(aclrtSetCurrentContext(def), ACL_SUCCESS);
    ck_assert_int_eq(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
    ck_assert_ptr_eq(cur, def);
    ck_assert_int_eq(aclrtSetCurrentContext(ctx), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSetCurrentContext(NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtSetCurrentContext", "context");
    ck_assert_int_eq(aclrtCreateStream(&stream), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSetCurrentContext(stream), ACL_ERROR_INVALID_PARAM); /* wrong kind */
    ck_assert_int_eq(aclrtDestroyContext(stream), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtDestroyContext(ctx), ACL_SUCCESS);
    ck_assert_int_eq(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
    ck_assert_ptr_eq(cur, def); /* the destroyed current context falls back to the default one */
    ck_assert_int_eq(aclrtDestroyContext(ctx), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtDestroyContext", "context");
    ck_assert_int_eq(aclrtSetCurrentContext(ctx), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtDestroyContext(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtResetDevice(0), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSetCurrentContext(def), ACL_ERROR_INVALID_PARAM); /* gone with the device */
    ck_assert_int_eq(aclrtGetCurrentContext(&cur), ACL_ERROR_RT_CONTEXT_NULL);
    ck_assert_int_eq(aclrtDestroyStream(stream), ACL_SUCCESS);
}
END_TEST

/* ---- events ------------------------------------------------------------------------------------- */

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

START_TEST(test_event_misuse)
{
    aclrtEvent a = NULL, b = NULL;
    aclrtStream stream = NULL, dead = NULL;
    aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    float ms = -1.0f;
    ck_assert_int_eq(aclrtCreateEvent(NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtCreateEvent", "event");
    ck_assert_int_eq(aclrtCreateEventWithFlag(&a, 0x4), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtCreateEventWithFlag", "flag");
    ck_assert_int_eq(aclrtCreateEventWithFlag(&a, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateEvent(&b), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateStream(&stream), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateStream(&dead), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyStream(dead), ACL_SUCCESS);
    ck_assert_int_eq(aclrtQueryEventStatus(a, &st), ACL_SUCCESS);
    ck_assert_int_eq(st, ACL_EVENT_RECORDED_STATUS_NOT_READY);
    ck_assert_int_eq(aclrtQueryEventStatus(a, NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtSynchronizeEvent(a), ACL_SUCCESS);
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, a, b), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_MSG("aclrtEventElapsedTime", "startEvent");
    ck_assert_int_eq(aclrtRecordEvent(a, dead), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtRecordEvent", "stream");
    ck_assert_int_eq(aclrtQueryEventStatus(a, &st), ACL_SUCCESS);
    ck_assert_int_eq(st, ACL_EVENT_RECORDED_STATUS_NOT_READY); /* the refused record left it unrecorded */
    ck_assert_int_eq(aclrtRecordEvent(a, stream), ACL_SUCCESS);
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, a, b), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
    EXPECT_MSG("aclrtEventElapsedTime", "endEvent");
    ck_assert_int_eq(aclrtRecordEvent(b, NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclrtEventElapsedTime(NULL, a, b), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, b, a), ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL);
    ck_assert_float_eq(ms, -1.0f); /* untouched on failure */
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, a, a), ACL_SUCCESS);
    ck_assert_float_eq(ms, 0.0f);
    ck_assert_int_eq(aclrtRecordEvent(stream, stream), ACL_ERROR_INVALID_PARAM); /* a stream is not an event */
    EXPECT_MSG("aclrtRecordEvent", "event");
    ck_assert_int_eq(aclrtDestroyEvent(a), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyEvent(a), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtDestroyEvent", "event");
    ck_assert_int_eq(aclrtDestroyEvent(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtRecordEvent(a, stream), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtSynchronizeEvent(a), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtQueryEventStatus(a, &st), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, a, b), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtDestroyEvent(b), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyStream(stream), ACL_SUCCESS);
}
END_TEST

START_TEST(test_event_timing)
{
    aclrtEvent start = NULL, end = NULL;
    aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    float ms = -1.0f;
    ck_assert_int_eq(aclrtCreateEvent(&start), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateEvent(&end), ACL_SUCCESS);
    ck_assert_int_eq(aclrtRecordEvent(start, NULL), ACL_SUCCESS);
    sleep_ms(20);
    ck_assert_int_eq(aclrtRecordEvent(end, NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclrtQueryEventStatus(end, &st), ACL_SUCCESS);
    ck_assert_int_eq(st, ACL_EVENT_RECORDED_STATUS_COMPLETE);
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
    ck_assert_msg(ms >= 19.9f && ms < 2000.0f, "20 ms of sleep measured as %f ms", (double)ms);

    /* Kernels: phase 2 runs before the second record returns, so the events bracket it. 4M
     * elements of ELU exp mode take far more than a microsecond on any CPU. */
    const int64_t n = 1 << 22;
    float *go = calloc((size_t)n, sizeof *go), *x = calloc((size_t)n, sizeof *x), *gi = calloc((size_t)n, sizeof *gi);
    ck_assert(go && x && gi);
    for (int64_t i = 0; i < n; i++)
        x[i] = -(float)(i % 1000) / 100.0f;
    aclTensor *tGo = acpu_test_tensor(ACL_FLOAT, &n, 1, go), *tX = acpu_test_tensor(ACL_FLOAT, &n, 1, x);
    aclTensor *tGi = acpu_test_tensor(ACL_FLOAT, &n, 1, gi);
    aclScalar *one = acpu_test_scalar_f32(1.0f);
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(tGo, one, one, one, false, tX, tGi, &ws, &e), 0);
    void *w = ws ? malloc(ws) : NULL;
    ck_assert_int_eq(aclrtRecordEvent(start, NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclnnEluBackward(w, ws, e, NULL), 0);
    ck_assert_int_eq(aclrtRecordEvent(end, NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
    ck_assert_msg(ms > 0.001f, "a 4M-element kernel measured as %f ms", (double)ms);
    free(w);
    free(go);
    free(x);
    free(gi);
    aclDestroyTensor(tGo);
    aclDestroyTensor(tX);
    aclDestroyTensor(tGi);
    aclDestroyScalar(one);
    ck_assert_int_eq(aclrtDestroyEvent(start), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyEvent(end), ACL_SUCCESS);
}
END_TEST

/* ---- acl_base.h helpers --------------------------------------------------------------------------- */

/* Every flag CANN's acl_rt.h defines for aclrtCreateEventWithFlag is accepted, alone and combined;
 * ACL_EVENT_DEVICE_USE_ONLY (0x10) too, and the event still times (doc/BEHAVIOUR.md). */
START_TEST(test_event_flags)
{
#if !defined(ACL_EVENT_DEVICE_USE_ONLY) || ACL_EVENT_DEVICE_USE_ONLY != 0x10u
#error "ACL_EVENT_DEVICE_USE_ONLY must be a #define of 0x10, as in CANN's acl_rt.h"
#endif
    const uint32_t flags[] = {0u,
                              ACL_EVENT_SYNC,
                              ACL_EVENT_CAPTURE_STREAM_PROGRESS,
                              ACL_EVENT_TIME_LINE,
                              ACL_EVENT_DEVICE_USE_ONLY,
                              0x10u,
                              ACL_EVENT_EXTERNAL,
                              ACL_EVENT_IPC,
                              ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE,
                              0x7bu};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        aclrtEvent e = NULL;
        float ms = -1.0f;
        ck_assert_msg(aclrtCreateEventWithFlag(&e, flags[i]) == ACL_SUCCESS, "flag %#x: %s", (unsigned)flags[i],
                      aclGetRecentErrMsg());
        ck_assert_ptr_nonnull(e);
        ck_assert_int_eq(aclrtRecordEvent(e, NULL), ACL_SUCCESS);
        ck_assert_int_eq(aclrtSynchronizeEvent(e), ACL_SUCCESS);
        ck_assert_int_eq(aclrtEventElapsedTime(&ms, e, e), ACL_SUCCESS);
        ck_assert_float_eq(ms, 0.0f);
        ck_assert_int_eq(aclrtDestroyEvent(e), ACL_SUCCESS);
    }
    /* Bits CANN does not define: 0x4, 0x80 and above, also next to a valid one. */
    const uint32_t bad[] = {0x4u, 0x80u, 0x10u | 0x4u, 0x100u, 0x80000000u, 0xffffffffu};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aclrtEvent e = (aclrtEvent)0x1;
        ck_assert_int_eq(aclrtCreateEventWithFlag(&e, bad[i]), ACL_ERROR_INVALID_PARAM);
        EXPECT_MSG("aclrtCreateEventWithFlag", "ACL_EVENT_DEVICE_USE_ONLY (0x10)");
        ck_assert_ptr_eq(e, (aclrtEvent)0x1); /* untouched */
    }
    ck_assert_int_eq(aclrtCreateEventWithFlag(NULL, ACL_EVENT_DEVICE_USE_ONLY), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtCreateEventWithFlag", "event");
}
END_TEST

/* The runtime's codes are CANN's #defines from acl/error_codes/rt_error_codes.h (via acl_base.h):
 * usable in #if and as case labels, with CANN's values; the ACL codes stay static constants. */
#if !defined(ACL_ERROR_RT_PARAM_INVALID) || !defined(ACL_ERROR_RT_CONTEXT_NULL) || !defined(ACL_RT_SUCCESS)
#error "the ACL_ERROR_RT_* codes must be #defines"
#endif
#if ACL_ERROR_RT_PARAM_INVALID != 107000 || ACL_ERROR_RT_INVALID_DEVICEID != 107001 ||               \
    ACL_ERROR_RT_CONTEXT_NULL != 107002 || ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID != 107006 ||         \
    ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL != 107007 || ACL_ERROR_RT_FEATURE_NOT_SUPPORT != 207000 || \
    ACL_ERROR_RT_MEMORY_ALLOCATION != 207001 || ACL_ERROR_RT_INTERNAL_ERROR != 507000 ||             \
    ACL_ERROR_RT_STREAM_SYNC_TIMEOUT != 507046 || ACL_ERROR_RT_SYMBOL_NOT_FOUND != 507915
#error "ACL_ERROR_RT_* values differ from CANN's"
#endif
#include "acl/error_codes/rt_error_codes.h" /* CANN's path, includable on its own and twice */

static const char *rt_code_name(aclError rc)
{
    switch (rc) {
    case ACL_RT_SUCCESS: return "success";
    case ACL_ERROR_RT_PARAM_INVALID: return "param";
    case ACL_ERROR_RT_CONTEXT_NULL: return "context null";
    case ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID: return "timestamp invalid";
    case ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL: return "timestamp reversal";
    default: return "other";
    }
}

START_TEST(test_rt_error_codes)
{
    aclrtEvent a = NULL, b = NULL;
    float ms = 0.0f;
    ck_assert_int_eq(aclrtCreateEvent(&a), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateEvent(&b), ACL_SUCCESS);
    ck_assert_str_eq(rt_code_name(aclrtEventElapsedTime(&ms, a, b)), "timestamp invalid");
    ck_assert_int_eq(aclrtRecordEvent(b, NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclrtRecordEvent(a, NULL), ACL_SUCCESS);
    ck_assert_str_eq(rt_code_name(aclrtEventElapsedTime(&ms, a, b)), "timestamp reversal");
    ck_assert_str_eq(rt_code_name(aclrtEventElapsedTime(&ms, b, a)), "success");
    ck_assert_int_eq(aclrtDestroyEvent(a), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyEvent(b), ACL_SUCCESS);
    /* The ACL codes keep CANN's form (static const int) and values. */
    ck_assert_int_eq(ACL_ERROR_INVALID_PARAM, 100000);
    ck_assert_int_eq(ACL_ERROR_INVALID_RESOURCE_HANDLE, 200005);
    ck_assert_int_eq(ACL_ERROR_RT_FAILURE, 500003);
    ck_assert_int_eq(ACL_ERROR_PROFILING_FAILURE, 500005);
}
END_TEST

START_TEST(test_dtype_size_fp16)
{
    ck_assert_uint_eq(aclDataTypeSize(ACL_FLOAT), 4);
    ck_assert_uint_eq(aclDataTypeSize(ACL_FLOAT16), 2);
    ck_assert_uint_eq(aclDataTypeSize(ACL_BF16), 2);
    ck_assert_uint_eq(aclDataTypeSize(ACL_DOUBLE), 8);
    ck_assert_uint_eq(aclDataTypeSize(ACL_INT8), 1);
    ck_assert_uint_eq(aclDataTypeSize(ACL_BOOL), 1);
    ck_assert_uint_eq(aclDataTypeSize(ACL_INT64), 8);
    ck_assert_uint_eq(aclDataTypeSize(ACL_COMPLEX128), 16);
    ck_assert_uint_eq(aclDataTypeSize(ACL_DT_UNDEFINED), 0);
    ck_assert_uint_eq(aclDataTypeSize(ACL_STRING), 0);
    ck_assert_uint_eq(aclDataTypeSize((aclDataType)1000), 0);
    ck_assert_uint_eq(aclFloatToFloat16(1.0f), 0x3c00);
    ck_assert_uint_eq(aclFloatToFloat16(-0.0f), 0x8000);
    ck_assert_uint_eq(aclFloatToFloat16(65504.0f), 0x7bff);
    ck_assert_uint_eq(aclFloatToFloat16(65520.0f), 0x7c00);        /* halfway past the largest: to infinity */
    ck_assert_uint_eq(aclFloatToFloat16(0x1p-24f), 0x0001);        /* smallest subnormal */
    ck_assert_uint_eq(aclFloatToFloat16(1.0f + 0x1p-11f), 0x3c00); /* tie to even */
    ck_assert_uint_eq(aclFloatToFloat16(1.0f + 0x1p-10f + 0x1p-11f), 0x3c02);
    uint16_t nan16 = aclFloatToFloat16(NAN);
    ck_assert_uint_eq(nan16 & 0x7c00u, 0x7c00u);
    ck_assert_uint_ne(nan16 & 0x03ffu, 0u);
    ck_assert_float_eq(aclFloat16ToFloat(0x3555), 0.333251953125f);
    ck_assert_float_eq(aclFloat16ToFloat(0x0001), 0x1p-24f);
    ck_assert_float_eq(aclFloat16ToFloat(0xfc00), -INFINITY);
    ck_assert(isnan(aclFloat16ToFloat(0x7e00)));
}
END_TEST

/* ---- arrays and lists ---------------------------------------------------------------------------- */

START_TEST(test_arrays)
{
    int64_t ints[3] = {1, -2, 3};
    float floats[2] = {0.5f, 2.0f};
    bool bools[4] = {true, false, true, true};
    uint64_t size = 99;
    aclIntArray *ia = aclCreateIntArray(ints, 3);
    aclFloatArray *fa = aclCreateFloatArray(floats, 2);
    aclBoolArray *ba = aclCreateBoolArray(bools, 4);
    ck_assert(ia && fa && ba);
    ck_assert_int_eq(aclGetIntArraySize(ia, &size), ACLNN_SUCCESS);
    ck_assert_uint_eq(size, 3);
    ck_assert_int_eq(aclGetFloatArraySize(fa, &size), ACLNN_SUCCESS);
    ck_assert_uint_eq(size, 2);
    ck_assert_int_eq(aclGetBoolArraySize(ba, &size), ACLNN_SUCCESS);
    ck_assert_uint_eq(size, 4);
    aclIntArray *empty = aclCreateIntArray(NULL, 0);
    ck_assert_ptr_nonnull(empty);
    ck_assert_int_eq(aclGetIntArraySize(empty, &size), ACLNN_SUCCESS);
    ck_assert_uint_eq(size, 0);
    ck_assert_ptr_null(aclCreateIntArray(NULL, 2));
    EXPECT_MSG("aclCreateIntArray", "value");
    ck_assert_ptr_null(aclCreateFloatArray(floats, UINT64_MAX / 2));
    EXPECT_MSG("aclCreateFloatArray", "too large");
    ck_assert_ptr_null(aclCreateBoolArray(NULL, 1));
    ck_assert_int_eq(aclGetIntArraySize(NULL, &size), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetIntArraySize(ia, NULL), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_MSG("aclGetIntArraySize", "size");
    /* Wrong kinds: an int array is no float array, and a tensor-sized foreign pointer is nothing. */
    ck_assert_int_eq(aclGetFloatArraySize((const aclFloatArray *)ia, &size), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyFloatArray((const aclFloatArray *)ia), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclDestroyFloatArray", "aclFloatArray");
    ck_assert_int_eq(aclDestroyIntArray((const aclIntArray *)ints), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyIntArray(NULL), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyIntArray(ia), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyIntArray(ia), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclDestroyIntArray", "aclIntArray");
    ck_assert_int_eq(aclGetIntArraySize(ia, &size), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyIntArray(empty), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyBoolArray(ba), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyBoolArray(ba), ACLNN_ERR_PARAM_INVALID);
}
END_TEST

START_TEST(test_lists)
{
    float d[4] = {0};
    int64_t shape[1] = {4};
    aclTensor *t0 = acpu_test_tensor(ACL_FLOAT, shape, 1, d), *t1 = acpu_test_tensor(ACL_FLOAT, shape, 1, d);
    aclTensor *dead = acpu_test_tensor(ACL_FLOAT, shape, 1, d);
    ck_assert_int_eq(aclDestroyTensor(dead), ACLNN_SUCCESS);
    const aclTensor *with_dead[2] = {t0, dead};
    ck_assert_ptr_null(aclCreateTensorList(with_dead, 2));
    EXPECT_MSG("aclCreateTensorList", "value[1]");
    ck_assert_ptr_null(aclCreateTensorList(NULL, 1));
    const aclTensor *members[3] = {t0, NULL, t1}; /* NULL: an absent optional member */
    aclTensorList *list = aclCreateTensorList(members, 3);
    ck_assert_ptr_nonnull(list);
    uint64_t size = 0;
    ck_assert_int_eq(aclGetTensorListSize(list, &size), ACLNN_SUCCESS);
    ck_assert_uint_eq(size, 3);
    ck_assert_int_eq(aclDestroyTensor(t1), ACLNN_SUCCESS); /* the caller destroys one member early */
    ck_assert_int_eq(aclDestroyScalarList((const aclScalarList *)list), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyTensorList(list), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyTensor(t0), ACLNN_ERR_PARAM_INVALID); /* destroyed with the list */
    ck_assert_int_eq(aclDestroyTensorList(list), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclDestroyTensorList", "aclTensorList");
    ck_assert_int_eq(aclGetTensorListSize(list, &size), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyTensorList(NULL), ACLNN_SUCCESS);

    aclScalar *s0 = acpu_test_scalar_f32(1.0f), *s1 = acpu_test_scalar_f32(2.0f);
    const aclScalar *scalars[2] = {s0, s1};
    const aclScalar *not_scalars[1] = {(const aclScalar *)s0};
    aclScalarList *sl = aclCreateScalarList(scalars, 2);
    ck_assert_ptr_nonnull(sl);
    ck_assert_int_eq(aclGetScalarListSize(sl, &size), ACLNN_SUCCESS);
    ck_assert_uint_eq(size, 2);
    aclTensor *t2 = acpu_test_tensor(ACL_FLOAT, shape, 1, d);
    not_scalars[0] = (const aclScalar *)(const void *)t2; /* a tensor where a scalar belongs */
    ck_assert_ptr_null(aclCreateScalarList(not_scalars, 1));
    EXPECT_MSG("aclCreateScalarList", "aclScalar");
    ck_assert_int_eq(aclDestroyScalarList(sl), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyScalar(s0), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyScalar(s1), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyTensor(t2), ACLNN_SUCCESS);
    aclScalarList *empty = aclCreateScalarList(NULL, 0);
    ck_assert_ptr_nonnull(empty);
    ck_assert_int_eq(aclDestroyScalarList(empty), ACLNN_SUCCESS);
}
END_TEST

/* ---- executor address rebinding ------------------------------------------------------------------ */

typedef struct {
    float go[5], go2[5], x[5], x2[5], gi[5], gi2[5];
    aclTensor *tGo, *tX, *tGi;
    aclScalar *one;
    aclOpExecutor *e;
} rebind_fixture;

/* ELU result mode (gradInput = (x + 1) * gradOutput for x <= 0, gradOutput for x > 0) over views of
 * 4 elements at offset 1 in 5-element storage, repeatable. */
static void rebind_setup(rebind_fixture *f)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; i < 5; i++) {
        f->go[i] = 1.0f;
        f->go2[i] = 3.0f;
        f->x[i] = -0.5f;
        f->x2[i] = 2.0f;
    }
    int64_t view[1] = {4}, stride[1] = {1}, storage[1] = {5};
    f->tGo = aclCreateTensor(view, 1, ACL_FLOAT, stride, 1, ACL_FORMAT_ND, storage, 1, f->go);
    f->tX = aclCreateTensor(view, 1, ACL_FLOAT, stride, 1, ACL_FORMAT_ND, storage, 1, f->x);
    f->tGi = aclCreateTensor(view, 1, ACL_FLOAT, stride, 1, ACL_FORMAT_ND, storage, 1, f->gi);
    f->one = acpu_test_scalar_f32(1.0f);
    uint64_t ws = 0;
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(f->tGo, f->one, f->one, f->one, true, f->tX, f->tGi, &ws, &f->e),
                     0);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(f->e), 0);
}

static void rebind_teardown(rebind_fixture *f)
{
    ck_assert_int_eq(aclDestroyAclOpExecutor(f->e), 0);
    aclDestroyTensor(f->tGo);
    aclDestroyTensor(f->tX);
    aclDestroyTensor(f->tGi);
    aclDestroyScalar(f->one);
}

static void expect_values(const float *got, float first, float rest, const char *what)
{
    ck_assert_msg(got[0] == first, "%s: element 0 (outside the view) is %f, expected %f", what, (double)got[0],
                  (double)first);
    for (int i = 1; i < 5; i++)
        ck_assert_msg(got[i] == rest, "%s: element %d is %f, expected %f", what, i, (double)got[i], (double)rest);
}

START_TEST(test_rebind_runs)
{
    rebind_fixture f;
    rebind_setup(&f);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.e, NULL), 0);
    expect_values(f.gi, 0.0f, 0.5f, "run 1"); /* (-0.5 + 1) * 1 */
    ck_assert_int_eq(aclSetInputTensorAddr(f.e, 0, f.tGo, f.go2), 0);
    ck_assert_int_eq(aclSetOutputTensorAddr(f.e, 0, f.tGi, f.gi2), 0);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.e, NULL), 0);
    expect_values(f.gi2, 0.0f, 1.5f, "run 2, new gradOutput and gradInput"); /* (-0.5 + 1) * 3 */
    expect_values(f.gi, 0.0f, 0.5f, "the old gradInput after run 2");
    void *addr = NULL;
    ck_assert_int_eq(aclGetRawTensorAddr(f.tGo, &addr), 0);
    ck_assert_ptr_eq(addr, f.go2); /* the aclTensor follows, as in CANN */
    /* aclSetTensorAddr: inputs first (1 = selfOrResult), then outputs (2 = gradInput). */
    ck_assert_int_eq(aclSetTensorAddr(f.e, 1, f.tX, f.x2), 0);
    ck_assert_int_eq(aclSetTensorAddr(f.e, 2, f.tGi, f.gi), 0);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.e, NULL), 0);
    expect_values(f.gi, 0.0f, 3.0f, "run 3, new self"); /* x > 0: gradOutput * scale */
    rebind_teardown(&f);
}
END_TEST

START_TEST(test_rebind_misuse)
{
    rebind_fixture f;
    rebind_setup(&f);
    aclrtStream stream = NULL;
    ck_assert_int_eq(aclrtCreateStream(&stream), ACL_SUCCESS);
    ck_assert_int_eq(aclSetInputTensorAddr(NULL, 0, f.tGo, f.go2), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_MSG("aclSetInputTensorAddr", "executor");
    ck_assert_int_eq(aclSetInputTensorAddr(f.e, 0, NULL, f.go2), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_MSG("aclSetInputTensorAddr", "tensor");
    ck_assert_int_eq(aclSetInputTensorAddr(f.e, 2, f.tGo, f.go2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetInputTensorAddr", "index");
    ck_assert_int_eq(aclSetOutputTensorAddr(f.e, 1, f.tGi, f.gi2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetOutputTensorAddr", "index");
    ck_assert_int_eq(aclSetTensorAddr(f.e, 3, f.tGi, f.gi2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetTensorAddr", "got 3");
    ck_assert_int_eq(aclSetTensorAddr(f.e, SIZE_MAX, f.tGi, f.gi2), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclSetInputTensorAddr((aclOpExecutor *)stream, 0, f.tGo, f.go2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetInputTensorAddr", "executor");
    ck_assert_int_eq(aclSetInputTensorAddr(f.e, 0, (aclTensor *)stream, f.go2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetInputTensorAddr", "tensor");
    /* Nothing above changed the executor: run 1 as set up. */
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.e, NULL), 0);
    expect_values(f.gi, 0.0f, 0.5f, "after refused rebinds");
    expect_values(f.gi2, 0.0f, 0.0f, "the unused buffer");
    aclOpExecutor *e = f.e;
    rebind_teardown(&f);
    aclTensor *t = acpu_test_tensor(ACL_FLOAT, (const int64_t[]){4}, 1, f.go);
    ck_assert_int_eq(aclSetInputTensorAddr(e, 0, t, f.go2), ACLNN_ERR_PARAM_INVALID); /* destroyed executor */
    EXPECT_MSG("aclSetInputTensorAddr", "executor");
    ck_assert_int_eq(aclSetInputTensorAddr(e, 0, f.tGo, f.go2), ACLNN_ERR_PARAM_INVALID); /* destroyed tensor */
    ck_assert_int_eq(aclDestroyTensor(t), 0);
    ck_assert_int_eq(aclrtDestroyStream(stream), ACL_SUCCESS);
}
END_TEST

/* Rebinding recomputes every tensor's extent in checked arithmetic and refuses (161002) an extent
 * that does not fit 64 bits or wraps around the address space, rather than trusting the executor.
 * Phase 1 never plans such a view, so the test plants one in the executor's copy of a tensor's
 * geometry (white box: the planned call of ops/acpu_op_call.h). */
START_TEST(test_rebind_extent)
{
    static const struct {
        uint64_t last;
        size_t elem;
        const char *msg;
    } bad[] = {
        {UINT64_MAX, 4, "does not fit 64 bits"},     /* last + 1 overflows */
        {UINT64_MAX / 4, 8, "does not fit 64 bits"}, /* (last + 1) * elem_size overflows */
        {UINT64_MAX / 8 - 1, 8, "wraps around"},     /* fits 64 bits, not from the data address */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int slot = 0; slot < 3; slot++) { /* the input being moved, the other input, the output */
            rebind_fixture f;
            rebind_setup(&f);
            acpu_geom *g = &acpu_executor_op_call(f.e)->geom[slot];
            acpu_geom saved = *g;
            g->last = bad[i].last;
            g->elem_size = bad[i].elem;
            ck_assert_msg(aclSetInputTensorAddr(f.e, 0, f.tGo, f.go2) == ACLNN_ERR_PARAM_INVALID, "case %zu slot %d", i,
                          slot);
            EXPECT_MSG("aclSetInputTensorAddr", bad[i].msg);
            void *addr = NULL;
            ck_assert_int_eq(aclGetRawTensorAddr(f.tGo, &addr), 0);
            ck_assert_ptr_eq(addr, f.go); /* refused: nothing changed */
            *g = saved;
            ck_assert_int_eq(aclSetInputTensorAddr(f.e, 0, f.tGo, f.go2), 0); /* the real views pass */
            rebind_teardown(&f);
        }
    }
}
END_TEST

START_TEST(test_raw_addr)
{
    float a[4] = {0}, b[4] = {0};
    void *addr = NULL;
    aclTensor *t = acpu_test_tensor(ACL_FLOAT, (const int64_t[]){4}, 1, a);
    ck_assert_int_eq(aclGetRawTensorAddr(t, &addr), 0);
    ck_assert_ptr_eq(addr, a);
    ck_assert_int_eq(aclSetRawTensorAddr(t, b), 0);
    ck_assert_int_eq(aclGetRawTensorAddr(t, &addr), 0);
    ck_assert_ptr_eq(addr, b);
    ck_assert_int_eq(aclSetRawTensorAddr(NULL, b), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_MSG("aclSetRawTensorAddr", "tensor");
    ck_assert_int_eq(aclGetRawTensorAddr(t, NULL), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_MSG("aclGetRawTensorAddr", "addr");
    ck_assert_int_eq(aclGetRawTensorAddr(NULL, &addr), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclDestroyTensor(t), 0);
    ck_assert_int_eq(aclSetRawTensorAddr(t, a), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetRawTensorAddr", "tensor");
    ck_assert_int_eq(aclGetRawTensorAddr(t, &addr), ACLNN_ERR_PARAM_INVALID);
}
END_TEST

/* aclInitTensor: aclCreateTensor's checks on a live tensor; refused calls leave it as it was. */
static void expect_shape(const aclTensor *t, const int64_t *dims, uint64_t n, int64_t offset, aclDataType dt)
{
    int64_t *got = NULL;
    uint64_t got_n = 99;
    int64_t off = -1;
    aclDataType got_dt = ACL_DT_UNDEFINED;
    ck_assert_int_eq(aclGetViewShape(t, &got, &got_n), 0);
    ck_assert_uint_eq(got_n, n);
    for (uint64_t i = 0; i < n; i++)
        ck_assert_int_eq(got[i], dims[i]);
    free(got);
    ck_assert_int_eq(aclGetViewOffset(t, &off), 0);
    ck_assert_int_eq(off, offset);
    ck_assert_int_eq(aclGetDataType(t, &got_dt), 0);
    ck_assert_int_eq(got_dt, dt);
}

START_TEST(test_init_tensor)
{
    float a[8] = {0}, b[8] = {0};
    const int64_t dims4[1] = {4}, dims24[2] = {2, 4}, storage8[1] = {8};
    aclTensor *t = acpu_test_tensor(ACL_FLOAT, dims4, 1, a);
    ck_assert_ptr_nonnull(t);
    /* Success: every attribute replaced; stride NULL means row-major. */
    ck_assert_int_eq(aclInitTensor(t, dims24, 2, ACL_FLOAT16, NULL, 0, ACL_FORMAT_ND, storage8, 1, b), 0);
    expect_shape(t, dims24, 2, 0, ACL_FLOAT16);
    int64_t *strides = NULL;
    uint64_t nstrides = 0;
    ck_assert_int_eq(aclGetViewStrides(t, &strides, &nstrides), 0);
    ck_assert_uint_eq(nstrides, 2);
    ck_assert_int_eq(strides[0], 4);
    ck_assert_int_eq(strides[1], 1);
    free(strides);
    void *addr = NULL;
    ck_assert_int_eq(aclGetRawTensorAddr(t, &addr), 0);
    ck_assert_ptr_eq(addr, b);
    const int64_t stride41[1] = {1};
    ck_assert_int_eq(aclInitTensor(t, dims4, 1, ACL_FLOAT, stride41, 3, ACL_FORMAT_ND, storage8, 1, a), 0);
    expect_shape(t, dims4, 1, 3, ACL_FLOAT);

    /* Misuse: each refused with aclCreateTensor's rule, the tensor unchanged. */
    ck_assert_int_eq(aclInitTensor(NULL, dims4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_MSG("aclInitTensor", "tensor");
    ck_assert_int_eq(aclInitTensor(t, NULL, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "viewDims");
    ck_assert_int_eq(aclInitTensor(t, dims4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "storageDims");
    ck_assert_int_eq(aclInitTensor(t, dims4, 1, ACL_FLOAT, NULL, -1, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "offset");
    const int64_t negative[2] = {2, -1};
    ck_assert_int_eq(aclInitTensor(t, negative, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "viewDims[1]");
    ck_assert_int_eq(aclInitTensor(t, dims24, 2, ACL_FLOAT, negative, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "stride[1]");
    int64_t many[65];
    for (int i = 0; i < 65; i++)
        many[i] = 1;
    ck_assert_int_eq(aclInitTensor(t, many, 65, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "64 dims");
    /* The exact-size rule (acpu_dims_fit): {2^32, 2^32} and {0, 2^62, 2^62} refused, {INT64_MAX, 1} not. */
    const int64_t big[2] = {INT64_C(1) << 32, INT64_C(1) << 32}, big0[3] = {0, INT64_C(1) << 62, INT64_C(1) << 62};
    ck_assert_int_eq(aclInitTensor(t, big, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "viewDims[1]");
    ck_assert_int_eq(aclInitTensor(t, dims4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, big0, 3, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "storageDims[2]");
    expect_shape(t, dims4, 1, 3, ACL_FLOAT); /* nothing above changed it */
    const int64_t max1[2] = {INT64_MAX, 1};
    ck_assert_int_eq(aclInitTensor(t, max1, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, max1, 2, NULL), 0);
    expect_shape(t, max1, 2, 0, ACL_FLOAT);

    /* Handles: a destroyed tensor or another kind of handle is refused, never written. */
    aclrtStream stream = NULL;
    ck_assert_int_eq(aclrtCreateStream(&stream), ACL_SUCCESS);
    ck_assert_int_eq(aclInitTensor((aclTensor *)stream, dims4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "not a live aclTensor");
    ck_assert_int_eq(aclrtDestroyStream(stream), ACL_SUCCESS);
    ck_assert_int_eq(aclDestroyTensor(t), 0);
    ck_assert_int_eq(aclInitTensor(t, dims4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage8, 1, a),
                     ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclInitTensor", "not a live aclTensor");
}
END_TEST

/* A re-initialised tensor feeds phase 1 like a new one: the operator sees the new shape and data. */
START_TEST(test_init_tensor_runs)
{
    float go[4] = {1, 1, 1, 1}, x[4] = {-0.5f, -0.5f, 2.0f, 2.0f}, gi[4] = {0};
    const int64_t d1[1] = {1}, d4[1] = {4};
    aclTensor *tGo = acpu_test_tensor(ACL_FLOAT, d1, 1, go);
    aclTensor *tX = acpu_test_tensor(ACL_FLOAT, d1, 1, x);
    aclTensor *tGi = acpu_test_tensor(ACL_FLOAT, d1, 1, gi);
    aclScalar *one = acpu_test_scalar_f32(1.0f);
    ck_assert_int_eq(aclInitTensor(tGo, d4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, d4, 1, go), 0);
    ck_assert_int_eq(aclInitTensor(tX, d4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, d4, 1, x), 0);
    ck_assert_int_eq(aclInitTensor(tGi, d4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, d4, 1, gi), 0);
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(tGo, one, one, one, true, tX, tGi, &ws, &e), 0);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, e, NULL), 0);
    ck_assert(gi[0] == 0.5f && gi[1] == 0.5f && gi[2] == 1.0f && gi[3] == 1.0f);
    /* A storage too small for the new view is the operator's to refuse (161002), as for a new tensor. */
    const int64_t d2[1] = {2};
    ck_assert_int_eq(aclInitTensor(tGi, d4, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, d2, 1, gi), 0);
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(tGo, one, one, one, true, tX, tGi, &ws, &e),
                     ACLNN_ERR_PARAM_INVALID);
    aclDestroyTensor(tGo);
    aclDestroyTensor(tX);
    aclDestroyTensor(tGi);
    aclDestroyScalar(one);
}
END_TEST

/* aclSetDynamic*TensorAddr: CANN's argument checks, then 161002 because neither operator takes a
 * tensor list; nothing changes, not even the member's address. */
START_TEST(test_dynamic_addr)
{
    typedef aclnnStatus (*dyn_fn)(aclOpExecutor *, size_t, const size_t, aclTensorList *, void *);
    const dyn_fn fns[3] = {aclSetDynamicInputTensorAddr, aclSetDynamicOutputTensorAddr, aclSetDynamicTensorAddr};
    const char *names[3] = {"aclSetDynamicInputTensorAddr", "aclSetDynamicOutputTensorAddr", "aclSetDynamicTensorAddr"};
    rebind_fixture f;
    rebind_setup(&f);
    float m0[4] = {0}, m1[4] = {0};
    const int64_t d4[1] = {4};
    const aclTensor *members[3] = {acpu_test_tensor(ACL_FLOAT, d4, 1, m0), NULL,
                                   acpu_test_tensor(ACL_FLOAT, d4, 1, m1)};
    aclTensorList *list = aclCreateTensorList(members, 3);
    ck_assert_ptr_nonnull(list);
    aclIntArray *ints = aclCreateIntArray((const int64_t[]){1}, 1);
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(fns[k](NULL, 0, 0, list, f.go2), ACLNN_ERR_INNER_NULLPTR);
        EXPECT_MSG(names[k], "executor");
        ck_assert_int_eq(fns[k](f.e, 0, 0, NULL, f.go2), ACLNN_ERR_INNER_NULLPTR);
        EXPECT_MSG(names[k], "tensors");
        ck_assert_int_eq(fns[k](f.e, 0, 3, list, f.go2), ACLNN_ERR_PARAM_INVALID);
        EXPECT_MSG(names[k], "relativeIndex 3");
        ck_assert_int_eq(fns[k](f.e, 0, SIZE_MAX, list, f.go2), ACLNN_ERR_PARAM_INVALID);
        EXPECT_MSG(names[k], "relativeIndex");
        ck_assert_int_eq(fns[k](f.e, 0, 1, list, f.go2), ACLNN_ERR_INNER_NULLPTR); /* an absent member */
        EXPECT_MSG(names[k], "tensors[1]");
        ck_assert_int_eq(fns[k](f.e, 0, 0, (aclTensorList *)ints, f.go2), ACLNN_ERR_PARAM_INVALID);
        EXPECT_MSG(names[k], "not a live aclTensorList");
        ck_assert_int_eq(fns[k]((aclOpExecutor *)list, 0, 0, list, f.go2), ACLNN_ERR_PARAM_INVALID);
        EXPECT_MSG(names[k], "executor");
        /* Valid arguments: the operator has no tensor-list argument. */
        for (size_t ir = 0; ir < 3; ir++) {
            ck_assert_int_eq(fns[k](f.e, ir, 2, list, f.go2), ACLNN_ERR_PARAM_INVALID);
            EXPECT_MSG(names[k], "takes no aclTensorList");
            EXPECT_MSG(names[k], "EluBackward");
        }
    }
    void *addr = NULL;
    ck_assert_int_eq(aclGetRawTensorAddr(members[0], &addr), 0);
    ck_assert_ptr_eq(addr, m0); /* unchanged by the refused calls */
    ck_assert_int_eq(aclGetRawTensorAddr(members[2], &addr), 0);
    ck_assert_ptr_eq(addr, m1);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.e, NULL), 0); /* the executor runs as planned */
    expect_values(f.gi, 0.0f, 0.5f, "after refused dynamic rebinds");
    /* A member the caller destroyed, then a destroyed list and executor. */
    ck_assert_int_eq(aclDestroyTensor(members[2]), 0);
    ck_assert_int_eq(aclSetDynamicInputTensorAddr(f.e, 0, 2, list, f.go2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetDynamicInputTensorAddr", "tensors[2]");
    ck_assert_int_eq(aclDestroyTensorList(list), 0);
    ck_assert_int_eq(aclSetDynamicInputTensorAddr(f.e, 0, 0, list, f.go2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetDynamicInputTensorAddr", "tensors");
    aclOpExecutor *dead = f.e;
    rebind_teardown(&f);
    const aclTensor *one_member[1] = {acpu_test_tensor(ACL_FLOAT, d4, 1, m0)};
    list = aclCreateTensorList(one_member, 1);
    ck_assert_int_eq(aclSetDynamicOutputTensorAddr(dead, 0, 0, list, f.go2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclSetDynamicOutputTensorAddr", "executor");
    ck_assert_int_eq(aclDestroyTensorList(list), 0);
    ck_assert_int_eq(aclDestroyIntArray(ints), 0);
}
END_TEST

static Suite *runtime_ext_suite(void)
{
    Suite *s = suite_create("runtime_ext");
    TCase *rt = tcase_create("runtime");
    tcase_add_test(rt, test_device_info);
    tcase_add_test(rt, test_soc_name);
    tcase_add_test(rt, test_mem_info);
    tcase_add_test(rt, test_async_memory);
    tcase_add_test(rt, test_contexts);
    tcase_add_test(rt, test_event_misuse);
    tcase_add_test(rt, test_event_timing);
    tcase_add_test(rt, test_event_flags);
    tcase_add_test(rt, test_rt_error_codes);
    suite_add_tcase(s, rt);
    TCase *meta = tcase_create("meta");
    tcase_add_test(meta, test_dtype_size_fp16);
    tcase_add_test(meta, test_arrays);
    tcase_add_test(meta, test_lists);
    tcase_add_test(meta, test_rebind_runs);
    tcase_add_test(meta, test_rebind_misuse);
    tcase_add_test(meta, test_rebind_extent);
    tcase_add_test(meta, test_raw_addr);
    tcase_add_test(meta, test_init_tensor);
    tcase_add_test(meta, test_init_tensor_runs);
    tcase_add_test(meta, test_dynamic_addr);
    suite_add_tcase(s, meta);
    return s;
}

int main(void) { return acpu_test_main(runtime_ext_suite()); }
