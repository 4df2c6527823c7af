/* Plan execution: logical cores -> OpenMP threads, tiles in the NPU's stage order. */
#include <omp.h>

#include "acpu_engine.h"

/* Default when the plan does not say: a thread pays for its fork/join (~1-2 us with libgomp) only
 * above this many elements of a cheap (exp-free) kernel. */
#define ACPU_MIN_ELEMS_PER_THREAD 16384u
#define ACPU_STAGE_ALIGN 64u

typedef struct {
    const acpu_binary_task *task;
    bool stage_in[2], stage_out, out_dense;
    char *in_buf[2][2];   /* [slot][input] */
    char *out_buf[2];     /* [slot] kernel results */
    char *cast_buf;       /* cast results awaiting a strided scatter */
    const char *in_ptr[2][2];
} acpu_stage_ctx;

void acpu_core_range(const acpu_core_plan *plan, uint64_t core, uint64_t *start, uint64_t *len)
{
    if (core < plan->big_core_num) {
        *start = core * plan->big_core_len;
        *len = plan->big_core_len;
    } else {
        *start = plan->big_core_num * plan->big_core_len + (core - plan->big_core_num) * plan->small_core_len;
        *len = plan->small_core_len;
    }
    if (core + 1 == plan->core_num)
        *len = plan->last_core_len;
}

unsigned acpu_engine_threads(const acpu_core_plan *plan, unsigned requested)
{
    uint64_t grain = plan->min_thread_elems ? plan->min_thread_elems : ACPU_MIN_ELEMS_PER_THREAD;
    uint64_t by_size = (plan->total + grain - 1) / grain;
    uint64_t t = requested;
    if (t > plan->core_num)
        t = plan->core_num;
    if (t > by_size)
        t = by_size;
    return t > 0 ? (unsigned)t : 1u;
}

static size_t align_up(size_t v) { return (v + ACPU_STAGE_ALIGN - 1) & ~(size_t)(ACPU_STAGE_ALIGN - 1); }

static void stage_flags(const acpu_binary_task *task, acpu_stage_ctx *c)
{
    c->task = task;
    for (int j = 0; j < 2; j++)
        c->stage_in[j] = !acpu_view_is_dense(&task->in[j]);
    c->out_dense = acpu_view_is_dense(&task->out);
    c->stage_out = !c->out_dense || task->cast != NULL;
}

/* Lays out one thread's buffers from `base` (NULL: only measure); returns the bytes used. */
static size_t stage_layout(acpu_stage_ctx *c, const acpu_core_plan *plan, char *base)
{
    size_t tile_bytes = align_up(plan->tile * c->task->kernel_elem), used = 0;
    for (int s = 0; s < 2; s++) {
        for (int j = 0; j < 2; j++) {
            c->in_buf[s][j] = c->stage_in[j] && base ? base + used : NULL;
            used += c->stage_in[j] ? tile_bytes : 0;
        }
        c->out_buf[s] = c->stage_out && base ? base + used : NULL;
        used += c->stage_out ? tile_bytes : 0;
    }
    bool cast_staged = c->task->cast != NULL && !c->out_dense;
    c->cast_buf = cast_staged && base ? base + used : NULL;
    used += cast_staged ? align_up(plan->tile * c->task->out.elem_size) : 0;
    return used;
}

size_t acpu_engine_workspace(const acpu_core_plan *plan, const acpu_binary_task *task, unsigned threads)
{
    acpu_stage_ctx c;
    stage_flags(task, &c);
    size_t per_thread = stage_layout(&c, plan, NULL);
    return per_thread == 0 ? 0 : per_thread * threads + ACPU_STAGE_ALIGN; /* slack to align the base */
}

static void copy_in(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    for (int j = 0; j < 2; j++) {
        const acpu_view *v = &c->task->in[j];
        if (c->stage_in[j]) {
            acpu_view_gather(v, start, len, c->in_buf[slot][j]);
            c->in_ptr[slot][j] = c->in_buf[slot][j];
        } else {
            c->in_ptr[slot][j] = v->data + start * v->elem_size;
        }
    }
}

