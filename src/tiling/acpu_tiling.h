/* Tiling strategies: the plans CANN's host tilings compute, as pure functions of a platform profile
 * and the call. An operator lists the strategies it may use in the order they are tried (as
 * oneDNN's ordered implementation lists); the first whose profiles include the active one and that
 * accepts the call plans it. A strategy is either one of the generic schemes an operator picks with
 * parameters (below: the atvoss element-wise scheme, the atvoss broadcast scheme, the even split,
 * the big/small-core scheme), or an operator's own algorithm built on them (EluGradV2's,
 * SoftplusV2Grad's arch35 split). Every strategy gives the schedule the engine runs
 * (common/acpu_schedule.h) and describes CANN's tiling data field by field (the tiling lab prints
 * that as JSON). No I/O, no threads, no allocation. */
#ifndef ACPU_TILING_H_
#define ACPU_TILING_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "common/acpu_attr.h"
#include "common/acpu_schedule.h"
#include "tiling/acpu_broadcast.h"
#include "tiling/acpu_platform.h"

#define ACPU_TILING_MAX_INPUTS 3

/* The call as a tiling sees it: the views' shapes, the dtypes, the attribute values. */
typedef struct {
    int n_in;
    acpu_bc_shape in[ACPU_TILING_MAX_INPUTS];
    acpu_bc_shape out;
    aclDataType in_dt[ACPU_TILING_MAX_INPUTS];
    aclDataType out_dt;
    aclDataType compute_dt; /* the kernel's dtype (inputs are cast to it) */
    acpu_attr_value attrs[ACPU_MAX_ATTRS];
    bool dense; /* every view is dense (the ascend910b strategies need it) */
    uint64_t n; /* output elements */
} acpu_tiling_call;

/* A strategy's result: the schedule, the name phase 1's verbose line prints, and the strategy's own
 * record of CANN's tiling data (opaque here: each strategy checks that its record fits). */
#define ACPU_TILING_RECORD_BYTES 768
typedef struct {
    acpu_schedule sched;
    const char *sch; /* "arch35", "ascend910b", an EluGradV2 schedule mode, ... */
    const char *why; /* on failure: what the tiling could not do */
    _Alignas(16) unsigned char record[ACPU_TILING_RECORD_BYTES];
} acpu_tiling_result;

/* Where a strategy's description goes, in order: named values, nested objects, integer lists and
 * lists of lists (the lab writes JSON from it). */
typedef struct {
    void *ctx;
    void (*u64)(void *ctx, const char *name, uint64_t v);
    void (*i64)(void *ctx, const char *name, int64_t v);
    void (*real)(void *ctx, const char *name, double v); /* an fp32 value, printed with 9 digits */
    void (*flag)(void *ctx, const char *name, bool v);
    void (*str)(void *ctx, const char *name, const char *v);
    void (*list)(void *ctx, const char *name, const int64_t *v, int64_t n);
    void (*rows)(void *ctx, const char *name, const int64_t *v, int64_t count, int64_t n, int64_t stride);
    void (*begin)(void *ctx, const char *name);
    void (*end)(void *ctx);
} acpu_field_sink;

typedef struct acpu_strategy acpu_strategy;
struct acpu_strategy {
    const char *name; /* what --strategy names and verbose lines print */
    /* The profiles whose tiling this is (NULL: every profile). */
    bool (*for_soc)(acpu_soc soc);
    /* NULL when the strategy can plan this call; otherwise why not (shapes, density). A strategy
     * forced by the tiling lab must accept the call too. */
    const char *(*refuses)(const acpu_tiling_call *c);
    /* 0 and the result, or -1 and r->why. `params` is the operator's parameter block for it. */
    int (*plan)(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r);
    /* CANN's tiling data of a result, after "op" and "soc". */
    void (*describe)(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *sink);
};

/* One entry of an operator's list: a strategy and its parameters. */
typedef struct {
    const acpu_strategy *strategy;
    const void *params;
} acpu_tiling_choice;

#define ACPU_MAX_TILINGS 3

/* The first of `choices[0..n)` for the profile that accepts the call; NULL when none does. */
const acpu_tiling_choice *acpu_tiling_pick(const acpu_tiling_choice *choices, int n, acpu_soc soc,
                                           const acpu_tiling_call *c);
