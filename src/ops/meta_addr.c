/* Data addresses: aclSetInputTensorAddr / aclSetOutputTensorAddr / aclSetTensorAddr rebind an
 * executor's tensors to new memory between runs (aclSetRawTensorAddr / aclGetRawTensorAddr, which
 * touch the aclTensor alone, are runtime/tensor.c's).
 *
 * An executor keeps its own copies of the views (acpu_view, data already advanced by the view
 * offset, data_offset bytes past the tensor's storage address) and each tensor's geometry (the
 * overlap rule's view of it), so rebinding sets the aclTensor (as CANN does) and both copies. Index
 * semantics are CANN's: inputs and outputs numbered separately, in the operator's input order;
 * aclSetTensorAddr numbers the inputs first, then the output. At the new address the view must not
 * wrap around the address space and phase 1's overlap rule must hold (acpu_check_overlap, the same
 * function phase 1 calls). Everything happens under the registry lock after the liveness checks, so
 * neither handle can die in between. The tensor-list forms (aclSetDynamic*TensorAddr) check their
 * arguments and refuse: no operator here takes a tensor list. */
#include <string.h>

#include "common/acpu_checked.h"
#include "ops/acpu_op_call.h" /* the operator layer: it sees the executor's planned call (runtime cannot) */

#define ACPU_CALL_OUTPUTS 1u

/* Tensor k of the call: inputs first, then the output. */
static acpu_view *task_view(acpu_op_call *call, size_t k)
{
    return k < (size_t)call->task.n_in ? &call->task.in[k] : &call->task.out;
}

/* `first`: the number aclSetTensorAddr gives the first tensor of this group (0 or the input count),
 * so that a message quotes the caller's index. */
