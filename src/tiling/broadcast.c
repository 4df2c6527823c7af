/* Shape-generic broadcast steps (acpu_broadcast.h) and the atvoss broadcast scheme (acpu_tiling.h). */
#include <string.h>

#include "tiling/acpu_broadcast.h"
#include "tiling/acpu_tiling.h"

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

/* ---- atvoss steps ------------------------------------------------------------------------------- */

/* Left-pads `s` (a 0-dim shape counts as {1}) to `rank` dims. */
static void pad_to(const acpu_bc_shape *s, int64_t rank, int64_t *out)
{
    int64_t r = s->rank == 0 ? 1 : s->rank, pad = rank - r;
    for (int64_t d = 0; d < rank; d++)
        out[d] = d < pad ? 1 : (s->rank == 0 ? 1 : s->dims[d - pad]);
}

typedef struct {
    int64_t rank, num_inputs;
    int64_t in[ACPU_BC_MAX_INPUTS][ACPU_BC_MAX_RANK], out[ACPU_BC_MAX_RANK];
    int64_t flag[ACPU_BC_MAX_RANK];
} padded_shapes;

/* Steps 1 and 2: padding, the broadcast check and the per-axis "this input is 1" flags. */
static bool pad_and_flag(const acpu_bc_shape *inputs, int64_t n, const acpu_bc_shape *output, padded_shapes *p)
{
    p->rank = output->rank == 0 ? 1 : output->rank;
    p->num_inputs = n;
    if (p->rank > ACPU_BC_MAX_RANK || n < 1 || n > ACPU_BC_MAX_INPUTS)
        return false;
    pad_to(output, p->rank, p->out);
    for (int64_t i = 0; i < n; i++) {
        if ((inputs[i].rank == 0 ? 1 : inputs[i].rank) > p->rank)
            return false;
        pad_to(&inputs[i], p->rank, p->in[i]);
    }
    for (int64_t a = 0; a < p->rank; a++) {
        if (p->out[a] <= 0) /* an empty output has nothing to split (and the split divides by its dims) */
            return false;
        p->flag[a] = 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t v = p->in[i][a];
            if (v <= 0 || (v != 1 && v != p->out[a]))
                return false;
            p->flag[a] = (p->flag[a] << 1) + (v == 1);
        }
    }
    return true;
}

/* Step 3 for every shape at once: keep, merge into the previous kept axis, or drop axis a. */
static void collapse_axes(const padded_shapes *p, acpu_bc_collapsed *c)
{
    int64_t target = ((int64_t)1 << p->num_inputs) - 1, prev = p->flag[0], len = 1;
    int64_t out[ACPU_BC_MAX_RANK], in[ACPU_BC_MAX_INPUTS][ACPU_BC_MAX_RANK];
    out[0] = p->out[0];
    for (int64_t i = 0; i < p->num_inputs; i++)
        in[i][0] = p->in[i][0];
    for (int64_t a = 1; a < p->rank; a++) {
        if (p->flag[a] == prev || (prev == target && p->out[a - 1] == 1)) {
            out[len - 1] *= p->out[a];
            for (int64_t i = 0; i < p->num_inputs; i++)
                in[i][len - 1] *= p->in[i][a];
            prev = p->flag[a];
        } else if (!(p->flag[a] == target && p->out[a] == 1)) {
            out[len] = p->out[a];
            for (int64_t i = 0; i < p->num_inputs; i++)
                in[i][len] = p->in[i][a];
            len++;
            prev = p->flag[a];
        }
    }
    c->rank = len;
    c->num_inputs = p->num_inputs;
    for (int64_t d = 0; d < len; d++) {
        c->out_dims[d] = out[d];
        for (int64_t i = 0; i < p->num_inputs; i++)
            c->in_dims[i][d] = in[i][d];
    }
}

/* Step 4: strides, innermost first; an input's broadcast axis gets 0. */
static void collapsed_strides(acpu_bc_collapsed *c)
{
    int64_t po = 1;
    for (int64_t d = c->rank - 1; d >= 0; d--) {
        c->out_strides[d] = po;
        po *= c->out_dims[d];
    }
    for (int64_t i = 0; i < c->num_inputs; i++) {
        int64_t p = 1;
        for (int64_t d = c->rank - 1; d >= 0; d--) {
            bool brc = c->in_dims[i][d] == 1 && c->out_dims[d] != 1;
            c->in_strides[i][d] = brc ? 0 : p;
            p *= brc ? 1 : c->in_dims[i][d];
        }
    }
}