static void compute(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    const acpu_binary_task *t = c->task;
    void *dst = c->stage_out ? c->out_buf[slot] : t->out.data + start * t->out.elem_size;
    t->kernel(len, c->in_ptr[slot][0], c->in_ptr[slot][1], dst, t->params);
}

static void copy_out(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    const acpu_binary_task *t = c->task;
    if (!c->stage_out)
        return;
    if (t->cast == NULL) {
        acpu_view_scatter(&t->out, start, len, c->out_buf[slot]);
    } else if (c->out_dense) {
        t->cast(len, c->out_buf[slot], t->out.data + start * t->out.elem_size);
    } else {
        t->cast(len, c->out_buf[slot], c->cast_buf);
        acpu_view_scatter(&t->out, start, len, c->cast_buf);
    }
}

/* One logical core: sequential tiles, or the double-buffered order
 * CopyIn(0); for i in 1..T: CopyIn(i) if i < T; Compute(i-1); CopyOut(i-2) if i > 1; CopyOut(T-1). */
static void run_core(acpu_stage_ctx *c, const acpu_core_plan *plan, uint64_t core)
{
    uint64_t start, len;
    acpu_core_range(plan, core, &start, &len);
    if (len == 0)
        return;
    uint64_t tile = plan->tile, tiles = (len + tile - 1) / tile;
#define TILE_START(t) (start + (t) * tile)
#define TILE_LEN(t) ((t) + 1 < tiles ? tile : len - (t) * tile)
    if (!plan->double_buffer || tiles <= 1) {
        for (uint64_t t = 0; t < tiles; t++) {
            copy_in(c, TILE_START(t), TILE_LEN(t), 0);
            compute(c, TILE_START(t), TILE_LEN(t), 0);
            copy_out(c, TILE_START(t), TILE_LEN(t), 0);
        }
        return;
    }
    copy_in(c, TILE_START(0), TILE_LEN(0), 0);
    for (uint64_t i = 1; i <= tiles; i++) {
        if (i < tiles)
            copy_in(c, TILE_START(i), TILE_LEN(i), (int)(i & 1));
        compute(c, TILE_START(i - 1), TILE_LEN(i - 1), (int)((i - 1) & 1));
        if (i > 1)
            copy_out(c, TILE_START(i - 2), TILE_LEN(i - 2), (int)(i & 1));
    }
    copy_out(c, TILE_START(tiles - 1), TILE_LEN(tiles - 1), (int)((tiles - 1) & 1));
#undef TILE_START
#undef TILE_LEN
}

/* Thread `tid` of `threads` runs cores [tid*C/threads, (tid+1)*C/threads) under the IEEE default
 * floating-point environment (nearest rounding, no FTZ/DAZ), then restores the caller's. */
static void run_thread(const acpu_core_plan *plan, const acpu_binary_task *task, unsigned tid, unsigned threads,
                       char *workspace)
{
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    acpu_stage_ctx c;
    stage_flags(task, &c);
    size_t per_thread = stage_layout(&c, plan, NULL);
    stage_layout(&c, plan, workspace ? workspace + per_thread * tid : NULL);
    uint64_t first = plan->core_num * tid / threads, end = plan->core_num * (tid + 1) / threads;
    for (uint64_t core = first; core < end; core++)
        run_core(&c, plan, core);
    acpu_fp_leave(&saved);
}

void acpu_engine_run(const acpu_core_plan *plan, const acpu_binary_task *task, unsigned threads, void *workspace)
{
    char *ws = workspace ? (char *)(((uintptr_t)workspace + ACPU_STAGE_ALIGN - 1) & ~(uintptr_t)(ACPU_STAGE_ALIGN - 1))
                         : NULL;
    if (threads <= 1) {
        run_thread(plan, task, 0, 1, ws);
        return;
    }
#pragma omp parallel num_threads(threads)
    {
        unsigned tid = (unsigned)omp_get_thread_num(), team = (unsigned)omp_get_num_threads();
        run_thread(plan, task, tid, team, ws);
    }
}