static aclnnStatus check_rebind_locked(const char *api, const aclOpExecutor *executor, bool input, size_t index,
                                       size_t first, const aclTensor *tensor)
{
    if (!acpu_registry_contains_locked(tensor, ACPU_HANDLE_TENSOR)) {
        acpu_set_error("%s: tensor %p is not a live aclTensor (destroyed, or never created)", api,
                       (const void *)tensor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!acpu_registry_contains_locked(executor, ACPU_HANDLE_EXECUTOR)) {
        acpu_set_error("%s: executor %p is not live (already run without aclSetAclOpExecutorRepeatable, destroyed, "
                       "or not an executor)",
                       api, (const void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    size_t count = input ? (size_t)acpu_executor_op_call((aclOpExecutor *)executor)->task.n_in : ACPU_CALL_OUTPUTS;
    if (index >= count) {
        acpu_set_error("%s: index must be in [%zu, %zu] (%s's %s), got %zu", api, first, first + count - 1,
                       executor->call.h.op_name, input ? "inputs" : "outputs", first + index);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* What phase 1 guaranteed must hold at the new address too (doc/BEHAVIOUR.md, "Sizes and memory"): a
 * non-NULL address for a call that reads or writes, views that do not wrap around the address space,
 * and the overlap rule between the output and each input, exactly as phase 1 applies it. `moved` is
 * tensor k's geometry at the new address; the executor itself is not changed yet. Every extent is
 * recomputed in checked arithmetic (nothing in the executor is taken on trust). */
static aclnnStatus check_moved(const char *api, const acpu_op_call *call, size_t k, void *addr, const acpu_geom *moved)
{
    if (addr == NULL) {
        acpu_set_error("%s: addr must not be NULL for an executor with elements to compute", api);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_geom geom[ACPU_CALL_TENSORS];
    memcpy(geom, call->geom, sizeof geom);
    geom[k] = *moved;
    for (int i = 0; i < call->n_tensors; i++) {
        uint64_t end;
        if (!acpu_muladd_u64(geom[i].last, geom[i].elem_size, geom[i].elem_size, &end)) {
            acpu_set_error("%s: the extent of %s's views does not fit 64 bits (dims x strides x element size)", api,
                           call->op_name);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (end > (uint64_t)UINTPTR_MAX - geom[i].data) {
            acpu_set_error("%s: the view of %s at %p (%llu bytes from it) wraps around the address space", api,
                           call->tensor_names[i], (void *)geom[i].data, (unsigned long long)end);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return acpu_check_overlap(api, call->tensor_names, geom, call->n_tensors);
}

static aclnnStatus rebind(const char *api, aclOpExecutor *executor, bool input, size_t index, size_t first,
                          aclTensor *tensor, void *addr)
{
    if (executor == NULL || tensor == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, executor == NULL ? "executor" : "tensor");
        return ACLNN_ERR_INNER_NULLPTR; /* CANN's code for these two */
    }
    acpu_registry_lock();
    aclnnStatus rc = check_rebind_locked(api, executor, input, index, first, tensor);
    acpu_op_call *call = rc == ACLNN_SUCCESS ? acpu_executor_op_call(executor) : NULL;
    if (call != NULL && !call->empty) { /* an empty call never reads its views */
        size_t k = input ? index : (size_t)call->task.n_in;
        acpu_geom moved = call->geom[k];
        moved.data = (uintptr_t)addr;
        rc = check_moved(api, call, k, addr, &moved);
        if (rc == ACLNN_SUCCESS) {
            acpu_view *v = task_view(call, k);
            v->data = (char *)(uintptr_t)((uintptr_t)addr + (uintptr_t)v->data_offset);
            call->geom[k] = moved;
        }
    }
    if (rc == ACLNN_SUCCESS)
        tensor->data = addr;
    acpu_registry_unlock();
    return rc;
}

ACLNN_API aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr)
{
    return rebind("aclSetInputTensorAddr", executor, true, index, 0, tensor, addr);
}

ACLNN_API aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr)
{
    return rebind("aclSetOutputTensorAddr", executor, false, index, 0, tensor, addr);
}

/* aclSetTensorAddr numbers the inputs first, then the output (the executor must be live to know its
 * input count: checked under the lock by rebind, which receives the split index). */
ACLNN_API aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr)
{
    size_t inputs = 0;
    acpu_registry_lock();
    if (executor != NULL && acpu_registry_contains_locked(executor, ACPU_HANDLE_EXECUTOR))
        inputs = (size_t)acpu_executor_op_call(executor)->task.n_in;
    acpu_registry_unlock();
    bool input = index < inputs;
    size_t first = input ? 0 : inputs;
    return rebind("aclSetTensorAddr", executor, input, index - first, first, tensor, addr);
}

/* aclSetDynamic*TensorAddr: CANN's argument checks (executor / tensors NULL -> 561103, relativeIndex
 * outside the list -> 161002, a NULL member -> 561103), then ours (handles live), then the answer
 * every valid call gets here: neither operator has a tensor-list argument, so irIndex names none
 * (161002). Nothing is changed, not even the member's address (CANN sets it before it looks at the
 * executor; a refused call here changes nothing). */
static aclnnStatus rebind_dynamic(const char *api, const char *which, aclOpExecutor *executor, size_t irIndex,
                                  size_t relativeIndex, aclTensorList *tensors)
{
    if (executor == NULL || tensors == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, executor == NULL ? "executor" : "tensors");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    acpu_registry_lock();
    uint64_t size = 0;
    const aclTensor *member = NULL;
    bool list_live = acpu_tensor_list_member_locked(tensors, relativeIndex, &size, &member);
    bool member_live = member != NULL && acpu_registry_contains_locked(member, ACPU_HANDLE_TENSOR);
    bool executor_live = acpu_registry_contains_locked(executor, ACPU_HANDLE_EXECUTOR);
    char op_name[sizeof executor->call.h.op_name] = "";
    if (executor_live)
        memcpy(op_name, executor->call.h.op_name, sizeof op_name);
    acpu_registry_unlock();
    op_name[sizeof op_name - 1] = '\0';
    if (!list_live) {
        acpu_set_error("%s: tensors %p is not a live aclTensorList (destroyed, never created, or another kind)", api,
                       (void *)tensors);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (relativeIndex >= size) {
        acpu_set_error("%s: relativeIndex %zu is outside the list of %llu tensors", api, relativeIndex,
                       (unsigned long long)size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (member == NULL) {
        acpu_set_error("%s: tensors[%zu] is NULL (an absent member has no address to set)", api, relativeIndex);
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (!member_live) {
        acpu_set_error("%s: tensors[%zu] = %p is not a live aclTensor (destroyed)", api, relativeIndex,
                       (const void *)member);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!executor_live) {
        acpu_set_error("%s: executor %p is not live (already run without aclSetAclOpExecutorRepeatable, destroyed, "
                       "or not an executor)",
                       api, (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    acpu_set_error("%s: irIndex %zu names no tensor-list %s: %s takes no aclTensorList (its inputs and output are "
                   "single aclTensors; rebind them with aclSetInputTensorAddr / aclSetOutputTensorAddr / "
                   "aclSetTensorAddr)",
                   api, irIndex, which, op_name);
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                                   aclTensorList *tensors, void *addr)
{
    (void)addr;
    return rebind_dynamic("aclSetDynamicInputTensorAddr", "input", executor, irIndex, relativeIndex, tensors);
}

ACLNN_API aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                                    aclTensorList *tensors, void *addr)
{
    (void)addr;
    return rebind_dynamic("aclSetDynamicOutputTensorAddr", "output", executor, irIndex, relativeIndex, tensors);
}

ACLNN_API aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                              aclTensorList *tensors, void *addr)
{
    (void)addr;
    return rebind_dynamic("aclSetDynamicTensorAddr", "argument", executor, irIndex, relativeIndex, tensors);
}
