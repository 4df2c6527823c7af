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
/* BroadcastInferShape(a, b) (spec 1.2 of the SiLU/GELU spec): right-aligned, equal dims or a 1
 * (1 with 0 gives 0); false when they do not broadcast or the result would exceed
 * ACPU_BC_MAX_RANK dims. */
bool acpu_bc_infer_shape(const acpu_bc_shape *a, const acpu_bc_shape *b, acpu_bc_shape *out);

#endif /* ACPU_BROADCAST_H_ */
