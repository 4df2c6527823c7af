/* SiluGrad host tilings as pure functions of a platform profile and the call (doc/CANN.md#silu-tiling):
 *   - arch35 (SiLU spec 3.5): the atvoss BroadcastTiling with SiluGrad's compute parameters (Ascend950 and
 *     host profiles: the profiles that accept broadcasting and mixed input dtypes);
 *   - ascend910b (SiLU spec 3.6): the 32-byte-block split with big and small cores (Ascend910, Ascend910B,
 *     Ascend910_93: equal shapes and dtypes). CANN's per-core counts cover whole 32-byte blocks and
 *     overshoot the tensor; the engine clamps execution to the element count.
 * Field names follow CANN's tiling structs; counts are 64-bit (CANN stores ubFormer through a
 * uint32: identical below 2^32). */
#ifndef ACPU_SILU_TILING_H_
#define ACPU_SILU_TILING_H_

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "tiling/acpu_tiling.h"

typedef struct {
    acpu_bc_shape inputs[2]; /* gradOutput (dy), self (x) */
    acpu_bc_shape output;    /* gradInput */
    aclDataType dtypes[3];   /* dy, x, dx */
} acpu_silu_tiling_args;

/* The strategy a profile uses: ascend910b on the non-regbase profiles (Ascend910, Ascend910B,
 * Ascend910_93), arch35 on Ascend950 and host. */
bool acpu_silu_soc_has_910b_tiling(acpu_soc soc);
/* Whether the profile takes the Ascend950 (regbase) rules: broadcasting, mixed input dtypes with a
 * FLOAT output. */
bool acpu_silu_soc_is_regbase(acpu_soc soc);

/* ---- arch35 ------------------------------------------------------------------------------------- */
/* SiluGradTilingData: 57 int64 in CANN's order (input 0 = dy, input 1 = x; unused tail entries 0). */
typedef struct {
    int64_t blockFormer, ubFormer, ubOuter, ubTail, blockTail, shapeLen, ubSplitAxis, dimProductBeforeUbInner, elemNum;
    int64_t input0Dims[8], input1Dims[8], outputDims[8], input0Strides[8], input1Strides[8], outputStrides[8];
} acpu_silu_arch35_data;

typedef struct {
    acpu_silu_arch35_data data;
    int64_t op_key;         /* 1..9 from the (dy, x, dx) dtypes */
    int64_t buffer_divisor; /* bits per element of the UB budget */
    uint64_t tiling_key;    /* opKey * 10^14 + 1000100 (shapeLen - ubSplitAxis <= 5) or + 1001100 */
    uint32_t block_dim;     /* blockNum */
    uint64_t workspace;     /* 32 */
} acpu_silu_arch35_plan;

/* 0 on success; -1 for dtypes outside the nine opKeys, shapes that do not broadcast (or are empty),
 * no cores, or a UB too small for one aligned block of elements. */
int acpu_silu_tiling_arch35(const acpu_platform *platform, const acpu_silu_tiling_args *args,
                            acpu_silu_arch35_plan *plan);

/* ---- ascend910b --------------------------------------------------------------------------------- */
typedef struct {
    uint64_t smallCoreDataNum, bigCoreDataNum, tileDataNum, tailBlockNum;
} acpu_silu_910b_data;

typedef struct {
    acpu_silu_910b_data data;
    uint32_t tiling_key; /* schMode: 0 single buffer, 1 double buffer */
    uint32_t block_dim;  /* cores */
    uint64_t workspace;  /* CANN: the platform library's workspace (not in the sources); 0 here */
} acpu_silu_910b_plan;

/* Element count = product of inputs[0]'s dims. 0 on success; -1 for n == 0, no cores or a UB that
 * cannot hold one tile. */
int acpu_silu_tiling_910b(const acpu_platform *platform, const acpu_silu_tiling_args *args, acpu_silu_910b_plan *plan);

/* The two strategies, in the order SiluGrad tries them: ascend910b on its profiles, arch35 elsewhere. */
extern const acpu_strategy acpu_strategy_silu_910b;
extern const acpu_strategy acpu_strategy_silu_arch35;
/* The 910B kernel's parameters of the big/small-core scheme. */
extern const acpu_bigsmall_params acpu_silu_910b_scheme;

#endif /* ACPU_SILU_TILING_H_ */
