/* The atvoss element-wise scheme (acpu_tiling.h; opbase src/op_common/atvoss/elewise/elewise_tiling.cpp,
 * ElewiseTiling and ElewiseBaseTiling::DoTiling). */
#include <string.h>

#include "common/acpu_int_math.h"
#include "tiling/acpu_tiling.h"

#define EW_REPEAT_BYTES 256
#define EW_MIN_BITS_PER_CORE 32768 /* MIN_TILING_BITS_SIZE_PER_CORE: 4 KB */
#define EW_BLOCK_ALIGN 512         /* CACHE_LINE_BYTE_LENGTH, used as an element count */
#define EW_SCHEDULE_KEY 100        /* innerKey = computeKey * 10^6 + scheduleKey, computeKey 0 */
#define EW_SCHE_MODE 1             /* DEFAULT_SCHEMODE */

static int kernel_dtype_index(aclDataType dt) { return dt == ACL_FLOAT16 ? 1 : dt == ACL_BF16 ? 2 : 0; }

const acpu_elewise_dag *acpu_elewise_dag_of(const acpu_elewise_params *prm, const acpu_tiling_call *c, int *variant)
{
    int v = prm->variant != NULL ? prm->variant(c) : 0;
    *variant = v >= 0 && v < ACPU_ELEWISE_VARIANTS ? v : 0;
    return &prm->dag[*variant][kernel_dtype_index(c->compute_dt)];
}

int acpu_plan_elewise(const acpu_platform *p, uint64_t n, const acpu_elewise_dag *dag, int64_t extra_bytes,
                      acpu_elewise_data *d, const char **why)
{
    int64_t max_bits = dag->max_dtype_bytes * 8, min_bits = dag->min_dtype_bytes * 8;
    int64_t divisor = dag->buffer_num * max_bits;
    memset(d, 0, sizeof *d);
    if (n == 0 || n > (uint64_t)INT64_MAX / 64u) {
        *why = n == 0 ? "an empty tensor (elewiseTiling dim can not be 0)" : "more elements than the scheme counts";
        return -1;
    }
    if (p->core_num == 0 || divisor <= 0 || min_bits <= 0) {
        *why = "no cores on the profile";
        return -1;
    }
    if (p->ub_bytes > (uint64_t)INT64_MAX / 8u) { /* the scheme counts the UB in bits, as int64 */
        *why = "a UB of more than INT64_MAX / 8 bytes, which the scheme cannot count in bits";
        return -1;
    }
    if ((int64_t)p->ub_bytes < extra_bytes) {
        *why = "the UB is smaller than the kernel's extra buffers";
        return -1;
    }
    int64_t dim0 = (int64_t)n, align = EW_REPEAT_BYTES * 8 / min_bits;
    int64_t max_elems = ((int64_t)p->ub_bytes - extra_bytes) * 8 / divisor / align * align;
    if (max_elems == 0) {
        *why = "the UB cannot hold one tile of the kernel's buffers (ubFormer 0)";
        return -1;
    }
    int64_t cores = (int64_t)acpu_ceil_div_u64((uint64_t)dim0 * (uint64_t)min_bits, EW_MIN_BITS_PER_CORE);
    if (cores > (int64_t)p->core_num)
        cores = (int64_t)p->core_num;
    int64_t block_former = (int64_t)acpu_align_up_u64(acpu_ceil_div_u64((uint64_t)dim0, (uint64_t)cores),
                                                      EW_BLOCK_ALIGN);
    int64_t block_num = (int64_t)acpu_ceil_div_u64((uint64_t)dim0, (uint64_t)block_former);
    int64_t block_tail = dim0 - (block_num - 1) * block_former;
    d->dim0 = dim0;
    d->coreNum = cores;
    d->blockFormer = block_former;
    d->blockNum = block_num;
    d->ubFormer = max_elems;
    d->elemNum = max_elems;
    d->ubLoopOfFormerBlock = (int64_t)acpu_ceil_div_u64((uint64_t)block_former, (uint64_t)max_elems);
    d->ubLoopOfTailBlock = (int64_t)acpu_ceil_div_u64((uint64_t)block_tail, (uint64_t)max_elems);
    d->ubTailOfFormerBlock = block_former - (d->ubLoopOfFormerBlock - 1) * max_elems;
    d->ubTailOfTailBlock = block_tail - (d->ubLoopOfTailBlock - 1) * max_elems;
    d->scheMode = EW_SCHE_MODE;
    return 0;
}

