/* Plan execution: logical cores -> OpenMP threads, tiles in the NPU's stage order. */
#include <omp.h>
#include <stdatomic.h>

#include "acpu_contention.h"
#include "acpu_engine.h"
#include "common/acpu_checked.h"
#include "common/acpu_int_math.h"

/* Default when the plan does not say: a thread pays for its fork/join (~1-2 us with libgomp) only
 * above this many elements of a cheap (exp-free) kernel. */
#define ACPU_MIN_ELEMS_PER_THREAD 16384u
#define ACPU_STAGE_ALIGN 64u
/* A streamed output is computed in chunks of this many bytes (L1-resident) and copied out: on one
 * Xeon, ReLU / leaky ReLU gradient / hardswish at 16M came within 0.9-1.08 of the streaming-store
 * roofline with 2 KiB, 0.8-0.97 with 4-8 KiB, 0.7-0.85 with 16 KiB (AVX-512). */
#define ACPU_STREAM_CHUNK_BYTES 2048u

typedef struct {
    const acpu_task *task;
    bool stage_in[ACPU_MAX_INPUTS], stage_out, out_dense, in_dense[ACPU_MAX_INPUTS];
    char *in_buf[2][ACPU_MAX_INPUTS]; /* [slot][input] kernel-dtype tiles */
    char *out_buf[2];                 /* [slot] kernel results */
    char *raw_buf;                    /* source-dtype elements between a strided copy and a cast */
    const void *in_ptr[2][ACPU_MAX_INPUTS];
    bool stream_out; /* the kernel writes stream_buf, the task's stream_copy the output */
    _Alignas(64) unsigned char stream_buf[ACPU_STREAM_CHUNK_BYTES];
} acpu_stage_ctx;

/* A core's work: RANGES and DEALT, an element range [base, base+len) in `tiles` tiles; SPLIT and
 * BLOCKS, flat tiles [base, base+tiles). */
typedef struct {
    uint64_t base, len, tiles;
} acpu_core_work;

static acpu_core_work ranges_work(const acpu_schedule *p, uint64_t core)
{
    uint64_t start, len;
    if (core < p->big_core_num) {
        start = core * p->big_core_len;
        len = p->big_core_len;
    } else {
        start = p->big_core_num * p->big_core_len + (core - p->big_core_num) * p->small_core_len;
        len = p->small_core_len;
    }
    if (core + 1 == p->core_num)
        len = p->last_core_len;
    len = start < p->total ? acpu_min_u64(len, p->total - start) : 0;
    return (acpu_core_work){start, len, (len + p->tile - 1) / p->tile};
}

static acpu_core_work blocks_work(const acpu_schedule *p, uint64_t core)
{
    return (acpu_core_work){core * p->block_former, 0, core + 1 == p->core_num ? p->block_tail : p->block_former};
}

static acpu_core_work split_work(const acpu_schedule *p, uint64_t core)
{
    uint64_t big = p->tiles_main + 1;
    uint64_t first = core < p->cores_tail ? core * big : p->cores_tail * big + (core - p->cores_tail) * p->tiles_main;
    return (acpu_core_work){first, 0, core < p->cores_tail ? big : p->tiles_main};
}

/* DEALT: core c takes tiles_main tiles (one more when c < cores_tail) of `tile` elements in element
 * order; the tensor's tiles fall short of `tile * count` by `shortfall` elements, taken from the end
 * of core short_core's range, so the later cores start that much earlier. */
static acpu_core_work dealt_work(const acpu_schedule *p, uint64_t core)
{
    uint64_t count = p->tiles_main * p->core_num + p->cores_tail, shortfall = count * p->tile - p->total;
    uint64_t tiles = p->tiles_main + (core < p->cores_tail ? 1u : 0u);
    uint64_t start = (core * p->tiles_main + acpu_min_u64(core, p->cores_tail)) * p->tile;
    uint64_t len = tiles * p->tile;
    if (core > p->short_core)
        start -= shortfall;
    if (core == p->short_core)
        len -= shortfall;
    return (acpu_core_work){start, len, tiles};
}

static acpu_core_work core_work(const acpu_schedule *p, uint64_t core)
{
    switch (p->kind) {
    case ACPU_SCHED_SPLIT: return split_work(p, core);
    case ACPU_SCHED_BLOCKS: return blocks_work(p, core);
    case ACPU_SCHED_DEALT: return dealt_work(p, core);
    default: return ranges_work(p, core);
    }
}

