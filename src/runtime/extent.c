/* Exact extents of tensor views: element counts, the last storage element a view reaches, the
 * storage's byte size and address range, and whether views share memory. Every dim, stride, offset
 * and storage dim is the caller's, so each product and sum is checked: a value that does not fit
 * is reported, never wrapped (a wrapped extent let an out-of-bounds view pass as in bounds). */
#include "acpu_runtime.h"
#include "common/acpu_checked.h"

bool acpu_dims_fit(const int64_t *dims, uint64_t n)
{
    uint64_t product = 1;
    for (uint64_t d = 0; d < n; d++) {
        uint64_t dim = dims[d] > 0 ? (uint64_t)dims[d] : 1u;
        if (!acpu_mul_u64(product, dim, &product) || product > (uint64_t)INT64_MAX)
            return false;
    }
    return true;
}

/* Dims were checked by acpu_dims_fit at creation: the product cannot overflow. */
static uint64_t dims_product(const int64_t *dims, uint64_t n)
{
    uint64_t product = 1;
    for (uint64_t d = 0; d < n; d++)
        product *= (uint64_t)dims[d];
    return product;
}

uint64_t acpu_tensor_numel(const aclTensor *t) { return dims_product(t->view_dims, t->view_rank); }

uint64_t acpu_tensor_storage_elems(const aclTensor *t) { return dims_product(t->storage_dims, t->storage_rank); }

int acpu_tensor_last_index(const aclTensor *t, uint64_t *last)
{
    uint64_t sum = (uint64_t)t->offset;
    for (uint64_t d = 0; d < t->view_rank; d++) {
        if (t->view_dims[d] == 0 ||
            !acpu_muladd_u64((uint64_t)t->view_dims[d] - 1u, (uint64_t)t->strides[d], sum, &sum) ||
            sum > (uint64_t)INT64_MAX)
            return (int)d; /* an empty view reaches no element; or the sum passed INT64_MAX here */
    }
    *last = sum;
    return -1;
}

bool acpu_bytes_fit(const void *data, uint64_t elems, size_t elem_size, uint64_t *bytes)
{
    uint64_t b;
    if (!acpu_mul_u64(elems, elem_size, &b) || b > (uint64_t)PTRDIFF_MAX)
        return false;
    /* The buffer [data, data + b) must not wrap around the end of the address space. */
    if ((uint64_t)(uintptr_t)data > (uint64_t)UINTPTR_MAX - b)
        return false;
    *bytes = b;
    return true;
}

void acpu_view_span(const aclTensor *t, size_t elem_size, uint64_t last, uintptr_t *begin, uintptr_t *end)
{
    *begin = (uintptr_t)t->data + (uintptr_t)t->offset * elem_size;
    *end = (uintptr_t)t->data + ((uintptr_t)last + 1u) * elem_size;
}

/* Insertion sort of (stride, dim) pairs by stride: ranks are at most ACPU_MAX_TENSOR_DIMS. */
static int sorted_dims(const aclTensor *t, uint64_t strides[], uint64_t dims[])
{
    int n = 0;
    for (uint64_t d = 0; d < t->view_rank; d++) {
        if (t->view_dims[d] <= 1)
            continue; /* a size-1 dim never makes two elements share memory */
        uint64_t s = (uint64_t)t->strides[d], k = (uint64_t)t->view_dims[d];
        int i = n++;
        for (; i > 0 && strides[i - 1] > s; i--) {
            strides[i] = strides[i - 1];
            dims[i] = dims[i - 1];
        }
        strides[i] = s;
        dims[i] = k;
    }
    return n;
}

bool acpu_view_is_distinct(const aclTensor *t)
{
    uint64_t strides[ACPU_MAX_TENSOR_DIMS], dims[ACPU_MAX_TENSOR_DIMS];
    int n = sorted_dims(t, strides, dims);
    /* Every element is distinct when each stride exceeds the furthest offset that the dims of
     * smaller strides reach: stride_i > sum_{j<i} (dim_j - 1) * stride_j. Sums are bounded by the
     * view's last index, which the caller checked to fit. */
    uint64_t reach = 0;
    for (int i = 0; i < n; i++) {
        if (strides[i] <= reach)
            return false;
        reach += (dims[i] - 1u) * strides[i];
    }
    return true;
}

bool acpu_views_alias_exactly(const aclTensor *a, size_t a_elem, const aclTensor *b, size_t b_elem)
{
    if (a_elem != b_elem ||
        (uintptr_t)a->data + (uintptr_t)a->offset * a_elem != (uintptr_t)b->data + (uintptr_t)b->offset * b_elem ||
        a->view_rank != b->view_rank)
        return false;
    for (uint64_t d = 0; d < a->view_rank; d++)
        if (a->view_dims[d] != b->view_dims[d] || (a->view_dims[d] > 1 && a->strides[d] != b->strides[d]))
            return false;
    return true;
}
