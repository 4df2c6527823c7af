/* Contexts. The CPU device has one default context, which exists while aclrtSetDevice(0) is in
 * effect and cannot be destroyed; aclrtCreateContext adds registered ones. A context holds no state
 * the library uses (work never depends on it): it is tracked so that CANN programs that create,
 * switch and destroy contexts get CANN's answers, and a stale one is refused. */
#include <stdlib.h>

#include "acpu_runtime.h"

typedef struct {
    int32_t device;
} acpu_context;

static acpu_context default_context;       /* never registered: not destroyable */
static _Thread_local aclrtContext current; /* set by create / set; checked when read */

static bool context_is_live(aclrtContext ctx)
{
    if (ctx == (aclrtContext)&default_context)
        return acpu_device_is_set();
    return acpu_registry_contains(ctx, ACPU_HANDLE_CONTEXT);
}

ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    if (context == NULL) {
        acpu_set_error("aclrtCreateContext: context must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (deviceId != 0) {
        acpu_set_error("aclrtCreateContext: deviceId must be 0 (the CPU is the only device), got %d", (int)deviceId);
        return ACL_ERROR_INVALID_DEVICE;
    }
    acpu_context *c = calloc(1, sizeof *c);
    if (c == NULL || !acpu_registry_add(c, ACPU_HANDLE_CONTEXT)) {
        free(c);
        acpu_set_error("aclrtCreateContext: out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    *context = c;
    current = c; /* as in CANN: the new context becomes the calling thread's current one */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context)
{
    if (context == (aclrtContext)&default_context) {
        acpu_set_error("aclrtDestroyContext: context %p is the device's default context (aclrtResetDevice "
                       "releases it)",
                       context);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!acpu_registry_destroy(context, ACPU_HANDLE_CONTEXT)) {
        acpu_set_error("aclrtDestroyContext: context %p is not a live context (NULL, destroyed, or never created)",
                       context);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (current == context)
        current = NULL;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context)
{
    if (!context_is_live(context)) {
        acpu_set_error("aclrtSetCurrentContext: context %p is not a live context (NULL, destroyed, never created, "
                       "or the default context of a reset device)",
                       context);
        return ACL_ERROR_INVALID_PARAM;
    }
    current = context;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext *context)
{
    if (context == NULL) {
        acpu_set_error("aclrtGetCurrentContext: context must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    /* A context destroyed by another thread, or a default context whose device was reset, is no
     * longer current; the device's default context stands in while a device is set. */
    aclrtContext ctx = current != NULL && context_is_live(current) ? current : NULL;
    if (ctx == NULL && acpu_device_is_set())
        ctx = &default_context;
    if (ctx == NULL) {
        acpu_set_error("aclrtGetCurrentContext: the calling thread has no context (call aclrtSetDevice(0) or "
                       "aclrtCreateContext first)");
        return ACL_ERROR_RT_CONTEXT_NULL;
    }
    *context = ctx;
    return ACL_SUCCESS;
}