static void tile_extent(const acpu_schedule *p, const acpu_core_work *w, uint64_t t, uint64_t *start, uint64_t *len)
{
    if (p->kind == ACPU_SCHED_RANGES || p->kind == ACPU_SCHED_DEALT) {
        *start = w->base + t * p->tile;
        *len = acpu_min_u64(p->tile, w->len - t * p->tile);
        return;
    }
    uint64_t f = w->base + t, a_o = p->a_o ? p->a_o : 1, outer = f / a_o, seg = f % a_o;
    *start = (outer * p->axis_len + seg * p->a_i) * p->inner;
    *len = (seg + 1 == a_o ? p->a_i_tail : p->a_i) * p->inner;
}

/* Whether any input's bytes meet the output's (an in-place call: its output lines are read first
 * anyway, so a streaming store would save no read). */
static bool task_in_place(const acpu_task *task)
{
    uintptr_t out_lo, out_hi;
    acpu_view_bytes(&task->out, &out_lo, &out_hi);
    for (int j = 0; j < task->n_in; j++) {
        uintptr_t lo, hi;
        acpu_view_bytes(&task->in[j], &lo, &hi);
        if (lo < out_hi && out_lo < hi)
            return true;
    }
    return false;
}

unsigned acpu_engine_threads(const acpu_schedule *plan, const acpu_task *task, uint64_t grain, bool bytes_bound,
                             unsigned requested)
{
    grain = grain ? grain : ACPU_MIN_ELEMS_PER_THREAD;
    /* An in-place call moves half the bytes per element of an out-of-place one, so where the bytes
     * set the cost a thread pays for itself from twice the elements (at 64K on 2 threads in place:
     * 0.63-0.74 of one thread, AMD EPYC, AVX-512). Where the arithmetic sets it the plain grain
     * holds (measured in ops/op_phase.c, task_casts). */
    if (bytes_bound && task_in_place(task))
        grain *= 2;
    uint64_t by_size = acpu_ceil_div_u64(plan->total, grain); /* no wrap for totals near 2^64 */
    uint64_t t = acpu_min_u64(acpu_min_u64(requested, plan->core_num), by_size);
    return t > 0 ? (unsigned)t : 1u;
}

static size_t align_up(size_t v) { return (v + ACPU_STAGE_ALIGN - 1) & ~(size_t)(ACPU_STAGE_ALIGN - 1); }

/* An input is staged when it is strided or needs a cast; the output when it is strided or cast; a
 * dense output of the kernel dtype is streamed when the task asks and no input overlaps it. */
static void stage_flags(const acpu_task *task, acpu_stage_ctx *c)
{
    c->task = task;
    for (int j = 0; j < task->n_in; j++) {
        c->in_dense[j] = acpu_view_is_dense(&task->in[j]);
        c->stage_in[j] = !c->in_dense[j] || task->in_cast[j] != NULL;
    }
    c->out_dense = acpu_view_is_dense(&task->out);
    c->stage_out = !c->out_dense || task->cast != NULL;
    c->stream_out = task->stream_copy != NULL && !c->stage_out && task->kernel_elem > 0 &&
                    task->kernel_elem <= ACPU_STREAM_CHUNK_BYTES && !task_in_place(task);
}

/* Bytes of the raw buffer: the widest source element that is both strided and cast. */
static size_t raw_elem(const acpu_stage_ctx *c)
{
    const acpu_task *t = c->task;
    size_t es = 0;
    for (int j = 0; j < t->n_in; j++)
        if (!c->in_dense[j] && t->in_cast[j] != NULL && t->in[j].elem_size > es)
            es = t->in[j].elem_size;
    if (!c->out_dense && t->cast != NULL && t->out.elem_size > es)
        es = t->out.elem_size;
    return es;
}

/* Lays out one thread's buffers from `base` (NULL: only measure); returns the bytes used. */
static size_t stage_layout(acpu_stage_ctx *c, const acpu_schedule *plan, char *base)
{
    size_t tile_bytes = align_up(plan->tile * c->task->kernel_elem), used = 0;
    for (int s = 0; s < 2; s++) {
        for (int j = 0; j < c->task->n_in; j++) {
            c->in_buf[s][j] = c->stage_in[j] && base ? base + used : NULL;
            used += c->stage_in[j] ? tile_bytes : 0;
        }
        c->out_buf[s] = c->stage_out && base ? base + used : NULL;
        used += c->stage_out ? tile_bytes : 0;
    }
    c->raw_buf = raw_elem(c) && base ? base + used : NULL;
    used += align_up(plan->tile * raw_elem(c));
    return used;
}

