/* Device facts and the asynchronous runtime calls. The CPU is the one device, so the counts and
 * modes are constants; "asynchronous" work runs at once because streams are synchronous (README),
 * which is why the *Async calls only add a stream check to their synchronous twins. */
#include <unistd.h>

#include "settings/acpu_settings.h" /* the active profile (aclrtGetSocName) */
#include "common/acpu_half.h"
#include "runtime/acpu_runtime.h"
#include "tiling/acpu_platform.h"

ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (runMode == NULL) {
        acpu_set_error("aclrtGetRunMode: runMode must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    /* ACL_HOST: the program runs on a host with the "device" attached, so CANN programs take their
     * usual host -> device copy path, which is correct here (device memory is host memory). */
    *runMode = ACL_HOST;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (count == NULL) {
        acpu_set_error("aclrtGetDeviceCount: count must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    *count = 1;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void) { return ACL_SUCCESS; /* nothing is ever pending */ }

ACL_FUNC_VISIBILITY const char *aclrtGetSocName(void)
{
    acpu_settings s;
    acpu_settings_get(&s);
    return acpu_soc_name(s.platform.soc); /* static strings: valid for the life of the process */
}

/* Physical memory of the host as sysconf reports it; false when it cannot tell. */
static bool host_memory(size_t *free_bytes, size_t *total_bytes)
{
    long page = sysconf(_SC_PAGESIZE), total = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES);
    size_t t, f;
    if (page <= 0 || total <= 0 || avail < 0 || __builtin_mul_overflow((size_t)total, (size_t)page, &t) ||
        __builtin_mul_overflow((size_t)avail, (size_t)page, &f))
        return false;
    *total_bytes = t;
    *free_bytes = f;
    return true;
}

ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *freeBytes, size_t *totalBytes)
{
    if ((unsigned)attr > ACL_HBM_MEM_P2P_HUGE1G) {
        acpu_set_error("aclrtGetMemInfo: attr must be an aclrtMemAttr value (0..11), got %d", (int)attr);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (freeBytes == NULL || totalBytes == NULL) {
        acpu_set_error("aclrtGetMemInfo: %s must not be NULL", freeBytes == NULL ? "free" : "total");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!host_memory(freeBytes, totalBytes)) {
        acpu_set_error("aclrtGetMemInfo: the host's memory size is unknown (sysconf failed)");
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    }
    return ACL_SUCCESS;
}

static aclError check_stream(const char *api, aclrtStream stream)
{
    if (acpu_stream_is_valid(stream))
        return ACL_SUCCESS;
    acpu_set_error("%s: stream %p is not a live stream (destroyed or never created)", api, stream);
    return ACL_ERROR_INVALID_PARAM;
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout)
{
    if (timeout != -1 && timeout <= 0) {
        acpu_set_error("aclrtSynchronizeStreamWithTimeout: timeout must be -1 (wait forever) or > 0 ms, got %d",
                       (int)timeout);
        return ACL_ERROR_INVALID_PARAM;
    }
    return check_stream("aclrtSynchronizeStreamWithTimeout", stream);
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream)
{
    aclError rc = check_stream("aclrtMemcpyAsync", stream);
    return rc != ACL_SUCCESS ? rc : acpu_memcpy_checked("aclrtMemcpyAsync", dst, destMax, src, count, kind);
}

ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream)
{
    aclError rc = check_stream("aclrtMemsetAsync", stream);
    return rc != ACL_SUCCESS ? rc : acpu_memset_checked("aclrtMemsetAsync", devPtr, maxCount, value, count);
}

/* ---- acl_base.h helpers ---- */

ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType) { return acpu_dtype_size(dataType); }

ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value) { return acpu_f32_to_f16(value); }

ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value) { return acpu_f16_to_f32(value); }
