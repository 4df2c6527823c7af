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

#include "common/acpu_schedule.h"
#include "kernels/acpu_kernels.h"

#define ACPU_MAX_DIMS 8

/* A strided view in elements: element k (row-major over shape) lives at data + off(k)*elem_size. */
typedef struct {
    char *data; /* storage base already advanced by the view offset */
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
/* The bytes [*lo, *hi) holding the view's elements (lo == hi when it has none). */
void acpu_view_bytes(const acpu_view *v, uintptr_t *lo, uintptr_t *hi);

#define ACPU_MAX_INPUTS 3

/* in[j] (source dtype, cast to the kernel dtype) -> kernel -> cast to the output dtype -> out. */
typedef struct {
    int n_in; /* the kernel's inputs: 1..ACPU_MAX_INPUTS */
    acpu_view in[ACPU_MAX_INPUTS];
    acpu_cast_fn in_cast[ACPU_MAX_INPUTS]; /* source dtype -> kernel dtype; NULL when they are the same */
    acpu_view out;
    acpu_kernel_fn kernel;
    const void *params;
    size_t kernel_elem; /* element size of the kernel dtype (inputs and kernel result) */
    acpu_cast_fn cast;  /* kernel dtype -> output dtype; NULL when they are the same */
    /* Streaming stores for a large output (NULL: regular stores): a dense output of the kernel
     * dtype that no input overlaps is then written chunk by chunk through an L1-resident buffer
     * and this copy (kernels/ops/stream.h), each thread ending with stream_fence. */
    acpu_stream_copy_fn stream_copy;
    void (*stream_fence)(void);
} acpu_task;

/* The most OS threads a call uses: 4 per CPU the process may run on, at least 8 (thread_limit.c
 * says why). Cheap: read once. */
unsigned acpu_engine_thread_limit(void);
/* The most threads whose stacks fit the address-space and data limits now (UINT_MAX when neither
 * is set; 1 when set but the process's size cannot be read), for a team of `threads` threads that
 * the calling thread is about to start: a few system calls, skipped (UINT_MAX) when its last team,
 * outside any parallel region, had at least that many (libgomp keeps those threads: such a team
 * creates none). */
unsigned acpu_engine_memory_thread_limit(unsigned threads);
/* Records the size of a team the calling thread just ran (acpu_engine_memory_thread_limit). */
void acpu_engine_note_team(unsigned threads);
/* Threads the schedule will use for `requested` threads: small calls stay on one thread, each thread
 * getting at least `grain` elements (the kernel's cost per element decides it; twice that for a task
 * in place whose cost the bytes it moves set, `bytes_bound`: in place it moves half of them). */
unsigned acpu_engine_threads(const acpu_schedule *plan, const acpu_task *task, uint64_t grain, bool bytes_bound,
                             unsigned requested);
/* Workspace bytes that `threads` threads need for the task (0 when nothing is staged); SIZE_MAX
 * when the schedule's tile is too large for any workspace to be represented. */
size_t acpu_engine_workspace(const acpu_schedule *plan, const acpu_task *task, unsigned threads);
/* Runs the schedule; `workspace` holds acpu_engine_workspace() bytes. The caller's floating-point
 * environment is replaced by the IEEE default on every thread for the duration and restored. */
void acpu_engine_run(const acpu_schedule *plan, const acpu_task *task, unsigned threads, void *workspace);

/* Library arithmetic runs under the IEEE default environment; the caller's is saved and restored. */
typedef struct {
#if defined(__x86_64__) || defined(_M_X64)
    unsigned mxcsr;
    bool x87_saved;            /* the caller's x87 control word was not the default: x87_env holds it */
    unsigned char x87_env[28]; /* fnstenv's 28-byte x87 environment */
#else
    fenv_t env;
#endif
} acpu_fp_state;
void acpu_fp_enter(acpu_fp_state *saved);
void acpu_fp_leave(const acpu_fp_state *saved);

#endif /* ACPU_ENGINE_H_ */
