/* The shape-generic steps of the arch35 split tiling (CANN's SoftplusV2Grad arch35 tiling, spec 3.7,
 * usable by any element-wise operator with broadcasting inputs): PadAndSqueeze, CheckBroadcastShape,
 * FindSplitAxis, MultiCoreSplit, broadcast strides (acpu_broadcast.h). */
#include "acpu_broadcast.h"

#include <stddef.h>

#define BC_UB_ALIGN_BYTES 32 /* kUbAlignBytes: per-buffer size rounded down to this */

static int64_t min_i64(int64_t a, int64_t b) { return a < b ? a : b; }

/* a * b for non-negative a, b; false when the product exceeds INT64_MAX. */
static bool mul_nonneg(int64_t a, int64_t b, int64_t *out)
{
    if (a != 0 && b > INT64_MAX / a)
        return false;
    *out = a * b;
    return true;
}

/* A shape the tiling structs can hold: rank 0..8, every dim >= 0. */
static bool shape_valid(const acpu_bc_shape *s)
{
    if (s->rank < 0 || s->rank > ACPU_BC_MAX_RANK)
        return false;
    for (int64_t d = 0; d < s->rank; ++d)
        if (s->dims[d] < 0)
            return false;
    return true;
}

/* Element count of `s` (1 for rank 0); false for an invalid shape or a count above INT64_MAX. */

/* Inputs followed by the output, as one list of at most 3 shapes; 0 when the arguments are not
 * NULL-free, num_inputs is outside [0, 2] or a shape is invalid. */
static int64_t gather_shapes(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output,
                             const acpu_bc_shape **all)
{
    if (output == NULL || num_inputs < 0 || num_inputs > ACPU_BC_SPLIT_MAX_INPUTS || (num_inputs > 0 && inputs == NULL))
        return 0;
    for (int64_t i = 0; i < num_inputs; ++i)
        all[i] = &inputs[i];
    all[num_inputs] = output;
    for (int64_t i = 0; i <= num_inputs; ++i)
        if (!shape_valid(all[i]))
            return 0;
    return num_inputs + 1;
}

/* Dim d (0 = outermost) of `s` left-padded with 1s to `rank` dims. */
static int64_t padded_dim(const acpu_bc_shape *s, int64_t rank, int64_t d)
{
    int64_t off = rank - s->rank;
    return d < off ? 1 : s->dims[d - off];
}

static int64_t max_rank(const acpu_bc_shape *const *all, int64_t count)
{
    int64_t r = 0;
    for (int64_t i = 0; i < count; ++i)
        r = all[i]->rank > r ? all[i]->rank : r;
    return r;
}

/* CheckBroadcastShape (step 3): after left-padding to the max rank, all sizes other than 1 in a
 * dim, across inputs AND output, agree. (The output may itself hold a 1 there.) */
bool acpu_bc_check_broadcast(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output)
{
    const acpu_bc_shape *all[ACPU_BC_SPLIT_MAX_INPUTS + 1];
    int64_t count = gather_shapes(inputs, num_inputs, output, all);
    if (count == 0)
        return false;
    int64_t rank = max_rank(all, count);
    for (int64_t d = 0; d < rank; ++d) {
        int64_t seen = 1;
        for (int64_t i = 0; i < count; ++i) {
            int64_t v = padded_dim(all[i], rank, d);
            if (v != 1 && seen != 1 && v != seen)
                return false;
            if (v != 1)
                seen = v;
        }
    }
    return true;
}

/* max_bro size of one padded dim: the largest size, or 0 when any shape is empty there (numpy's
 * broadcast of 0 with 1; CANN's max differs only for empty tensors, which aclnn never tiles). */
static int64_t broadcast_dim(const acpu_bc_shape *const *all, int64_t count, int64_t rank, int64_t d)
{
    int64_t m = 1;
    for (int64_t i = 0; i < count; ++i) {
        int64_t v = padded_dim(all[i], rank, d);
        if (v == 0)
            return 0;
        m = v > m ? v : m;
    }
    return m;
}

/* PadAndSqueeze (step 2): left-pad to the max rank, drop the dims where every shape is 1, keep
 * each shape's own sizes in the others; nothing left -> everything {1}. Invalid arguments (see
 * gather_shapes) give rank 0 everywhere. */
