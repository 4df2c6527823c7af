/* Shapes as the broadcast tilings see them, and the shape-generic steps any operator's broadcast
 * tiling reuses (numpy / CANN BroadcastInferShape rules, doc/CANN.md#broadcasting). Pure functions. */
#ifndef ACPU_BROADCAST_H_
#define ACPU_BROADCAST_H_

#include <stdbool.h>
#include <stdint.h>

#define ACPU_BC_MAX_RANK 8

typedef struct {
    int64_t rank;
    int64_t dims[ACPU_BC_MAX_RANK];
} acpu_bc_shape;

/* Same rank and dims. */
bool acpu_bc_shape_equal(const acpu_bc_shape *a, const acpu_bc_shape *b);
/* numpy broadcasting of `from` (left-padded with 1s) gives exactly `to`. */
bool acpu_bc_broadcasts_to(const acpu_bc_shape *from, const acpu_bc_shape *to);
/* BroadcastInferShape(a, b) (SiLU spec 1.2): right-aligned, equal dims or a 1
 * (1 with 0 gives 0); false when they do not broadcast or the result would exceed
 * ACPU_BC_MAX_RANK dims. */
bool acpu_bc_infer_shape(const acpu_bc_shape *a, const acpu_bc_shape *b, acpu_bc_shape *out);

/* ---- the atvoss broadcast tiling steps (CANN opbase; doc/CANN.md#atvoss), for any element-wise
 * operator with up to ACPU_BC_MAX_INPUTS broadcasting inputs ------------------------------------- */
#define ACPU_BC_MAX_INPUTS 4

/* Collapsed shapes: every input and the output with the same number of dims (shapeLen), and their
 * strides (an input's stride is 0 on a dim where it broadcasts; the output's are row-major). */
typedef struct {
    int64_t rank; /* shapeLen */
    int64_t num_inputs;
    int64_t in_dims[ACPU_BC_MAX_INPUTS][ACPU_BC_MAX_RANK], in_strides[ACPU_BC_MAX_INPUTS][ACPU_BC_MAX_RANK];
    int64_t out_dims[ACPU_BC_MAX_RANK], out_strides[ACPU_BC_MAX_RANK];
} acpu_bc_collapsed;

/* Dimension collapse (SiLU spec 2.1): 0-dim shapes count as {1}; false when an input has more dims than
 * the output, a dim is neither 1 nor the output's, a dim is <= 0, or the collapsed rank exceeds
 * ACPU_BC_MAX_RANK. */
bool acpu_bc_collapse(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output,
                      acpu_bc_collapsed *c);
/* UB element budget (SiLU spec 2.2): floor((ub - extra) * 8 / buffer_divisor_bits) rounded down to
 * 256 * 8 / min_dtype_bits elements; 0 when nothing fits. Exact for any ub (no overflow). */
int64_t acpu_bc_ub_budget(uint64_t ub_bytes, uint64_t extra_bytes, uint64_t buffer_divisor_bits,
                          uint64_t min_dtype_bits);

/* UB split and multi-core split (SiLU spec 2.3) of collapsed dims with budget elem_num (> 0). */
typedef struct {
    int64_t ub_split_axis, ub_former, ub_outer, ub_tail;
    int64_t block_former, block_num, block_tail, fused; /* fused = dimProductBeforeUbInner */
    int64_t elem_num;
} acpu_bc_split;
/* false when core_num or elem_num is 0. */
bool acpu_bc_ub_block_split(const int64_t *dims, int64_t rank, int64_t elem_num, int64_t core_num, acpu_bc_split *s);

/* ---- the arch35 split steps (CANN's SoftplusV2Grad arch35 tiling, spec 3.7; broadcast_split.c) --- */
#define ACPU_BC_SPLIT_MAX_INPUTS 2 /* kMaxInputSlots of that tiling: more inputs are refused */
typedef struct {
    int64_t axis, a_i, a_o, a_i_tail;
} acpu_bc_axis_split;

typedef struct {
    int64_t num_cores, total_tiles, tiles_main, cores_tail;
} acpu_bc_multicore;

/* CheckBroadcastShape: per dim, every non-1 size of the inputs and the output agrees. */
bool acpu_bc_check_broadcast(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output);
/* PadAndSqueeze: fills max_bro (rank *rank) and the normalised shapes (same rank) of inputs and output. */
void acpu_bc_pad_and_squeeze(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output,
                             acpu_bc_shape *max_bro, acpu_bc_shape *norm_inputs, acpu_bc_shape *norm_output);
/* FindSplitAxis over max_bro with phys_nodes UB buffers of dtype_size elements. */
bool acpu_bc_find_split_axis(const acpu_bc_shape *max_bro, int64_t dtype_size, int64_t ub_size, int64_t phys_nodes,
                             acpu_bc_axis_split *split, int64_t *per_buf_bytes);
/* MultiCoreSplit of the split's tiles over core_num cores. */
bool acpu_bc_multicore_split(const acpu_bc_axis_split *split, const acpu_bc_shape *max_bro, int64_t core_num,
                             acpu_bc_multicore *mc);
/* Row-major strides of `shape`, 0 for every size-1 dim. */
void acpu_bc_precompute_strides(const acpu_bc_shape *shape, int64_t *strides);

#endif /* ACPU_BROADCAST_H_ */
