/* Events with host timestamps. Streams are synchronous: when aclrtRecordEvent runs, every earlier
 * piece of work on the stream has finished, so the event completes at once and its timestamp
 * (CLOCK_MONOTONIC) is the time that work ended. Timing code written for CANN (record, run,
 * record, synchronize, elapsed time) therefore measures the kernels it brackets.
 * Fields are read and written under the registry lock, after the liveness check, so a handle
 * destroyed by another thread is never dereferenced. */
#include <stdlib.h>
#include <time.h>

#include "acpu_runtime.h"

#define ACPU_EVENT_FLAGS                                                                                    \
    (ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE | ACL_EVENT_DEVICE_USE_ONLY | \
     ACL_EVENT_EXTERNAL | ACL_EVENT_IPC)

typedef struct {
    uint32_t flags;
    bool recorded;
    uint64_t ns; /* CLOCK_MONOTONIC at the last record */
} acpu_event;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static aclError dead_event(const char *api, const char *arg, aclrtEvent event)
{
    acpu_set_error("%s: %s %p is not a live event (NULL, destroyed, or never created)", api, arg, event);
    return ACL_ERROR_INVALID_PARAM;
}

ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag)
{
    if (event == NULL) {
        acpu_set_error("aclrtCreateEventWithFlag: event must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    if ((flag & ~ACPU_EVENT_FLAGS) != 0) {
        acpu_set_error(
            "aclrtCreateEventWithFlag: flag must combine ACL_EVENT_SYNC (0x1), "
            "ACL_EVENT_CAPTURE_STREAM_PROGRESS (0x2), ACL_EVENT_TIME_LINE (0x8), ACL_EVENT_DEVICE_USE_ONLY (0x10), "
            "ACL_EVENT_EXTERNAL (0x20) and ACL_EVENT_IPC (0x40), got %#x",
            (unsigned)flag);
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_event *e = calloc(1, sizeof *e);
    if (e == NULL || !acpu_registry_add(e, ACPU_HANDLE_EVENT)) {
        free(e);
        acpu_set_error("aclrtCreateEventWithFlag: out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    e->flags = flag;
    *event = e;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent *event)
{
    if (event == NULL) {
        acpu_set_error("aclrtCreateEvent: event must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    return aclrtCreateEventWithFlag(event, ACL_EVENT_TIME_LINE);
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event)
{
    return acpu_registry_destroy(event, ACPU_HANDLE_EVENT) ? ACL_SUCCESS
                                                           : dead_event("aclrtDestroyEvent", "event", event);
}

ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream)
{
    uint64_t t = now_ns();
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(event, ACPU_HANDLE_EVENT);
    bool stream_ok = stream == NULL || acpu_registry_contains_locked(stream, ACPU_HANDLE_STREAM);
    if (live && stream_ok) {
        acpu_event *e = event;
        e->recorded = true;
        e->ns = t;
    }
    acpu_registry_unlock();
    if (!live)
        return dead_event("aclrtRecordEvent", "event", event);
    if (!stream_ok) {
        acpu_set_error("aclrtRecordEvent: stream %p is not a live stream (destroyed or never created)", stream);
        return ACL_ERROR_INVALID_PARAM;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event)
{
    /* Nothing is ever pending: a live event (recorded or not) is complete. */
    return acpu_registry_contains(event, ACPU_HANDLE_EVENT) ? ACL_SUCCESS
                                                            : dead_event("aclrtSynchronizeEvent", "event", event);
}

ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status)
{
    if (status == NULL) {
        acpu_set_error("aclrtQueryEventStatus: status must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(event, ACPU_HANDLE_EVENT);
    bool recorded = live && ((const acpu_event *)event)->recorded;
    acpu_registry_unlock();
    if (!live)
        return dead_event("aclrtQueryEventStatus", "event", event);
    *status = recorded ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

/* Reads a live, recorded event's timestamp; the caller holds the registry lock. */
static aclError timestamp_locked(const char *arg, aclrtEvent event, uint64_t *ns)
{
    if (!acpu_registry_contains_locked(event, ACPU_HANDLE_EVENT))
        return dead_event("aclrtEventElapsedTime", arg, event);
    const acpu_event *e = event;
    if (!e->recorded) {
        acpu_set_error("aclrtEventElapsedTime: %s %p was never recorded (call aclrtRecordEvent first)", arg, event);
        return ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
    }
    *ns = e->ns;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent)
{
    if (ms == NULL) {
        acpu_set_error("aclrtEventElapsedTime: ms must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    uint64_t t0 = 0, t1 = 0;
    acpu_registry_lock();
    aclError rc = timestamp_locked("startEvent", startEvent, &t0);
    if (rc == ACL_SUCCESS)
        rc = timestamp_locked("endEvent", endEvent, &t1);
    acpu_registry_unlock();
    if (rc != ACL_SUCCESS)
        return rc;
    if (t1 < t0) {
        acpu_set_error("aclrtEventElapsedTime: endEvent %p was recorded before startEvent %p (%.6f ms earlier)",
                       endEvent, startEvent, (double)(t0 - t1) * 1e-6);
        return ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL;
    }
    *ms = (float)((double)(t1 - t0) * 1e-6);
    return ACL_SUCCESS;
}
