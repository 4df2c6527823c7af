/* The operator kernels, as data: one X-macro row per kernel.
 *   X(ID, fn, F64)   ID names ACPU_KERNEL_<ID>; fn is the stem of the functions the op header
 *                    defines for every vocabulary, ACPU_KERNEL_NAME(fn##_f32 / _f16 / _bf16 and,
 *                    when F64 is 1, _f64); kernels without an F64 variant leave that entry NULL.
 * Every ISA translation unit expands this list (kernels/acpu_kernel_table.h), the kernel-level
 * test suite walks it, and the API picks a kernel as table->k[id][dtype].
 * Adding a kernel: a row here, its op header in ACPU_KERNEL_OP_HEADERS below. */
#ifndef ACPU_KERNEL_LIST_H_
#define ACPU_KERNEL_LIST_H_

#define ACPU_KERNEL_LIST(X)            \
    X(ELU_EXP, elu_exp, 0)             \
    X(ELU_RESULT, elu_result, 0)       \
    X(SOFTPLUS, softplus, 1)           \
    X(SILU, silu, 0)

#define ACPU_KERNEL_ENUM_ROW(id, fn, f64) ACPU_KERNEL_##id,
typedef enum { ACPU_KERNEL_LIST(ACPU_KERNEL_ENUM_ROW) ACPU_KERNEL_COUNT } acpu_kernel_id;
#undef ACPU_KERNEL_ENUM_ROW

#endif /* ACPU_KERNEL_LIST_H_ */

/* The op headers holding the rows' math, for an ISA translation unit (after its vocabulary). */
#if defined(ACPU_KERNEL_OP_HEADERS) && !defined(ACPU_KERNEL_OP_HEADERS_DONE)
#define ACPU_KERNEL_OP_HEADERS_DONE
#include "kernels/ops/elu_backward.h"
#include "kernels/ops/softplus_backward.h"
#include "kernels/ops/silu_backward.h"
#endif
