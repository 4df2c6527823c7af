/* The schedule of a tiling plan: how many logical cores, which elements each core owns, and in
 * which tiles it walks them. The tilings produce it (a pure function of the profile and the call),
 * the engine runs it. Four explicit kinds:
 * - RANGES: CANN's big/small/last-core split. Core c < big_core_num owns big_core_len elements,
 *   later cores small_core_len, the last core last_core_len; each range is cut into tiles of `tile`
 *   elements and clamped to `total` (CANN's whole-block counts may overshoot the tensor).
 * - SPLIT: a split axis (the arch35 broadcast tilings). Flat tile f covers the row-major element
 *   range [((f / a_o) * axis_len + (f % a_o) * a_i) * inner, + a_i_seg * inner) with a_i_seg =
 *   a_i_tail on the axis's last segment, else a_i. Tiles are dealt tiles_main per core, one more
 *   for each of the first cores_tail cores.
 * - BLOCKS: the same tiles as SPLIT, dealt as the atvoss broadcast tiling deals them: core c takes
 *   block_former flat tiles from c * block_former, the last core block_tail.
 * - DEALT: tiles of `tile` elements over `total` in element order, the last one short, dealt
 *   tiles_main per core and one more to each of the first cores_tail cores; the short tile ends
 *   core short_core's range and the later cores' ranges follow it (HardSwishGradV2's 910B kernel
 *   deals its tiles so: the short tile goes to the last core that takes an extra tile). Each core's
 *   range is contiguous and walked in tiles of `tile`, as RANGES.
 * Every field is an element or tile count; unused fields are 0. */
#ifndef ACPU_SCHEDULE_H_
#define ACPU_SCHEDULE_H_

#include <stdbool.h>
#include <stdint.h>

typedef enum { ACPU_SCHED_RANGES = 0, ACPU_SCHED_SPLIT, ACPU_SCHED_BLOCKS, ACPU_SCHED_DEALT } acpu_schedule_kind;

typedef struct {
    acpu_schedule_kind kind;
    uint64_t total;     /* elements */
    uint64_t core_num;  /* logical cores */
    uint64_t tile;      /* elements per tile: the largest a core runs (SPLIT, BLOCKS: a_i * inner at most) */
    bool double_buffer; /* CopyIn(i), Compute(i-1), CopyOut(i-2) */
    /* RANGES */
    uint64_t big_core_num, big_core_len, small_core_len, last_core_len;
    /* SPLIT and BLOCKS: the tiles */
    uint64_t a_o, a_i, a_i_tail, axis_len, inner;
    /* SPLIT and DEALT: the dealing */
    uint64_t tiles_main, cores_tail;
    /* BLOCKS: the dealing */
    uint64_t block_former, block_tail;
    /* DEALT: the core whose range ends with the short tile */
    uint64_t short_core;
} acpu_schedule;

#endif /* ACPU_SCHEDULE_H_ */