/* Plans a call with a choice's strategy: 0 and the result, or -1 and r->why. Besides what each
 * strategy refuses itself, a schedule the engine could not run is refused here for every strategy
 * alike: a call with elements whose plan has no core or a zero-element tile (the engine divides by
 * the tile), or a SPLIT / BLOCKS plan with an empty tile segment. */
int acpu_tiling_plan(const acpu_tiling_choice *choice, const acpu_platform *p, const acpu_tiling_call *c,
                     acpu_tiling_result *r);

/* Every strategy's head fields: "strategy", "source" (where the plan comes from: CANN's open kernel
 * for this profile, or that kernel's scheme with this profile's cores and UB), "tilingKey" (when
 * `key` is not NULL: a kernel with template arguments gives them as "tplArgs" instead), "blockDim",
 * "workspace". */
void acpu_tiling_describe_head(const acpu_field_sink *s, const char *strategy, const char *source, const uint64_t *key,
                               uint64_t block_dim, uint64_t workspace);
/* The "source" of a plan whose open kernel is the Ascend950 one (most of the family). */
const char *acpu_tiling_source_950(acpu_soc soc);

/* Bytes of a dtype as the tilings count it (0 for the ones they do not take). */
uint64_t acpu_tiling_dtype_bytes(aclDataType dt);

/* ---- the atvoss element-wise scheme (ElewiseBaseTiling::DoTiling, opbase elewise_tiling.cpp) ----
 * dim0 = the element count; cores = ceil(dim0 * minDtypeBits / 32768) up to the profile's;
 * blockFormer = ceil(ceil(dim0 / cores) / 512) * 512 elements, blockNum = ceil(dim0 / blockFormer);
 * ubFormer = (UB - extra) * 8 / bufferDivisor rounded down to 256 * 8 / minDtypeBits, where
 * bufferDivisor = (the DAG's live buffers + extra buffers) * maxDtypeBits. The DAG constants are
 * compile-time properties of the operator's kernel DAG (OpDag::BufferNum, MaxDtypeBytes,
 * MinDtypeBytes), per kernel dtype and, where the operator's tiling picks among DAGs by attribute
 * value, per variant (doc/CANN.md#atvoss says how they were obtained). */
#define ACPU_ELEWISE_VARIANTS 4

typedef struct {
    int64_t buffer_num;      /* OpDag::BufferNum (+ extraBufferNum) */
    int64_t max_dtype_bytes; /* OpDag::MaxDtypeBytes */
    int64_t min_dtype_bytes; /* OpDag::MinDtypeBytes */
} acpu_elewise_dag;

/* The tiling data the operator stores: EleBaseTilingData (every field), or the 16/24/32-byte forms
 * (dim0, coreNum, ubFormer, then the scalars SetScalar wrote, as floats), or the data of the older
 * ElewiseTiling helper (opbase elewise_tiling.cpp; Sigmoid, SigmoidGrad: dim0, blockFormer,
 * ubFormer, the loop and tail counts, elemNum) under a numeric tiling key opKey * 10^14 + 100. Its
 * computeMap's bufferDivisor is the DAG row's buffer_num * maxDtypeBits. */
typedef enum { ACPU_ELEWISE_BASE = 0, ACPU_ELEWISE_COMPACT, ACPU_ELEWISE_LEGACY } acpu_elewise_layout;

typedef struct {
    acpu_elewise_dag dag[ACPU_ELEWISE_VARIANTS][3]; /* [variant][kernel dtype: fp32, fp16, bf16] */
    /* The DAG variant the operator's tiling picks for this call (NULL: variant 0), and its name. */
    int (*variant)(const acpu_tiling_call *c);
    const char *variant_names[ACPU_ELEWISE_VARIANTS];
    int64_t extra_bytes; /* extraSize */
    acpu_elewise_layout layout;
    int n_scalars; /* attributes stored after the base fields (by attribute index) */
    int scalar_attrs[ACPU_MAX_ATTRS];
    const char *scalar_names[ACPU_MAX_ATTRS];
    /* The kernel's template arguments for a variant, as the fields of the plan's "tplArgs" object
     * (GET_TPL_TILING_KEY packs them into the tiling key). */
    void (*tpl_args)(const acpu_tiling_call *c, int variant, const acpu_field_sink *s);
    uint64_t workspace; /* the operator's workspace[0] */
    /* The tiling key the operator sets (SetTilingKey, or GET_TPL_TILING_KEY of its template
     * arguments), printed as "tilingKey"; NULL: none printed. */
    uint64_t (*tiling_key)(const acpu_tiling_call *c, int variant);
    uint64_t legacy_key[3]; /* ACPU_ELEWISE_LEGACY: the tiling key per kernel dtype (fp32, fp16, bf16) */
} acpu_elewise_params;

