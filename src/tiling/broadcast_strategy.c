/* The strategy of the opKey-selected BroadcastTiling operators (acpu_tiling.h,
 * acpu_strategy_broadcast; e.g. ops-math tanh_grad_tiling_arch35.cpp): the atvoss broadcast scheme
 * (broadcast.c) with the compute map of the row the call's dtypes select. */
#include <string.h>

#include "tiling/acpu_tiling.h"

#define BC_OP_KEY_OFFSET 100000000000000ull /* BROADCAST_OP_KEY_OFFSET */
#define BC_COMPUTE_KEY 1000000ull           /* computeKey 1 * BROADCAST_COMPUTE_KEY_OFFSET */
#define BC_MAX_DIM 8

typedef struct {
    acpu_broadcast_data bc;
    int64_t op_key, divisor_bits;
    uint64_t tiling_key;
} bc_record;

_Static_assert(sizeof(bc_record) <= ACPU_TILING_RECORD_BYTES, "broadcast record");

/* DOUBLE runs CANN's AiCpu kernel, which has no tiling: planned as FLOAT. */
static aclDataType key_dtype(aclDataType dt) { return dt == ACL_DOUBLE ? ACL_FLOAT : dt; }

/* opKey: 1 + the first row whose dtypes are the call's; 0 when none is. */
static int64_t op_key(const acpu_broadcast_params *prm, const acpu_tiling_call *c)
{
    for (int k = 0; k < prm->n_keys; k++) {
        bool same = prm->keys[k].dt[c->n_in] == key_dtype(c->out_dt);
        for (int j = 0; j < c->n_in; j++)
            same = same && prm->keys[k].dt[j] == key_dtype(c->in_dt[j]);
        if (same)
            return k + 1;
    }
    return 0;
}

static int plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    const acpu_broadcast_params *prm = params;
    bc_record *t = (bc_record *)(void *)r->record;
    memset(t, 0, sizeof *t);
    r->sch = "broadcast";
    t->op_key = op_key(prm, c);
    if (t->op_key == 0) {
        r->why = "a dtype combination outside the kernel's opKeys";
        return -1;
    }
    t->divisor_bits = prm->keys[t->op_key - 1].divisor_bits;
    if (acpu_plan_broadcast(p, c, t->divisor_bits, prm->keys[t->op_key - 1].min_bits, 0, &t->bc, &r->why) != 0)
        return -1;
    uint64_t schedule = t->bc.c.rank - t->bc.split.ub_split_axis <= 5 ? 100u : 1100u;
    t->tiling_key = (uint64_t)t->op_key * BC_OP_KEY_OFFSET + BC_COMPUTE_KEY + schedule;
    acpu_sched_broadcast(&t->bc, c->n, &r->sched);
    return 0;
}

/* One tensor's collapsed dims or strides in BC_MAX_DIM entries (unused ones 0). */
static void list8(const acpu_field_sink *s, const char *name, const int64_t *v, int64_t rank)
{
    int64_t out[BC_MAX_DIM] = {0};
    memcpy(out, v, (size_t)rank * sizeof v[0]);
    s->list(s->ctx, name, out, BC_MAX_DIM);
}

static void describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *s)
{
    const acpu_broadcast_params *prm = params;
    const bc_record *t = (const bc_record *)(const void *)r->record;
    const acpu_bc_split *sp = &t->bc.split;
    const acpu_bc_collapsed *cl = &t->bc.c;
    acpu_tiling_describe_head(s, "broadcast", acpu_tiling_source_950(p->soc), &t->tiling_key, (uint64_t)sp->block_num,
                              prm->workspace);
    s->i64(s->ctx, "opKey", t->op_key);
    s->i64(s->ctx, "bufferDivisor", t->divisor_bits);
    s->begin(s->ctx, "tilingData");
    s->i64(s->ctx, "blockFormer", sp->block_former);
    s->i64(s->ctx, "ubFormer", sp->ub_former);
    s->i64(s->ctx, "ubOuter", sp->ub_outer);
    s->i64(s->ctx, "ubTail", sp->ub_tail);
    s->i64(s->ctx, "blockTail", sp->block_tail);
    s->i64(s->ctx, "shapeLen", cl->rank);
    s->i64(s->ctx, "ubSplitAxis", sp->ub_split_axis);
    s->i64(s->ctx, "dimProductBeforeUbInner", sp->fused);
    s->i64(s->ctx, "elemNum", sp->elem_num);
    static const char *const dims[] = {"input0Dims", "input1Dims", "input2Dims"};
    static const char *const strides[] = {"input0Strides", "input1Strides", "input2Strides"};
    for (int j = 0; j < c->n_in; j++)
        list8(s, dims[j], cl->in_dims[j], cl->rank);
    list8(s, "outputDims", cl->out_dims, cl->rank);
    for (int j = 0; j < c->n_in; j++)
        list8(s, strides[j], cl->in_strides[j], cl->rank);
    list8(s, "outputStrides", cl->out_strides, cl->rank);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_broadcast = {.name = "broadcast", .plan = plan, .describe = describe};
