/* Shape-generic broadcast steps (acpu_broadcast.h). */
#include "acpu_broadcast.h"

bool acpu_bc_shape_equal(const acpu_bc_shape *a, const acpu_bc_shape *b)
{
    if (a->rank != b->rank)
        return false;
    for (int64_t d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d])
            return false;
    return true;
}

bool acpu_bc_broadcasts_to(const acpu_bc_shape *from, const acpu_bc_shape *to)
{
    if (from->rank > to->rank)
        return false;
    int64_t pad = to->rank - from->rank;
    for (int64_t d = 0; d < from->rank; d++)
        if (from->dims[d] != 1 && from->dims[d] != to->dims[d + pad])
            return false;
    return true;
}

bool acpu_bc_infer_shape(const acpu_bc_shape *a, const acpu_bc_shape *b, acpu_bc_shape *out)
{
    const acpu_bc_shape *lo = a->rank < b->rank ? a : b, *hi = a->rank < b->rank ? b : a;
    if (hi->rank > ACPU_BC_MAX_RANK || lo->rank < 0)
        return false;
    int64_t pad = hi->rank - lo->rank;
    acpu_bc_shape r = {.rank = hi->rank};
    for (int64_t d = 0; d < hi->rank; d++) {
        int64_t x = hi->dims[d], y = d < pad ? 1 : lo->dims[d - pad];
        if (x != y && x != 1 && y != 1)
            return false;
        r.dims[d] = x == 1 ? y : x; /* 1 with 0 gives 0 */
    }
    *out = r;
    return true;
}