typedef struct {
    int64_t dim0, blockFormer, blockNum, ubFormer, ubLoopOfFormerBlock, ubLoopOfTailBlock, ubTailOfFormerBlock,
        ubTailOfTailBlock, elemNum, coreNum, scheMode;
    int variant;
} acpu_elewise_data;

/* The DAG row of a call: the variant's, for the compute dtype. */
const acpu_elewise_dag *acpu_elewise_dag_of(const acpu_elewise_params *prm, const acpu_tiling_call *c, int *variant);
int acpu_plan_elewise(const acpu_platform *p, uint64_t n, const acpu_elewise_dag *dag, int64_t extra_bytes,
                      acpu_elewise_data *d, const char **why);
/* The schedule: blockNum cores of blockFormer elements (the last blockTail), tiles of ubFormer,
 * double-buffered (the atvoss queues hold two buffers). */
void acpu_sched_elewise(const acpu_elewise_data *d, acpu_schedule *s);
extern const acpu_strategy acpu_strategy_elewise; /* params: acpu_elewise_params */

/* ---- the big/small-core scheme (EluGradV2-style kernels, CeluV2, SoftplusV2Grad and SiluGrad on
 * 910B): whole blocks of block_bytes spread over the cores, the first tailBlockNum ("big") cores
 * one block more, each core's elements cut into tiles of tileDataNum; a tile takes
 * ub / block_bytes / buffers blocks (buffers counted per dtype: [0] fp32, [1] 16-bit), with a
 * single-buffer and a double-buffer count. */
typedef enum {
    ACPU_BS_SINGLE = 0, /* always single-buffered */
    ACPU_BS_DOUBLE,     /* always double-buffered */
    ACPU_BS_BY_SIZE     /* double-buffered when a small core holds more than two single tiles */
} acpu_bs_buffering;

typedef struct {
    uint64_t block_bytes;
    uint64_t single_buffers[2], double_buffers[2];
    acpu_bs_buffering buffering;
    uint64_t min_core_elems;   /* 0, or a core only per this many elements (SiluGrad: 1024) */
    bool one_core_single_tile; /* one core when one tile holds everything (SoftplusV2Grad) */
    /* For the strategy (acpu_strategy_bigsmall): NULL, or why the operator's tiling refuses the call
     * (CeluV2: alpha near zero); the operator's scalars after the scheme's fields; its workspace. */
    const char *(*refuse)(const acpu_tiling_call *c);
    void (*describe_scalars)(const acpu_tiling_call *c, const acpu_field_sink *s);
    uint64_t workspace;
} acpu_bigsmall_params;

typedef struct {
    uint64_t smallCoreDataNum, bigCoreDataNum, tileDataNum, tailBlockNum, finalBigTileNum, finalSmallTileNum,
        smallTailDataNum, bigTailDataNum, typeLength, blockDim;
    bool doubleBuffer;
} acpu_bigsmall_data;

/* n elements of type_len bytes; -1 (and *why) when no core or the UB cannot hold one tile. */
int acpu_plan_bigsmall(const acpu_platform *p, uint64_t n, uint64_t type_len, const acpu_bigsmall_params *prm,
                       acpu_bigsmall_data *d, const char **why);
/* RANGES over n elements (CANN's whole-block counts overshoot: the engine clamps), the tile no
 * larger than a core's share. */
void acpu_sched_bigsmall(const acpu_bigsmall_data *d, uint64_t n, acpu_schedule *s);
extern const acpu_strategy acpu_strategy_bigsmall; /* params: acpu_bigsmall_params */

/* ---- the even split of the hand-written kernels (totalNum, blockFactor, ubFactor) --------------
 * blockFactor = ceil(n / cores), usedCoreNum = ceil(n / blockFactor); ubFactor = the UB in
 * elements of calc_bytes divided by the kernel's buffers, rounded down to `align` elements.
 * The kernels' own variations are parameters after `workspace` (zero: not used): a single-buffered
 * kernel for small calls (HardSwishGrad), one core for small calls (HardSigmoidGrad), cores limited
 * to one per so many input bytes and a UB reserve, integer compute dtypes and an alignment in bytes
 * of the input's dtype (HardSigmoid), the attributes stored after the three fields, the names of
 * the fields and the kernel's template arguments. */
