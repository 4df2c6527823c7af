/* The kernel table of one ISA translation unit, expanded from the kernel list: include after a
 * vocabulary header, then write ACPU_DEFINE_KERNEL_TABLE(symbol, isa, native_bf16). No
 * per-operator lines: the family headers (kernels/acpu_kernel_list.h) hold the rows and the math. */
#ifndef ACPU_KERNEL_TABLE_H_
#define ACPU_KERNEL_TABLE_H_

#ifndef ACPU_VLANES
#error "kernels/acpu_kernel_table.h: include a vocabulary header (kernels/vec/<isa>.h) first"
#endif

/* With ACPU_VLANES defined, the family headers now give their math as well. */
#include "kernels/ops/acpu_families.h"
#include "kernels/ops/math_arrays.h"
#include "kernels/ops/lookup.h"
#include "kernels/ops/stream.h"

#define ACPU_KDT_ROW_FLOATS(fn)                                                               \
    [ACPU_KDT_F32] = ACPU_KERNEL_NAME(fn##_f32), [ACPU_KDT_F16] = ACPU_KERNEL_NAME(fn##_f16), \
    [ACPU_KDT_BF16] = ACPU_KERNEL_NAME(fn##_bf16)
#define ACPU_KDT_ROW_FLOATS_F64(fn) ACPU_KDT_ROW_FLOATS(fn), [ACPU_KDT_F64] = ACPU_KERNEL_NAME(fn##_f64)
#define ACPU_KDT_ROW_INTS(fn)                                                                 \
    [ACPU_KDT_I8] = ACPU_KERNEL_NAME(fn##_i8), [ACPU_KDT_U8] = ACPU_KERNEL_NAME(fn##_u8),     \
    [ACPU_KDT_I16] = ACPU_KERNEL_NAME(fn##_i16), [ACPU_KDT_I32] = ACPU_KERNEL_NAME(fn##_i32), \
    [ACPU_KDT_I64] = ACPU_KERNEL_NAME(fn##_i64)
#define ACPU_KDT_ROW_NUMERIC(fn) ACPU_KDT_ROW_FLOATS_F64(fn), ACPU_KDT_ROW_INTS(fn)
#define ACPU_KDT_ROW_FLOATS_INTS(fn) ACPU_KDT_ROW_FLOATS(fn), ACPU_KDT_ROW_INTS(fn)

#define ACPU_KERNEL_TABLE_ROW(id, stem, arity, P, init, grain, dts) [ACPU_KERNEL_##id] = {ACPU_KDT_ROW_##dts(stem)},
#define ACPU_MATH_TABLE_ROW(id, stem, name, fn, f64, bound, ref) [ACPU_MATH_##id] = ACPU_KERNEL_NAME(math_##stem),

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define ACPU_TABLE_FILL_WHOLE(stem) {NULL, NULL}
#define ACPU_TABLE_FILL_MUL(stem) {ACPU_KERNEL_NAME(stem##_fill_f16), ACPU_KERNEL_NAME(stem##_fill_bf16)}
/* clang-format on */
#define ACPU_TABLE_FILL_DIV(stem) ACPU_TABLE_FILL_MUL(stem)
#define ACPU_TABLE_FILL_ROW(id, stem, form) [ACPU_KERNEL_##id] = ACPU_TABLE_FILL_##form(stem),

#define ACPU_DEFINE_KERNEL_TABLE(symbol, isa_id, bf16)                                                        \
    const acpu_kernel_table symbol = {                                                                        \
        .isa = isa_id,                                                                                        \
        .native_bf16 = bf16,                                                                                  \
        .k = {ACPU_KERNEL_LIST(ACPU_KERNEL_TABLE_ROW)},                                                       \
        .math = {ACPU_MATH_LIST(ACPU_MATH_TABLE_ROW)},                                                        \
        .fill = {ACPU_TABLE_LIST(ACPU_TABLE_FILL_ROW)},                                                       \
        .lookup = {[ACPU_TABLE_WHOLE] = {ACPU_LOOKUP_WHOLE16, ACPU_LOOKUP_WHOLE16},                           \
                   [ACPU_TABLE_MUL] = {ACPU_KERNEL_NAME(lookup_mul_f16), ACPU_KERNEL_NAME(lookup_mul_bf16)},  \
                   [ACPU_TABLE_DIV] = {ACPU_KERNEL_NAME(lookup_div_f16), ACPU_KERNEL_NAME(lookup_div_bf16)}}, \
        ACPU_LOOKUP_LOADS_ROW ACPU_STREAM_TABLE_ROW}

#endif /* ACPU_KERNEL_TABLE_H_ */