void acpu_bc_pad_and_squeeze(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output,
                             acpu_bc_shape *max_bro, acpu_bc_shape *norm_inputs, acpu_bc_shape *norm_output)
{
    const acpu_bc_shape *all[ACPU_BC_SPLIT_MAX_INPUTS + 1];
    acpu_bc_shape *norm[ACPU_BC_SPLIT_MAX_INPUTS + 1];
    if (max_bro == NULL || norm_output == NULL || num_inputs < 0 || num_inputs > ACPU_BC_SPLIT_MAX_INPUTS ||
        (num_inputs > 0 && norm_inputs == NULL))
        return;
    for (int64_t i = 0; i < num_inputs; ++i)
        norm[i] = &norm_inputs[i];
    norm[num_inputs] = norm_output;
    max_bro->rank = 0;
    for (int64_t i = 0; i <= num_inputs; ++i)
        norm[i]->rank = 0;
    int64_t count = gather_shapes(inputs, num_inputs, output, all);
    int64_t rank = max_rank(all, count);
    for (int64_t d = 0; d < rank; ++d) {
        bool all_one = true;
        for (int64_t i = 0; i < count && all_one; ++i)
            all_one = padded_dim(all[i], rank, d) == 1;
        if (all_one)
            continue;
        for (int64_t i = 0; i < count; ++i)
            norm[i]->dims[norm[i]->rank++] = padded_dim(all[i], rank, d);
        max_bro->dims[max_bro->rank++] = broadcast_dim(all, count, rank, d);
    }
    if (count > 0 && max_bro->rank == 0) {
        max_bro->rank = 1;
        max_bro->dims[0] = 1;
        for (int64_t i = 0; i < count; ++i)
            *norm[i] = *max_bro;
    }
}

/* FindSplitAxis (step 5): per_buf_bytes = floor(ub / phys_nodes) rounded down to 32 bytes; walking
 * from the innermost dim outward with inner = product of the later dims, split at the first k
 * where size_k * inner > per_buf_elems: a_i = floor(per_buf_elems / inner), a_o = ceil(size_k / a_i),
 * a_i_tail = size_k mod a_i (a_i when 0). No overflow down to dim 0: one tile of the whole dim 0. */
bool acpu_bc_find_split_axis(const acpu_bc_shape *max_bro, int64_t dtype_size, int64_t ub_size, int64_t phys_nodes,
                             acpu_bc_axis_split *split, int64_t *per_buf_bytes)
{
    if (max_bro == NULL || split == NULL || per_buf_bytes == NULL || !shape_valid(max_bro) || max_bro->rank == 0 ||
        dtype_size <= 0 || ub_size <= 0 || phys_nodes <= 0)
        return false;
    int64_t buf_bytes = ub_size / phys_nodes / BC_UB_ALIGN_BYTES * BC_UB_ALIGN_BYTES;
    int64_t elems = buf_bytes / dtype_size;
    if (elems <= 0)
        return false;
    int64_t inner = 1;
    for (int64_t k = max_bro->rank - 1; k >= 0; --k) {
        int64_t size = max_bro->dims[k];
        /* size * inner > elems, without forming the product (inner <= elems here). */
        if (inner > 0 && size > elems / inner) {
            int64_t a_i = elems / inner;
            if (a_i <= 0)
                return false;
            int64_t tail = size % a_i;
            *split = (acpu_bc_axis_split){
                .axis = k, .a_i = a_i, .a_o = size / a_i + (tail != 0), .a_i_tail = tail != 0 ? tail : a_i};
            *per_buf_bytes = buf_bytes;
            return true;
        }
        inner *= size; /* <= elems after the test above */
    }
    int64_t size0 = max_bro->dims[0];
    *split = (acpu_bc_axis_split){.axis = 0, .a_i = size0, .a_o = 1, .a_i_tail = size0};
    *per_buf_bytes = buf_bytes;
    return true;
}

/* MultiCoreSplit (step 6): total_tiles = (product of the dims before the axis) * a_o; num_cores =
 * min(total_tiles, core_num) > 0; each core gets tiles_main tiles, the first cores_tail one more. */
bool acpu_bc_multicore_split(const acpu_bc_axis_split *split, const acpu_bc_shape *max_bro, int64_t core_num,
                             acpu_bc_multicore *mc)
{
    if (split == NULL || max_bro == NULL || mc == NULL || !shape_valid(max_bro) || split->axis < 0 ||
        split->axis >= max_bro->rank || split->a_o < 0 || core_num <= 0)
        return false;
    int64_t outer = 1;
    for (int64_t d = 0; d < split->axis; ++d)
        if (!mul_nonneg(outer, max_bro->dims[d], &outer))
            return false;
    int64_t total = 0;
    if (!mul_nonneg(outer, split->a_o, &total))
        return false;
    int64_t cores = min_i64(total, core_num);
    if (cores <= 0)
        return false;
    *mc = (acpu_bc_multicore){
        .num_cores = cores, .total_tiles = total, .tiles_main = total / cores, .cores_tail = total % cores};
    return true;
}

/* Step 7: row-major strides (product of the later dims), 0 for a size-1 dim so that the kernel's
 * gather replicates it (broadcast). */
void acpu_bc_precompute_strides(const acpu_bc_shape *shape, int64_t *strides)
{
    if (shape == NULL || strides == NULL || !shape_valid(shape))
        return;
    uint64_t acc = 1u; /* unsigned: a count beyond int64 (refused by the tiling) wraps, never traps */
    for (int64_t d = shape->rank - 1; d >= 0; --d) {
        strides[d] = shape->dims[d] == 1 ? 0 : (int64_t)acc;
        acc *= (uint64_t)shape->dims[d];
    }
}
