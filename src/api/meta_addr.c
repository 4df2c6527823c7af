/* Data addresses: aclSetInputTensorAddr / aclSetOutputTensorAddr / aclSetTensorAddr rebind an
 * executor's tensors to new memory between runs, aclSetRawTensorAddr / aclGetRawTensorAddr touch
 * the aclTensor alone.
 *
 * An executor keeps its own copies of the views (acpu_view, data already advanced by the view
 * offset, data_offset bytes past the tensor's storage address), so rebinding sets both the aclTensor
 * (as CANN does) and the copy: view.data = addr + view.data_offset. Index semantics are CANN's:
 * inputs and outputs numbered separately, in the operator's argument order (both operators here:
 * input 0 gradOutput, input 1 self / selfOrResult, output 0 gradInput); aclSetTensorAddr numbers the
 * inputs first, then the outputs. Everything happens under the registry lock after the liveness
 * checks, so neither handle can die in between. The tensor-list forms (aclSetDynamic*TensorAddr)
 * check their arguments and refuse: neither operator takes a tensor list. */
#include <string.h>

#include "op_common.h" /* the operator layer: it sees the executor's planned call (runtime cannot) */
#include "common/acpu_checked.h"

#define ACPU_TASK_INPUTS 2u  /* acpu_binary_task.in[] */
#define ACPU_TASK_OUTPUTS 1u /* acpu_binary_task.out */

