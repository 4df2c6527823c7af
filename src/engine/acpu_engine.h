/* Engine: runs a core/tile plan on OpenMP threads. Logical cores ("AIV cores" of the plan) are
 * mapped onto threads in contiguous groups; each core walks its tiles in the NPU's stage order.
 * Tensor views are read and written in place when dense; otherwise tiles are staged through
 * per-thread buffers (the UB) carved from the caller's workspace. */
#ifndef ACPU_ENGINE_H_
#define ACPU_ENGINE_H_

#include <fenv.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/acpu_kernels.h"

#define ACPU_MAX_DIMS 8

/* A strided view in elements: element k (row-major over shape) lives at data + off(k)*elem_size. */
typedef struct {
    char *data;  /* storage base already advanced by the view offset */
    uint32_t rank;
    int64_t shape[ACPU_MAX_DIMS];
    int64_t stride[ACPU_MAX_DIMS];
    size_t elem_size;
    int64_t data_offset; /* bytes from the tensor's storage address to data (for address rebinding) */
} acpu_view;

/* True when the view's elements are contiguous in row-major order (size-1 dims ignored). */
bool acpu_view_is_dense(const acpu_view *v);
/* Copies elements [start, start+count) of the view to / from a packed buffer. */
void acpu_view_gather(const acpu_view *v, uint64_t start, uint64_t count, void *dst);
void acpu_view_scatter(const acpu_view *v, uint64_t start, uint64_t count, const void *src);

/* How logical cores get their tiles:
 * - RANGES: CANN's big/small/last-core split (spec 2.7, 3.6): core c owns one element range, cut into
 *   tiles of `tile` elements; ranges are clamped to `total` (CANN's 910B softplus overshoots the end).
 * - SPLIT: the arch35 split (spec 3.7): flat tiles f, tiles_main per core (+1 for the first
 *   cores_tail cores); tile f covers the row-major element range
 *   [((f / a_o) * axis_len + (f % a_o) * a_i) * inner, + a_i_seg * inner), a_i_seg = a_i_tail on the
 *   last segment of the split axis, else a_i. With block_former > 0 (the atvoss broadcast tiling)
 *   the tiles are dealt as CANN's blockFormer / blockTail instead: core c takes block_former flat
 *   tiles from c * block_former, the last core block_tail. */
typedef enum { ACPU_PLAN_RANGES = 0, ACPU_PLAN_SPLIT } acpu_plan_kind;

typedef struct {
    acpu_plan_kind kind;
    uint64_t total;          /* elements */
    uint64_t core_num;
    uint64_t tile;           /* elements per tile (SPLIT: the largest, a_i * inner) */
    bool double_buffer;      /* CopyIn(i), Compute(i-1), CopyOut(i-2) */
    uint64_t min_thread_elems; /* fewest elements worth a thread's fork/join for this kernel's cost */
    /* RANGES */
    uint64_t big_core_num, big_core_len, small_core_len, last_core_len;
    /* SPLIT */
    uint64_t tiles_main, cores_tail, a_o, a_i, a_i_tail, axis_len, inner;
    uint64_t block_former, block_tail;
} acpu_core_plan;

/* in[j] (source dtype, cast to the kernel dtype) -> kernel -> cast to the output dtype -> out. */
typedef struct {
    acpu_view in[2];
    acpu_cast_fn in_cast[2]; /* source dtype -> kernel dtype; NULL when they are the same */
    acpu_view out;
    acpu_binary_kernel kernel;
    const void *params;
    size_t kernel_elem;      /* element size of the kernel dtype (inputs and kernel result) */
    acpu_cast_fn cast;       /* kernel dtype -> output dtype; NULL when they are the same */
} acpu_binary_task;

/* The most OS threads a call uses: 4 per CPU the process may run on, at least 8 (thread_limit.c
 * says why). Cheap: read once. */
unsigned acpu_engine_thread_limit(void);
/* The most threads whose stacks fit the address-space and data limits now (UINT_MAX when neither
 * is set; 1 when set but the process's size cannot be read). A few system calls: ask only before
 * running on more than one thread. */
unsigned acpu_engine_memory_thread_limit(void);
/* Threads the plan will use for `requested` threads: small calls stay on one thread. */
unsigned acpu_engine_threads(const acpu_core_plan *plan, unsigned requested);
/* Workspace bytes that `threads` threads need for the task (0 when nothing is staged); SIZE_MAX
 * when the plan's tile is too large for any workspace to be represented. */
size_t acpu_engine_workspace(const acpu_core_plan *plan, const acpu_binary_task *task, unsigned threads);
/* Runs the plan; `workspace` holds acpu_engine_workspace() bytes. The caller's floating-point
 * environment is replaced by the IEEE default on every thread for the duration and restored. */
void acpu_engine_run(const acpu_core_plan *plan, const acpu_binary_task *task, unsigned threads, void *workspace);

/* Library arithmetic runs under the IEEE default environment; the caller's is saved and restored. */
typedef struct {
#if defined(__x86_64__) || defined(_M_X64)
    unsigned mxcsr;
#else
    fenv_t env;
#endif
} acpu_fp_state;
void acpu_fp_enter(acpu_fp_state *saved);
void acpu_fp_leave(const acpu_fp_state *saved);

#endif /* ACPU_ENGINE_H_ */