/* Whether every staging size of the plan is representable: a tile of the widest element (16 bytes,
 * complex128) in each of the at most 2 * (ACPU_MAX_INPUTS + 1) + 1 buffers a thread lays out (plus
 * alignment), for every thread, within ptrdiff_t. Tiles come from the tilings, bounded by the
 * element count and the profile's UB, both of which a caller sets. */
static bool workspace_fits(const acpu_schedule *plan, unsigned threads)
{
    uint64_t bytes;
    return acpu_mul_u64(plan->tile + ACPU_STAGE_ALIGN, 16u * (2u * (ACPU_MAX_INPUTS + 1u) + 1u), &bytes) &&
           acpu_mul_u64(bytes, threads, &bytes) && bytes <= (uint64_t)PTRDIFF_MAX;
}

size_t acpu_engine_workspace(const acpu_schedule *plan, const acpu_task *task, unsigned threads)
{
    if (!workspace_fits(plan, threads))
        return SIZE_MAX;
    acpu_stage_ctx c;
    stage_flags(task, &c);
    size_t per_thread = stage_layout(&c, plan, NULL);
    return per_thread == 0 ? 0 : per_thread * threads + ACPU_STAGE_ALIGN; /* slack to align the base */
}

static void copy_in(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    for (int j = 0; j < c->task->n_in; j++) {
        const acpu_view *v = &c->task->in[j];
        acpu_cast_fn cast = c->task->in_cast[j];
        const char *src = v->data + start * v->elem_size;
        if (!c->stage_in[j]) {
            c->in_ptr[slot][j] = src;
            continue;
        }
        if (!c->in_dense[j]) {
            char *gathered = cast ? c->raw_buf : c->in_buf[slot][j];
            acpu_view_gather(v, start, len, gathered);
            src = gathered;
        }
        if (cast)
            cast(len, src, c->in_buf[slot][j]);
        c->in_ptr[slot][j] = c->in_buf[slot][j];
    }
}

/* The tile's results chunk by chunk into stream_buf, each copied out by streaming stores: the same
 * kernel on the same elements (its results depend on nothing else), so the same bits. */
static void compute_streamed(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    const acpu_task *t = c->task;
    size_t es = t->kernel_elem, chunk = ACPU_STREAM_CHUNK_BYTES / es;
    char *dst = t->out.data + start * es;
    for (uint64_t off = 0; off < len; off += chunk) {
        size_t m = (size_t)acpu_min_u64(chunk, len - off);
        const void *in[ACPU_MAX_INPUTS] = {NULL};
        for (int j = 0; j < t->n_in; j++)
            in[j] = (const char *)c->in_ptr[slot][j] + off * es;
        t->kernel(m, in, c->stream_buf, t->params);
        t->stream_copy(dst + off * es, c->stream_buf, m * es);
    }
}

static void compute(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    const acpu_task *t = c->task;
    if (c->stream_out) {
        compute_streamed(c, start, len, slot);
        return;
    }
    void *dst = c->stage_out ? c->out_buf[slot] : t->out.data + start * t->out.elem_size;
    t->kernel(len, c->in_ptr[slot], dst, t->params);
}

static void copy_out(acpu_stage_ctx *c, uint64_t start, uint64_t len, int slot)
{
    const acpu_task *t = c->task;
    if (!c->stage_out)
        return;
    if (t->cast == NULL) {
        acpu_view_scatter(&t->out, start, len, c->out_buf[slot]);
    } else if (c->out_dense) {
        t->cast(len, c->out_buf[slot], t->out.data + start * t->out.elem_size);
    } else {
        t->cast(len, c->out_buf[slot], c->raw_buf);
        acpu_view_scatter(&t->out, start, len, c->raw_buf);
    }
}

/* Tiles [t0, t1) of one logical core: sequential, or the double-buffered order
 * CopyIn(0); for i in 1..T: CopyIn(i) if i < T; Compute(i-1); CopyOut(i-2) if i > 1; CopyOut(T-1)
 * (T = t1 - t0). Every element's result depends only on its inputs, never on the order or on which
 * thread runs the tiles, so any split of a core's tiles gives the same bits. */
