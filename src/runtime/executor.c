/* aclOpExecutor: a planned call, phase 2 (CommonOpExecutorRun) and the repeatable/destroy API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acpu_runtime.h"

aclOpExecutor *acpu_executor_create(const acpu_op_call *call)
{
    aclOpExecutor *e = calloc(1, sizeof *e);
    if (e == NULL || !acpu_registry_add(e, ACPU_HANDLE_EXECUTOR)) {
        free(e);
        acpu_set_error("%s: cannot create the executor (out of memory)", call->op_name);
        return NULL;
    }
    e->call = *call;
    e->call.task.params = e->call.params;
    return e;
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static void run_call(const acpu_op_call *call, void *workspace)
{
    bool verbose = acpu_verbose();
    double t0 = verbose ? now_us() : 0.0;
    if (!call->empty)
        acpu_engine_run(&call->plan, &call->task, call->threads, workspace);
    if (verbose)
        fprintf(stderr, "aclnn_cpu: exec op=%s %s threads=%u time_us=%.1f\n", call->op_name, call->detail,
                call->threads, now_us() - t0);
}

/* Phase 1 left the executor registered; a non-repeatable one is unregistered before it runs, so a
 * second run (or a racing one) finds it gone and is refused. */
aclnnStatus acpu_executor_run(const char *api, void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                              aclrtStream stream)
{
    if (executor == NULL) {
        acpu_set_error("%s: executor must not be NULL", api);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (!acpu_registry_contains(executor, ACPU_HANDLE_EXECUTOR)) {
        acpu_set_error("%s: executor %p is not live (already run without aclSetAclOpExecutorRepeatable, destroyed, "
                       "or not an executor)", api, (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspace_size > 0 && workspace == NULL) {
        acpu_set_error("%s: workspace is NULL but workspaceSize is %llu", api, (unsigned long long)workspace_size);
        if (!executor->repeatable)
            acpu_registry_destroy(executor, ACPU_HANDLE_EXECUTOR);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (workspace_size < executor->call.workspace_size) {
        acpu_set_error("%s: workspaceSize must be at least %llu (from phase 1), got %llu", api,
                       (unsigned long long)executor->call.workspace_size, (unsigned long long)workspace_size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!acpu_stream_is_valid(stream)) {
        acpu_set_error("%s: stream %p is not a live stream", api, stream);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (executor->repeatable) {
        run_call(&executor->call, workspace);
        return ACLNN_SUCCESS;
    }
    if (!acpu_registry_remove(executor, ACPU_HANDLE_EXECUTOR)) {
        acpu_set_error("%s: executor %p was run or destroyed concurrently", api, (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    run_call(&executor->call, workspace);
    acpu_registry_release(executor);
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    if (executor == NULL) {
        acpu_set_error("aclSetAclOpExecutorRepeatable: executor must not be NULL");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (!acpu_registry_contains(executor, ACPU_HANDLE_EXECUTOR)) {
        acpu_set_error("aclSetAclOpExecutorRepeatable: executor %p is not live (already run, destroyed, or not an "
                       "executor)", (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    executor->repeatable = true;
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    if (executor == NULL) {
        acpu_set_error("aclDestroyAclOpExecutor: executor must not be NULL");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (acpu_registry_destroy(executor, ACPU_HANDLE_EXECUTOR))
        return ACLNN_SUCCESS;
    acpu_set_error("aclDestroyAclOpExecutor: executor %p is not live (already run, destroyed, or not an executor)",
                   (void *)executor);
    return ACLNN_ERR_PARAM_INVALID;
}
