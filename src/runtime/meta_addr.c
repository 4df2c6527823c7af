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
 * checks, so neither handle can die in between. */
#include "acpu_runtime.h"

#define ACPU_TASK_INPUTS 2u  /* acpu_binary_task.in[] */
#define ACPU_TASK_OUTPUTS 1u /* acpu_binary_task.out */

static acpu_view *task_view(aclOpExecutor *e, bool input, size_t index)
{
    return input ? &e->call.task.in[index] : &e->call.task.out;
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
                       executor->call.op_name, input ? "inputs" : "outputs", first + index);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Bytes from a view's first element to the end of its last: (sum((dim-1)*stride) + 1) * elem_size.
 * Phase 1 checked this extent at the view's first address, so it fits (strides of size-1 dims are 0). */
static uint64_t view_extent_bytes(const acpu_view *v)
{
    uint64_t last = 0;
    for (uint32_t d = 0; d < v->rank; d++)
        last += (uint64_t)(v->shape[d] - 1) * (uint64_t)v->stride[d];
    return (last + 1u) * v->elem_size;
}

static bool views_intersect(const acpu_view *a, const acpu_view *b)
{
    uintptr_t a0 = (uintptr_t)a->data, b0 = (uintptr_t)b->data;
    return a0 < b0 + view_extent_bytes(b) && b0 < a0 + view_extent_bytes(a);
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
 * the executor's view with its new data pointer; the executor itself is not changed yet. */
static aclnnStatus check_moved_view(const char *api, const aclOpExecutor *e, bool input, size_t index, void *addr,
                                    const acpu_view *moved)
{
    if (addr == NULL) {
        acpu_set_error("%s: addr must not be NULL for an executor with elements to compute", api);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    uint64_t extent = view_extent_bytes(moved);
    if ((uint64_t)moved->data_offset > (uint64_t)UINTPTR_MAX - (uintptr_t)addr ||
        extent > (uint64_t)UINTPTR_MAX - (uintptr_t)moved->data) {
        acpu_set_error("%s: the view at addr %p (byte offset %lld, %llu bytes) wraps around the address space", api,
                       addr, (long long)moved->data_offset, (unsigned long long)extent);
        return ACLNN_ERR_PARAM_INVALID;
    }
    const acpu_view *out = input ? &e->call.task.out : moved;
    for (size_t j = 0; j < ACPU_TASK_INPUTS; j++) {
        const acpu_view *in = input && j == index ? moved : &e->call.task.in[j];
        if (views_intersect(out, in) && !views_equal(out, in)) {
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
    if (rc == ACLNN_SUCCESS && !executor->call.empty) { /* an empty call never reads its views */
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