static acpu_view *task_view(aclOpExecutor *e, bool input, size_t index)
{
    return input ? &acpu_executor_op_call(e)->task.in[index] : &acpu_executor_op_call(e)->task.out;
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
                       "or not an executor)", api, (const void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    size_t count = input ? ACPU_TASK_INPUTS : ACPU_TASK_OUTPUTS;
    if (index >= count) {
        acpu_set_error("%s: index must be in [%zu, %zu] (%s's %s), got %zu", api, first, first + count - 1,
                       executor->call.h.op_name, input ? "inputs" : "outputs", first + index);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Bytes from a view's first element to the end of its last, (sum((dim-1)*stride) + 1) * elem_size, in
 * checked arithmetic: false when a step does not fit 64 bits or the span does not fit an address
 * (the caller then refuses the call). Phase 1 checked this extent at the tensor's address, but the
 * views are the caller's to rebind, so nothing is taken on trust here. */
static bool view_extent_bytes(const acpu_view *v, uint64_t *bytes)
{
    uint64_t last = 0;
    for (uint32_t d = 0; d < v->rank; d++) {
        if (v->shape[d] < 1 || v->stride[d] < 0) /* never so in a non-empty call */
            return false;
        if (!acpu_muladd_u64((uint64_t)(v->shape[d] - 1), (uint64_t)v->stride[d], last, &last))
            return false;
    }
    return acpu_add_u64(last, 1u, &last) && acpu_mul_u64(last, (uint64_t)v->elem_size, bytes) &&
           *bytes <= (uint64_t)UINTPTR_MAX;
}

/* Whether [a, a + a_bytes) meets [b, b + b_bytes), without forming either end (no sum to wrap). */
static bool spans_intersect(uintptr_t a, uint64_t a_bytes, uintptr_t b, uint64_t b_bytes)
{
    return a_bytes > 0 && b_bytes > 0 && (a <= b ? (uint64_t)(b - a) < a_bytes : (uint64_t)(a - b) < b_bytes);
}

static bool views_equal(const acpu_view *a, const acpu_view *b)
{
    if (a->data != b->data || a->elem_size != b->elem_size || a->rank != b->rank)
        return false;
    for (uint32_t d = 0; d < a->rank; d++)
        if (a->shape[d] != b->shape[d] || a->stride[d] != b->stride[d])
            return false;
    return true;
}

/* What phase 1 guaranteed must hold at the new address too (doc/BEHAVIOUR.md, "Sizes, memory"): a
 * non-NULL address for a call that reads or writes, a view that does not wrap around the address
 * space, and the overlap rule between the output and each input (exact aliasing only). `moved` is
 * the executor's view with its new data pointer; the executor itself is not changed yet. Every
 * extent is computed in checked arithmetic; one that does not fit refuses the call (161002). */
static aclnnStatus check_moved_view(const char *api, aclOpExecutor *e, bool input, size_t index, void *addr,
                                    const acpu_view *moved)
{
    if (addr == NULL) {
        acpu_set_error("%s: addr must not be NULL for an executor with elements to compute", api);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    const acpu_view *out = input ? &acpu_executor_op_call(e)->task.out : moved;
    const acpu_view *in[ACPU_TASK_INPUTS];
    uint64_t in_bytes[ACPU_TASK_INPUTS], out_bytes, extent;
    for (size_t j = 0; j < ACPU_TASK_INPUTS; j++)
        in[j] = input && j == index ? moved : &acpu_executor_op_call(e)->task.in[j];
    bool fits = view_extent_bytes(moved, &extent) && view_extent_bytes(out, &out_bytes);
    for (size_t j = 0; j < ACPU_TASK_INPUTS && fits; j++)
        fits = view_extent_bytes(in[j], &in_bytes[j]);
    if (!fits) {
        acpu_set_error("%s: the extent of %s's views does not fit 64 bits (dims x strides x element size)", api,
                       e->call.h.op_name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if ((uint64_t)moved->data_offset > (uint64_t)UINTPTR_MAX - (uintptr_t)addr ||
        extent > (uint64_t)UINTPTR_MAX - (uintptr_t)moved->data) {
        acpu_set_error("%s: the view at addr %p (byte offset %lld, %llu bytes) wraps around the address space", api,
                       addr, (long long)moved->data_offset, (unsigned long long)extent);
        return ACLNN_ERR_PARAM_INVALID;
    }
    for (size_t j = 0; j < ACPU_TASK_INPUTS; j++) {
        if (spans_intersect((uintptr_t)out->data, out_bytes, (uintptr_t)in[j]->data, in_bytes[j]) &&
            !views_equal(out, in[j])) {
            acpu_set_error("%s: at addr %p the output would partially overlap input %zu: only the same view of the "
                           "same memory (in place) may be shared", api, addr, j);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACLNN_SUCCESS;
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
    acpu_view moved;
    if (rc == ACLNN_SUCCESS && !acpu_executor_op_call(executor)->empty) { /* an empty call never reads its views */
        moved = *task_view(executor, input, index);
        moved.data = (char *)(uintptr_t)((uintptr_t)addr + (uintptr_t)moved.data_offset);
        rc = check_moved_view(api, executor, input, index, addr, &moved);
        if (rc == ACLNN_SUCCESS)
            *task_view(executor, input, index) = moved;
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

ACLNN_API aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                             void *addr)
{
    return rebind("aclSetOutputTensorAddr", executor, false, index, 0, tensor, addr);
}

ACLNN_API aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr)
{
    bool input = index < ACPU_TASK_INPUTS;
    size_t first = input ? 0 : ACPU_TASK_INPUTS;
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
                       "or not an executor)", api, (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    acpu_set_error("%s: irIndex %zu names no tensor-list %s: %s takes no aclTensorList (its inputs and output are "
                   "single aclTensors; rebind them with aclSetInputTensorAddr / aclSetOutputTensorAddr / "
                   "aclSetTensorAddr)", api, irIndex, which, op_name);
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                                   aclTensorList *tensors, void *addr)
{
    (void)addr;
    return rebind_dynamic("aclSetDynamicInputTensorAddr", "input", executor, irIndex, relativeIndex, tensors);
}

ACLNN_API aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                    const size_t relativeIndex, aclTensorList *tensors, void *addr)
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

ACLNN_API aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr)
{
    if (tensor == NULL) {
        acpu_set_error("aclSetRawTensorAddr: tensor must not be NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(tensor, ACPU_HANDLE_TENSOR);
    if (live)
        tensor->data = addr;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("aclSetRawTensorAddr: tensor %p is not a live aclTensor", (void *)tensor);
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr)
{
    if (tensor == NULL || addr == NULL) {
        acpu_set_error("aclGetRawTensorAddr: %s must not be NULL", tensor == NULL ? "tensor" : "addr");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(tensor, ACPU_HANDLE_TENSOR);
    if (live)
        *addr = tensor->data;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("aclGetRawTensorAddr: tensor %p is not a live aclTensor", (const void *)tensor);
    return ACLNN_ERR_PARAM_INVALID;
}
