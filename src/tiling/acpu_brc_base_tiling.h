/* The atvoss BroadcastBaseTiling<OpDag>::DoTiling scheme (opbase pkg_inc/op_common/atvoss/broadcast/
 * broadcast_tiling.h) as a strategy an operator picks with parameters: the operators whose arch35
 * tiling is `BroadcastBaseTiling<XxxDag<T>::OpDag> brc(context); brc.DoTiling(); key =
 * GET_TPL_TILING_KEY(brc.GetSchMode(), dType); brc.SetScalar(...)` (ReluGrad, ThresholdGradV2D,
 * LeakyReluGrad). Inputs are contiguous (the op_api makes them so), so DoTiling takes, after the
 * dimension collapse (acpu_bc_collapse):
 *   - a collapsed rank of 1 (equal shapes, or inputs of one element): the one-dim branch,
 *     DoOneDimOpTilingAdvance when the DAG has no Var placeholder and at most 4 inputs and outputs,
 *     DoOneDimOpTiling otherwise (schMode 202 / 201);
 *   - otherwise the NDDMA broadcast tiling (acpu_plan_broadcast with bufferDivisor =
 *     GetBufferNum<true, true>() * maxDtypeBits; schMode 1, or 2 when more than 5 dims run inside
 *     the UB split). CANN picks its UB-broadcast kernel (schMode 100 + rank, GetBufferNum<false,
 *     true>()) for some B8 / B16 aligned shapes and for non-last broadcasts of a long last axis
 *     (the NDDMA cache size of the SoC decides); that choice is not reproduced here (doc/CANN.md#brc-base).
 * Every DAG constant is per compute dtype, from the DAG probe (doc/CANN.md#atvoss). */
#ifndef ACPU_BRC_BASE_TILING_H_
#define ACPU_BRC_BASE_TILING_H_

#include <stdbool.h>
#include <stdint.h>

#include "tiling/acpu_tiling.h"

/* Columns of the per-dtype constants: the kernel's compute dtype. */
typedef enum {
    ACPU_BRC_F32 = 0,
    ACPU_BRC_F16,
    ACPU_BRC_BF16,
    ACPU_BRC_F64,
    ACPU_BRC_I8,
    ACPU_BRC_U8,
    ACPU_BRC_I16,
    ACPU_BRC_I32,
    ACPU_BRC_I64,
    ACPU_BRC_DTYPES
} acpu_brc_dtype;

typedef struct {
    int64_t alive;           /* OpDag::GetBufferNum<true, true>() (0: the dtype has no kernel) */
    int64_t max_dtype_bytes; /* OpDag::MaxDtypeBytes */
    int64_t min_dtype_bytes; /* OpDag::MinDtypeBytes */
    uint64_t tpl_dtype;      /* the kernel's dType template argument */
} acpu_brc_dag;

typedef struct acpu_brc_base_data acpu_brc_base_data;
typedef struct {
    acpu_brc_dag dag[ACPU_BRC_DTYPES];
    bool has_var;         /* OpDag::VarSize > 0 (a Placeholder::Var): DoOneDimOpTiling */
    const char *dag_name; /* what the plan prints as "dag" */
    int n_scalars;        /* SetScalar<float> of these attributes, in order */
    int scalar_attrs[ACPU_MAX_ATTRS];
    const char *scalar_names[ACPU_MAX_ATTRS];
    /* The rest is zero for the operators above. */
    /* The DAG variant the operator's tiling picks for the call (NULL: 0); variant 1's constants and
     * name, and DoTiling's extraSize per variant (UB bytes the kernel keeps for a library call:
     * GeluGradV2's Erf, 122880). */
    int (*variant)(const acpu_tiling_call *c);
    acpu_brc_dag dag_alt[ACPU_BRC_DTYPES];
    const char *dag_alt_name;
    int64_t extra_bytes[2];
    /* The profiles where the op_api broadcasts the inputs first (l0op::BroadcastTo), so that the
     * kernel and its tiling see every input in the output's shape (NULL: none, the kernel
     * broadcasts): GeluGrad off Ascend950, GeluGradV2 everywhere. */
    bool (*op_api_broadcasts)(acpu_soc soc);
    /* An IR input the kernel never reads but the tiling's shapes include, a copy of input
     * unread_copy_of (GeluGrad's y, which the op_api fills with dy): scalarFlag counts its bit. */
    bool unread_copy;
    int unread_copy_of;
    /* The kernel's template arguments for the plan (NULL: schMode and dType). */
    void (*tpl_args)(const acpu_tiling_call *c, int variant, const acpu_brc_base_data *d, const acpu_field_sink *s);
} acpu_brc_base_params;

typedef enum { ACPU_BRC_ONE_DIM_ADVANCE = 0, ACPU_BRC_ONE_DIM, ACPU_BRC_NDDMA } acpu_brc_branch;

/* The plan: the branch, schMode and each branch's tiling data (BroadcastOneDimTilingDataAdvance,
 * BroadcastOneDimTilingData, BroadcastBaseTilingData's split fields). */
struct acpu_brc_base_data {
    acpu_brc_branch branch;
    uint32_t sch_mode, tpl_dtype;
    int32_t alive, max_bytes, min_bytes; /* the dtype's constants (small: 32 bits keep the record in its bytes) */
    union {
        struct { /* the one-dim branches */
            int64_t scalar_flag;
            int64_t dim_len, tile_num, block_num;                           /* advance */
            int64_t ub_former, ub_tail, ub_outer, block_former, block_tail; /* one-dim (ub_outer, block_former: both) */
        };
        acpu_broadcast_data bc; /* NDDMA */
    };
    int32_t variant;
    bool materialized; /* the op_api's BroadcastTo made every input the output's shape */
};

/* The column of a compute dtype; -1 for a dtype without one. */
int acpu_brc_dtype_index(aclDataType dt);
/* 0 and the plan of n_in inputs broadcast to `out` with the dtype's constants; -1 and *why. */
int acpu_plan_brc_base(const acpu_platform *p, const acpu_tiling_call *c, const acpu_brc_base_params *prm,
                       acpu_brc_base_data *d, const char **why);
/* The schedule the engine runs for a plan of n output elements. */
void acpu_sched_brc_base(const acpu_brc_base_data *d, uint64_t n, acpu_schedule *s);

extern const acpu_strategy acpu_strategy_brc_base; /* params: acpu_brc_base_params */

#endif /* ACPU_BRC_BASE_TILING_H_ */