void acpu_sched_elewise(const acpu_elewise_data *d, acpu_schedule *s)
{
    uint64_t former = (uint64_t)d->blockFormer, num = (uint64_t)d->blockNum;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_RANGES;
    s->total = (uint64_t)d->dim0;
    s->core_num = num;
    s->small_core_len = former;
    s->last_core_len = (uint64_t)d->dim0 - (num - 1u) * former;
    s->tile = acpu_min_u64((uint64_t)d->ubFormer, former);
    s->double_buffer = true;
}

/* ---- the strategy ---------------------------------------------------------------------------- */

_Static_assert(sizeof(acpu_elewise_data) <= ACPU_TILING_RECORD_BYTES, "elewise record");

static int plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    const acpu_elewise_params *prm = params;
    acpu_elewise_data *d = (acpu_elewise_data *)(void *)r->record;
    int variant;
    const acpu_elewise_dag *dag = acpu_elewise_dag_of(prm, c, &variant);
    r->sch = prm->variant_names[variant] != NULL ? prm->variant_names[variant] : "elewise";
    if (acpu_plan_elewise(p, c->n, dag, prm->extra_bytes, d, &r->why) != 0)
        return -1;
    d->variant = variant;
    acpu_sched_elewise(d, &r->sched);
    return 0;
}

static void describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *s)
{
    const acpu_elewise_params *prm = params;
    const acpu_elewise_data *d = (const acpu_elewise_data *)(const void *)r->record;
    bool legacy = prm->layout == ACPU_ELEWISE_LEGACY;
    uint64_t key = legacy                    ? prm->legacy_key[kernel_dtype_index(c->compute_dt)]
                   : prm->tiling_key != NULL ? prm->tiling_key(c, d->variant)
                                             : 0;
    acpu_tiling_describe_head(s, "elewise", acpu_tiling_source_950(p->soc),
                              legacy || prm->tiling_key != NULL ? &key : NULL, (uint64_t)d->blockNum, prm->workspace);
    if (prm->tpl_args != NULL) {
        s->begin(s->ctx, "tplArgs");
        prm->tpl_args(c, d->variant, s);
        s->end(s->ctx);
    }
    if (prm->variant_names[d->variant] != NULL)
        s->str(s->ctx, "dag", prm->variant_names[d->variant]);
    s->begin(s->ctx, "tilingData");
    if (legacy) { /* SigmoidTilingData's fields in its order */
        s->i64(s->ctx, "dim0", d->dim0);
        s->i64(s->ctx, "blockFormer", d->blockFormer);
        s->i64(s->ctx, "ubFormer", d->ubFormer);
        s->i64(s->ctx, "ubLoopOfFormerBlock", d->ubLoopOfFormerBlock);
        s->i64(s->ctx, "ubLoopOfTailBlock", d->ubLoopOfTailBlock);
        s->i64(s->ctx, "ubTailOfFormerBlock", d->ubTailOfFormerBlock);
        s->i64(s->ctx, "ubTailOfTailBlock", d->ubTailOfTailBlock);
        s->i64(s->ctx, "elemNum", d->elemNum);
        s->end(s->ctx);
        return;
    }
    s->i64(s->ctx, "dim0", d->dim0);
    s->i64(s->ctx, "coreNum", d->coreNum);
    s->i64(s->ctx, "ubFormer", d->ubFormer);
    if (prm->layout == ACPU_ELEWISE_BASE) {
        s->i64(s->ctx, "blockFormer", d->blockFormer);
        s->i64(s->ctx, "blockNum", d->blockNum);
        s->i64(s->ctx, "ubLoopOfFormerBlock", d->ubLoopOfFormerBlock);
        s->i64(s->ctx, "ubLoopOfTailBlock", d->ubLoopOfTailBlock);
        s->i64(s->ctx, "ubTailOfFormerBlock", d->ubTailOfFormerBlock);
        s->i64(s->ctx, "ubTailOfTailBlock", d->ubTailOfTailBlock);
        s->i64(s->ctx, "elemNum", d->elemNum);
        s->i64(s->ctx, "scheMode", d->scheMode);
    }
    for (int i = 0; i < prm->n_scalars; i++)
        s->real(s->ctx, prm->scalar_names[i], (double)c->attrs[prm->scalar_attrs[i]].f);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_elewise = {.name = "elewise", .plan = plan, .describe = describe};