bool acpu_bc_collapse(const acpu_bc_shape *inputs, int64_t num_inputs, const acpu_bc_shape *output,
                      acpu_bc_collapsed *c)
{
    padded_shapes p;
    if (!pad_and_flag(inputs, num_inputs, output, &p))
        return false;
    *c = (acpu_bc_collapsed){0};
    collapse_axes(&p, c); /* never more dims than the padded output's, so at most ACPU_BC_MAX_RANK */
    collapsed_strides(c);
    return true;
}

int64_t acpu_bc_ub_budget(uint64_t ub_bytes, uint64_t extra_bytes, uint64_t buffer_divisor_bits,
                          uint64_t min_dtype_bits)
{
    if (ub_bytes <= extra_bytes || buffer_divisor_bits == 0 || min_dtype_bits == 0)
        return 0;
    uint64_t ub = ub_bytes - extra_bytes, div = buffer_divisor_bits;
    /* floor(ub * 8 / div) without forming ub * 8 */
    uint64_t m = ub / div * 8u + ub % div * 8u / div, align = 256u * 8u / min_dtype_bits;
    m = m / align * align;
    return m > (uint64_t)INT64_MAX ? INT64_MAX / (int64_t)align * (int64_t)align : (int64_t)m;
}

bool acpu_bc_ub_block_split(const int64_t *dims, int64_t rank, int64_t elem_num, int64_t core_num, acpu_bc_split *s)
{
    if (core_num <= 0 || elem_num <= 0 || rank <= 0)
        return false;
    for (int64_t i = 0; i < rank; i++)
        if (dims[i] <= 0)
            return false;
    int64_t p = 1, axis = -1;
    for (int64_t i = rank - 1; i >= 0; i--) {
        if (p > elem_num / dims[i]) { /* p * dims[i] > elem_num, without overflow */
            axis = i;
            break;
        }
        p *= dims[i];
    }
    if (axis < 0) { /* the whole shape fits: split axis 0, P = product / dims[0] */
        axis = 0;
        p /= dims[0];
    }
    *s = (acpu_bc_split){.ub_split_axis = axis, .elem_num = elem_num};
    s->ub_former = rank == 1 ? elem_num : elem_num / p;
    s->ub_outer = dims[axis] / s->ub_former + (dims[axis] % s->ub_former != 0); /* ceil, no overflow */
    s->ub_tail = dims[axis] - (s->ub_outer - 1) * s->ub_former;
    s->fused = s->ub_outer;
    for (int64_t i = 0; i < axis; i++)
        s->fused *= dims[i];
    s->block_former = s->fused / core_num + (s->fused % core_num != 0);
    s->block_num = s->fused / s->block_former + (s->fused % s->block_former != 0);
    s->block_tail = s->fused - (s->block_num - 1) * s->block_former;
    return true;
}

/* ---- the atvoss broadcast scheme ------------------------------------------------------------------ */

int acpu_plan_broadcast(const acpu_platform *p, const acpu_tiling_call *c, int64_t divisor_bits, int64_t min_bits,
                        int64_t extra, acpu_broadcast_data *d, const char **why)
{
    memset(d, 0, sizeof *d);
    if (p->core_num == 0) {
        *why = "no cores on the profile";
        return -1;
    }
    if (!acpu_bc_collapse(c->in, c->n_in, &c->out, &d->c)) {
        *why = "shapes that do not broadcast to the output, or an empty dimension";
        return -1;
    }
    int64_t budget = acpu_bc_ub_budget(p->ub_bytes, (uint64_t)extra, (uint64_t)divisor_bits, (uint64_t)min_bits);
    if (!acpu_bc_ub_block_split(d->c.out_dims, d->c.rank, budget, (int64_t)p->core_num, &d->split)) {
        *why = "the UB cannot hold one aligned block of the kernel's buffers";
        return -1;
    }
    return 0;
}

void acpu_sched_broadcast(const acpu_broadcast_data *d, uint64_t n, acpu_schedule *s)
{
    const acpu_bc_split *sp = &d->split;
    uint64_t inner = 1, axis_len = (uint64_t)d->c.out_dims[sp->ub_split_axis];
    for (int64_t k = sp->ub_split_axis + 1; k < d->c.rank; k++)
        inner *= (uint64_t)d->c.out_dims[k];
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_BLOCKS;
    s->total = n;
    s->core_num = (uint64_t)sp->block_num;
    s->double_buffer = true; /* the kernels' queues hold two buffers */
    s->a_o = (uint64_t)sp->ub_outer;
    s->a_i = (uint64_t)sp->ub_former;
    s->a_i_tail = (uint64_t)sp->ub_tail;
    s->axis_len = axis_len;
    s->inner = inner;
    s->tile = (s->a_i < axis_len ? s->a_i : axis_len) * inner; /* the largest tile executed */
    s->block_former = (uint64_t)sp->block_former;
    s->block_tail = (uint64_t)sp->block_tail;
}