struct acpu_even_data;
typedef struct {
    uint64_t calc_bytes[2]; /* the bytes the kernel computes an element in: [0] fp32, [1] 16-bit */
    uint64_t buffers[2];    /* its UB buffers */
    uint64_t align;         /* elements */
    bool double_buffer;     /* the kernel's queues hold two buffers */
    uint64_t tiling_key[2];
    uint64_t workspace;
    /* n <= single_upto: the kernel single-buffers, with single_buffers[] UB buffers */
    uint64_t single_upto;
    uint64_t single_buffers[2];
    uint64_t one_core_below; /* n below this: one core */
    uint64_t min_core_bytes; /* at most n * (input dtype bytes) / min_core_bytes cores (at least one) */
    uint64_t reserve_bytes;  /* UB bytes the kernel keeps back before the division */
    uint64_t int_calc_bytes; /* an integer compute dtype's bytes per element (one buffer); 0: column [0] */
    uint64_t align_bytes;    /* > 0: align to align_bytes / (input dtype bytes) elements instead */
    const char *total_name;  /* CANN's name of the element count field (NULL: "totalNum") */
    int n_scalars;           /* attributes stored after the fields (fp32), by attribute index */
    int scalar_attrs[ACPU_MAX_ATTRS];
    const char *scalar_names[ACPU_MAX_ATTRS];
    /* The kernel's template arguments (the plan's "tplArgs" instead of "tilingKey"), or NULL. */
    void (*tpl_args)(const acpu_tiling_call *c, const struct acpu_even_data *d, const acpu_field_sink *s);
} acpu_even_params;

typedef struct acpu_even_data {
    uint64_t totalNum, blockFactor, ubFactor, usedCoreNum;
    bool double_buffer; /* as the kernel runs this call */
} acpu_even_data;

int acpu_plan_even(const acpu_platform *p, uint64_t n, const acpu_even_params *prm, bool half, acpu_even_data *d,
                   const char **why);
/* The same with the kernels' variations (the parameters after `workspace`), for a tiling call. */
int acpu_plan_even_call(const acpu_platform *p, const acpu_tiling_call *c, const acpu_even_params *prm,
                        acpu_even_data *d, const char **why);
void acpu_sched_even(const acpu_even_data *d, bool double_buffer, acpu_schedule *s);
extern const acpu_strategy acpu_strategy_even; /* params: acpu_even_params */

/* ---- the atvoss broadcast scheme (BroadcastTiling: dimension collapse, UB budget, UB and
 * multi-core split; acpu_broadcast.h has the steps) ----------------------------------------------- */
typedef struct {
    acpu_bc_collapsed c;
    acpu_bc_split split;
} acpu_broadcast_data;

/* budget = floor((ub - extra) * 8 / divisor_bits) rounded down to 256 * 8 / min_bits elements. */
int acpu_plan_broadcast(const acpu_platform *p, const acpu_tiling_call *c, int64_t divisor_bits, int64_t min_bits,
                        int64_t extra, acpu_broadcast_data *d, const char **why);
/* BLOCKS of the split axis's tiles: blockFormer flat tiles per core, the last blockTail. */
void acpu_sched_broadcast(const acpu_broadcast_data *d, uint64_t n, acpu_schedule *s);

/* The strategy of the broadcast operators whose host tiling calls BroadcastTiling with a compute map
 * picked by an opKey of the dtypes (TanhGrad; SiluGrad has its own, silu_tiling.c): each row gives
 * the dtypes of the inputs and the output that select it (opKey = row + 1), the bufferDivisor and
 * minDtypeBits of its compute map. The tiling key is opKey * 10^14 + innerKey (computeKey 1:
 * 10^6 + 100, or + 1100 when more than 5 axes lie inside the UB split axis). DOUBLE (an AiCpu kernel
 * on the device) is planned as FLOAT. The data: blockFormer .. elemNum and the collapsed dims and
 * strides of each input and the output, in 8 entries. */
#define ACPU_BROADCAST_KEYS 9
typedef struct {
    int n_keys;
    struct {
        aclDataType dt[ACPU_TILING_MAX_INPUTS + 1]; /* inputs, then the output */
        int64_t divisor_bits, min_bits;
    } keys[ACPU_BROADCAST_KEYS];
    uint64_t workspace;
} acpu_broadcast_params;
extern const acpu_strategy acpu_strategy_broadcast; /* params: acpu_broadcast_params */

#endif /* ACPU_TILING_H_ */
