/* Strided views: dense test, gather and scatter of a run of row-major element indices. */
#include <string.h>

#include "acpu_engine.h"

bool acpu_view_is_dense(const acpu_view *v)
{
    int64_t expect = 1;
    for (uint32_t d = v->rank; d-- > 0;) {
        if (v->shape[d] != 1 && v->stride[d] != expect)
            return false;
        expect *= v->shape[d];
    }
    return true;
}

/* Multi-index of flat element `k` and its storage offset in elements. */
static int64_t view_locate(const acpu_view *v, uint64_t k, int64_t *idx)
{
    int64_t off = 0;
    for (uint32_t d = v->rank; d-- > 0;) {
        idx[d] = (int64_t)(k % (uint64_t)v->shape[d]);
        k /= (uint64_t)v->shape[d];
        off += idx[d] * v->stride[d];
    }
    return off;
}

/* Advances the multi-index past the innermost dim (which the caller just finished). */
static int64_t view_next_row(const acpu_view *v, int64_t *idx, int64_t off)
{
    uint32_t last = v->rank - 1;
    off -= idx[last] * v->stride[last];
    idx[last] = 0;
    for (uint32_t d = last; d-- > 0;) {
        off += v->stride[d];
        if (++idx[d] < v->shape[d])
            return off;
        off -= idx[d] * v->stride[d];
        idx[d] = 0;
    }
    return off;
}

static void copy_strided(char *dst, int64_t dst_step, const char *src, int64_t src_step, uint64_t n, size_t es)
{
    if (dst_step == (int64_t)es && src_step == (int64_t)es) {
        memcpy(dst, src, n * es);
        return;
    }
    for (uint64_t i = 0; i < n; i++)
        memcpy(dst + (int64_t)i * dst_step, src + (int64_t)i * src_step, es);
}

/* Walks elements [start, start+count) row by row; to_view selects scatter over gather. */
static void view_walk(const acpu_view *v, uint64_t start, uint64_t count, char *packed, bool to_view)
{
    size_t es = v->elem_size;
    if (v->rank == 0) {
        if (count > 0)
            to_view ? memcpy(v->data, packed, es) : memcpy(packed, v->data, es);
        return;
    }
    int64_t idx[ACPU_MAX_DIMS];
    int64_t off = view_locate(v, start, idx);
    uint32_t last = v->rank - 1;
    int64_t step = v->stride[last] * (int64_t)es;
    while (count > 0) {
        uint64_t run = (uint64_t)(v->shape[last] - idx[last]);
        run = run < count ? run : count;
        char *elem = v->data + off * (int64_t)es;
        if (to_view)
            copy_strided(elem, step, packed, (int64_t)es, run, es);
        else
            copy_strided(packed, (int64_t)es, elem, step, run, es);
        packed += run * es;
        count -= run;
        idx[last] += (int64_t)run;
        off += (int64_t)run * v->stride[last];
        if (count > 0)
            off = view_next_row(v, idx, off);
    }
}

void acpu_view_gather(const acpu_view *v, uint64_t start, uint64_t count, void *dst)
{
    view_walk(v, start, count, dst, false);
}

void acpu_view_scatter(const acpu_view *v, uint64_t start, uint64_t count, const void *src)
{
    view_walk(v, start, count, (char *)(uintptr_t)src, true);
}

/* The bytes [*lo, *hi) the view's elements occupy (lo == hi for an empty view): the offsets' least
 * and greatest over the dims, each dim adding (shape - 1) * stride at one end. */
void acpu_view_bytes(const acpu_view *v, uintptr_t *lo, uintptr_t *hi)
{
    int64_t min_off = 0, max_off = 0;
    for (uint32_t d = 0; d < v->rank; d++) {
        if (v->shape[d] == 0) {
            *lo = *hi = (uintptr_t)v->data;
            return;
        }
        int64_t reach = (v->shape[d] - 1) * v->stride[d];
        if (reach < 0)
            min_off += reach;
        else
            max_off += reach;
    }
    *lo = (uintptr_t)v->data + (uintptr_t)(min_off * (int64_t)v->elem_size);
    *hi = (uintptr_t)v->data + (uintptr_t)((max_off + 1) * (int64_t)v->elem_size);
}
