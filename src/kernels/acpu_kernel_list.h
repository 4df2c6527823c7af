/* The operator kernels, as data: the kernel lists of every family header under kernels/ops/, one
 * X-macro row per kernel:
 *   X(ID, stem, arity, Params, init, grain, dtypes)
 *     ID      names ACPU_KERNEL_<ID>
 *     stem    the functions the family header defines for every vocabulary: ACPU_KERNEL_NAME(stem##_f32),
 *             _f16, _bf16 and, by `dtypes`, _f64 and the integer ones (_i8, _u8, _i16, _i32, _i64)
 *     arity   inputs (1..3)
 *     Params  the parameter block type (acpu_no_params: none), filled by init(attrs, block)
 *     grain   fewest elements per thread that repay a fork/join for this kernel's cost: a kernel
 *             with a transcendental (exp, tanh, erf) names its own (1024..4096); a compare or
 *             multiply-add kernel, memory-bound, ACPU_GRAIN_MEMORY_BOUND
 *     dtypes  FLOATS (f32, f16, bf16), FLOATS_F64 (and f64), NUMERIC (and the integers), INTS,
 *             FLOATS_INTS (the floats and the integers, no f64)
 * Every ISA translation unit expands this list (kernels/acpu_kernel_table.h), kernel_info.c gives
 * every layer the rows' columns, the kernel-level test suite walks it, and the registry names a
 * kernel by its ID. A new kernel of an existing family is a row in the family header; a new family
 * adds its header to kernels/ops/acpu_families.h.
 * Of the memory-bound kernels, most compute their fp16 and bf16 forms in fp32 (widened, computed,
 * rounded back), which costs more than the bytes they move; those whose 16-bit forms work on the
 * bit patterns (ACPU_DEFINE_PATTERN16_KERNELS and the like: ReLU and its gradient, Threshold and
 * its gradient, Hardtanh's gradient, bf16 Hardtanh) say so in a second list,
 *   P(ID, forms)  forms: F16_BF16 or BF16 (ACPU_PATTERN16_<FAMILY>, in ACPU_PATTERN16_LIST),
 * read by acpu_kernel_bytes_bound (kernels/acpu_kernels.h). */
#ifndef ACPU_KERNEL_LIST_H_
#define ACPU_KERNEL_LIST_H_

#include <stdint.h>

/* The grain of the memory-bound kernels: 48K elements, so that calls up to 48K elements stay on one
 * thread and larger ones give each of two threads at least 24K. Measured with aclnn_cpu_bench on 2
 * cores of an AMD EPYC (AVX-512), the engine dealing each thread its own lane of units, three
 * alternating runs: at 64K elements on 2 threads, 32K per thread ran 1.16-1.59x a 1-thread call
 * (relu, hardtanh, hardswish and its gradient, threshold_backward, elures, sigmoid_backward, fp32
 * and bf16) except for the calls whose one thread takes under about 3 us (in-place relu 0.79-0.94,
 * bf16 relu 0.98); at 40K elements (20K per thread) those lost 0.64-0.79 and the others gained
 * 1.03-1.26. (With one shared counter, before the lanes, 64K calls were measured to gain nothing:
 * the grain was 64K.) */
#define ACPU_GRAIN_MEMORY_BOUND 49152

/* The parameter block of a kernel that takes none. */
typedef struct {
    uint8_t unused;
} acpu_no_params;

#include "kernels/ops/acpu_families.h"

#define ACPU_KERNEL_ENUM_ROW(id, stem, arity, P, init, grain, dts) ACPU_KERNEL_##id,
typedef enum { ACPU_KERNEL_LIST(ACPU_KERNEL_ENUM_ROW) ACPU_KERNEL_COUNT } acpu_kernel_id;
#undef ACPU_KERNEL_ENUM_ROW

/* The kernel dtypes of each `dtypes` word, as acpu_kdtype bits (kernels/acpu_kernels.h). */
#define ACPU_KDT_BITS_FLOATS 0x7u
#define ACPU_KDT_BITS_FLOATS_F64 0xFu
#define ACPU_KDT_BITS_INTS 0x1F0u
#define ACPU_KDT_BITS_NUMERIC 0x1FFu
#define ACPU_KDT_BITS_FLOATS_INTS 0x1F7u
/* The `forms` words of the 16-bit pattern list. */
#define ACPU_KDT_BITS_F16_BF16 0x6u
#define ACPU_KDT_BITS_BF16 0x4u

#endif /* ACPU_KERNEL_LIST_H_ */