static void run_tiles(acpu_stage_ctx *c, const acpu_schedule *plan, const acpu_core_work *w, uint64_t t0, uint64_t t1)
{
    uint64_t tiles = t1 - t0, start[3], len[3]; /* extents of tiles i, i-1, i-2 (mod 3) */
    if (tiles == 0)
        return;
    if (!plan->double_buffer || tiles <= 1) {
        for (uint64_t t = t0; t < t1; t++) {
            tile_extent(plan, w, t, &start[0], &len[0]);
            copy_in(c, start[0], len[0], 0);
            compute(c, start[0], len[0], 0);
            copy_out(c, start[0], len[0], 0);
        }
        return;
    }
    tile_extent(plan, w, t0, &start[0], &len[0]);
    copy_in(c, start[0], len[0], 0);
    for (uint64_t i = 1; i <= tiles; i++) {
        if (i < tiles) {
            tile_extent(plan, w, t0 + i, &start[i % 3], &len[i % 3]);
            copy_in(c, start[i % 3], len[i % 3], (int)(i & 1));
        }
        compute(c, start[(i - 1) % 3], len[(i - 1) % 3], (int)((i - 1) & 1));
        if (i > 1)
            copy_out(c, start[(i - 2) % 3], len[(i - 2) % 3], (int)(i & 1));
    }
    copy_out(c, start[(tiles - 1) % 3], len[(tiles - 1) % 3], (int)((tiles - 1) & 1));
}

/* ---- work sharing -------------------------------------------------------------------------------
 * The plan's logical cores are cut into `parts` units each (a unit: a contiguous share of one core's
 * tiles), and the units into one contiguous lane per thread. A thread claims the units of its own
 * lane from the lane's atomic counter, then those left in the other lanes, from the same counters.
 * On a quiet machine each thread therefore runs its own lane, the same part of the data call after
 * call, which stays in its core's cache (one shared counter dealt the units to whichever thread came
 * first: a 64K-element call's data crossed between the cores' L2 caches every time). A thread that
 * the OS does not run (another process keeps its CPU busy) holds no work hostage: the threads that
 * do run take its lane's units. Units are small enough (ACPU_UNIT_ELEMS) that the last one claimed
 * costs little, and many enough (ACPU_UNITS_PER_THREAD per thread) to balance. */
#define ACPU_UNITS_PER_THREAD 8u
#define ACPU_UNIT_ELEMS 65536u
#define ACPU_MAX_PARTS 4096u
#define ACPU_MAX_LANES 64u /* threads beyond it own no lane: they start on lane tid % lanes */

typedef struct {
    _Alignas(64) atomic_uint_fast64_t next; /* the lane's next unclaimed unit; one cache line each */
    uint64_t end;
} acpu_lane;

typedef struct {
    const acpu_schedule *plan;
    const acpu_task *task;
    char *workspace;
    uint64_t parts, units;
    unsigned lanes;
    acpu_lane lane[ACPU_MAX_LANES];
} acpu_shared_run;

/* The most tiles any logical core has: SPLIT, DEALT and BLOCKS say it in their fields; RANGES cores
 * differ only as big (core 0, if any), small (the first after the big ones) and the last. */
static uint64_t max_core_tiles(const acpu_schedule *p)
{
    uint64_t cores = p->core_num ? p->core_num : 1, last = cores - 1;
    switch (p->kind) {
    case ACPU_SCHED_BLOCKS: return acpu_max_u64(p->block_former, p->block_tail);
    case ACPU_SCHED_SPLIT:
    case ACPU_SCHED_DEALT: return p->tiles_main + (p->cores_tail > 0 ? 1u : 0u);
    default: {
        uint64_t t = acpu_max_u64(ranges_work(p, 0).tiles, ranges_work(p, last).tiles);
        return acpu_max_u64(t, ranges_work(p, acpu_min_u64(p->big_core_num, last)).tiles);
    }
    }
}

/* One thread runs each core whole (one unit per core: no claim per part). Several threads cut the
 * cores into parts, enough to balance but no more than a core has tiles: a part past them would be
 * an empty unit, claimed and skipped for nothing (a 64K-element call on 2 threads had 16 units for
 * its 4 tiles). */
static uint64_t parts_per_core(const acpu_schedule *plan, unsigned threads)
{
    if (threads <= 1)
        return 1;
    uint64_t cores = plan->core_num ? plan->core_num : 1;
    uint64_t by_threads = acpu_ceil_div_u64((uint64_t)threads * ACPU_UNITS_PER_THREAD, cores);
    uint64_t by_size = acpu_ceil_div_u64(acpu_ceil_div_u64(plan->total, cores), ACPU_UNIT_ELEMS);
    uint64_t parts = acpu_min_u64(acpu_max_u64(by_threads, by_size), max_core_tiles(plan));
    return parts < 1 ? 1 : parts > ACPU_MAX_PARTS ? ACPU_MAX_PARTS : parts;
}

