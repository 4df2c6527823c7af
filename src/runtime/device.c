/* aclInit/aclFinalize, the single CPU "device" 0, and streams. Streams are tagged heap objects;
 * work runs synchronously in phase 2, so synchronizing only validates the handle. */
#include <pthread.h>
#include <stdlib.h>

#include "acpu_runtime.h"

typedef struct {
    int unused;
} acpu_stream;

static pthread_mutex_t device_lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static bool device_set;

ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath)
{
    (void)configPath; /* no configuration is read on the CPU */
    pthread_mutex_lock(&device_lock);
    bool again = initialized;
    initialized = true;
    pthread_mutex_unlock(&device_lock);
    if (again) {
        acpu_set_error("aclInit: already initialized (call aclFinalize first)");
        return ACL_ERROR_REPEAT_INITIALIZE;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclFinalize(void)
{
    pthread_mutex_lock(&device_lock);
    bool was = initialized;
    initialized = false;
    pthread_mutex_unlock(&device_lock);
    if (!was) {
        acpu_set_error("aclFinalize: not initialized (aclInit was not called, or aclFinalize ran already)");
        return ACL_ERROR_REPEAT_FINALIZE;
    }
    return ACL_SUCCESS;
}

ACLNN_API aclnnStatus aclnnInit(const char *configPath)
{
    (void)configPath;
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclnnFinalize(void) { return ACLNN_SUCCESS; }

static aclError check_device_id(const char *api, int32_t deviceId)
{
    if (deviceId == 0)
        return ACL_SUCCESS;
    acpu_set_error("%s: deviceId must be 0 (the CPU is the only device), got %d", api, (int)deviceId);
    return ACL_ERROR_INVALID_DEVICE;
}

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId)
{
    aclError rc = check_device_id("aclrtSetDevice", deviceId);
    if (rc == ACL_SUCCESS) {
        pthread_mutex_lock(&device_lock);
        device_set = true;
        pthread_mutex_unlock(&device_lock);
    }
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId)
{
    aclError rc = check_device_id("aclrtResetDevice", deviceId);
    if (rc == ACL_SUCCESS) {
        pthread_mutex_lock(&device_lock);
        device_set = false;
        pthread_mutex_unlock(&device_lock);
    }
    return rc;
}

bool acpu_device_is_set(void)
{
    pthread_mutex_lock(&device_lock);
    bool set = device_set;
    pthread_mutex_unlock(&device_lock);
    return set;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t *deviceId)
{
    if (deviceId == NULL) {
        acpu_set_error("aclrtGetDevice: deviceId must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&device_lock);
    bool set = device_set;
    pthread_mutex_unlock(&device_lock);
    if (!set) {
        acpu_set_error("aclrtGetDevice: no device is set (call aclrtSetDevice(0) first)");
        return ACL_ERROR_INVALID_DEVICE;
    }
    *deviceId = 0;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream *stream)
{
    if (stream == NULL) {
        acpu_set_error("aclrtCreateStream: stream must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_stream *s = calloc(1, sizeof *s);
    if (s == NULL || !acpu_registry_add(s, ACPU_HANDLE_STREAM)) {
        free(s);
        acpu_set_error("aclrtCreateStream: out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    *stream = s;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream)
{
    if (acpu_registry_destroy(stream, ACPU_HANDLE_STREAM))
        return ACL_SUCCESS;
    acpu_set_error("aclrtDestroyStream: stream %p is not a live stream (NULL, destroyed, or never created)", stream);
    return ACL_ERROR_INVALID_PARAM;
}

/* Streams are never dereferenced, only checked: each thread remembers the last stream it found live
 * and trusts it, without the registry lock, until some stream is destroyed. A check that races the
 * destroy of its stream counts as before it, as under the lock. */
bool acpu_stream_is_valid(aclrtStream stream)
{
    static _Thread_local struct {
        aclrtStream stream;
        uint64_t destroys;
    } last;
    if (stream == NULL)
        return true;
    uint64_t destroys = acpu_registry_destroys(ACPU_HANDLE_STREAM);
    if (stream == last.stream && destroys == last.destroys)
        return true;
    if (!acpu_registry_contains(stream, ACPU_HANDLE_STREAM))
        return false;
    last.stream = stream;
    last.destroys = destroys;
    return true;
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream)
{
    if (!acpu_stream_is_valid(stream)) {
        acpu_set_error("aclrtSynchronizeStream: stream %p is not a live stream (destroyed or never created)", stream);
        return ACL_ERROR_INVALID_PARAM;
    }
    return ACL_SUCCESS;
}
