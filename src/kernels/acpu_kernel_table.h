/* The kernel table of one ISA translation unit, expanded from the kernel list: include after a
 * vocabulary header, then write ACPU_DEFINE_KERNEL_TABLE(symbol, isa, native_bf16). No
 * per-operator lines: kernels/acpu_kernel_list.h is the only list. */
#ifndef ACPU_KERNEL_TABLE_H_
#define ACPU_KERNEL_TABLE_H_

#ifndef ACPU_VLANES
#error "kernels/acpu_kernel_table.h: include a vocabulary header (kernels/vec/<isa>.h) first"
#endif

#define ACPU_KERNEL_OP_HEADERS
#include "kernels/acpu_kernel_list.h"
#include "kernels/ops/exp_arrays.h"

#define ACPU_KERNEL_F64_0(fn) NULL
#define ACPU_KERNEL_F64_1(fn) ACPU_KERNEL_NAME(fn##_f64)
#define ACPU_KERNEL_TABLE_ROW(id, fn, f64)                                                                   \
    [ACPU_KERNEL_##id] = {[ACPU_KDT_F32] = ACPU_KERNEL_NAME(fn##_f32), [ACPU_KDT_F16] = ACPU_KERNEL_NAME(fn##_f16), \
                          [ACPU_KDT_BF16] = ACPU_KERNEL_NAME(fn##_bf16), [ACPU_KDT_F64] = ACPU_KERNEL_F64_##f64(fn)},

#define ACPU_EXP_TABLE_ROW(id, stem, name, f64, bound) [ACPU_EXP_##id] = ACPU_KERNEL_NAME(exp_##stem),

#define ACPU_DEFINE_KERNEL_TABLE(symbol, isa_id, bf16)                                                  \
    const acpu_kernel_table symbol = {.isa = isa_id, .native_bf16 = bf16,                               \
                                      .k = {ACPU_KERNEL_LIST(ACPU_KERNEL_TABLE_ROW)},                  \
                                      .exp = {ACPU_EXP_LIST(ACPU_EXP_TABLE_ROW)}}

#endif /* ACPU_KERNEL_TABLE_H_ */