/* One lane per thread (at most ACPU_MAX_LANES), in unit order: units / lanes units each, the first
 * units % lanes lanes one more. */
static void deal_lanes(acpu_shared_run *s, unsigned threads)
{
    s->lanes = threads < 1 ? 1 : threads > ACPU_MAX_LANES ? ACPU_MAX_LANES : threads;
    uint64_t q = s->units / s->lanes, r = s->units % s->lanes, start = 0;
    for (unsigned l = 0; l < s->lanes; l++) {
        s->lane[l].end = start + q + (l < r ? 1 : 0);
        atomic_init(&s->lane[l].next, start);
        start = s->lane[l].end;
    }
}

/* Unit u: core u / parts, the (u % parts)-th of `parts` near-equal shares of its tiles. */
static void run_unit(acpu_stage_ctx *c, const acpu_shared_run *s, uint64_t u)
{
    uint64_t core = u / s->parts, part = u % s->parts;
    acpu_core_work w = core_work(s->plan, core);
    uint64_t q = w.tiles / s->parts, r = w.tiles % s->parts;
    uint64_t t0 = q * part + (part < r ? part : r), t1 = t0 + q + (part < r ? 1 : 0);
    run_tiles(c, s->plan, &w, t0, t1);
}

/* One thread: its staging buffers (thread `tid`'s share of the workspace), the IEEE default
 * floating-point environment (nearest rounding, no FTZ/DAZ) for the duration, then units until none
 * is left. Returns the units it ran. */
static uint64_t run_thread(acpu_shared_run *s, unsigned tid)
{
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    acpu_stage_ctx c;
    stage_flags(s->task, &c);
    size_t per_thread = stage_layout(&c, s->plan, NULL);
    stage_layout(&c, s->plan, s->workspace ? s->workspace + per_thread * tid : NULL);
    uint64_t done = 0;
    for (unsigned k = 0; k < s->lanes; k++) {
        acpu_lane *lane = &s->lane[(tid + k) % s->lanes];
        for (;;) {
            uint64_t u = atomic_fetch_add_explicit(&lane->next, 1, memory_order_relaxed);
            if (u >= lane->end)
                break;
            run_unit(&c, s, u);
            done++;
        }
    }
    if (c.stream_out && done > 0)
        s->task->stream_fence(); /* this thread's streaming stores, before the join */
    acpu_fp_leave(&saved);
    return done;
}

void acpu_engine_run(const acpu_schedule *plan, const acpu_task *task, unsigned threads, void *workspace)
{
    char *ws = workspace ? (char *)(((uintptr_t)workspace + ACPU_STAGE_ALIGN - 1) & ~(uintptr_t)(ACPU_STAGE_ALIGN - 1))
                         : NULL;
    bool probe;
    threads = acpu_contention_threads(threads, plan->total, &probe);
    /* Not zero-initialised (64 lanes of a cache line each): deal_lanes sets the lanes used, the
     * others are never read. */
    acpu_shared_run s;
    s.plan = plan;
    s.task = task;
    s.workspace = ws;
    s.parts = parts_per_core(plan, threads);
    s.units = (plan->core_num ? plan->core_num : 1) * s.parts;
    deal_lanes(&s, threads);
    if (threads <= 1) {
        run_thread(&s, 0);
        return;
    }
    uint64_t fork_ns = acpu_now_ns();
    acpu_thread_times times[ACPU_CONTENTION_SLOTS] = {{0}};
    unsigned team = 0;
#pragma omp parallel num_threads(threads)
    {
        unsigned tid = (unsigned)omp_get_thread_num();
        if (tid == 0)
            team = (unsigned)omp_get_num_threads();
        uint64_t arrive = acpu_now_ns();
        acpu_contention_note_thread(tid);
        uint64_t units = run_thread(&s, tid);
        if (tid < ACPU_CONTENTION_SLOTS)
            times[tid] = (acpu_thread_times){arrive, acpu_now_ns(), units};
    }
    acpu_engine_note_team(team);
    /* the threads OpenMP gave (it may give fewer than asked: a nested region, OMP_THREAD_LIMIT):
     * the others have no times to judge; one thread alone says nothing of contention */
    unsigned observed = team < threads ? team : threads;
    if (observed >= 2)
        acpu_contention_observe(plan->total, fork_ns, acpu_now_ns(), times,
                                observed < ACPU_CONTENTION_SLOTS ? observed : ACPU_CONTENTION_SLOTS, probe);
}
