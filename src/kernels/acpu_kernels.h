/* Kernel layer interface: pure vector kernels over contiguous arrays (no threads, no allocation,
 * nothing above this layer), the per-ISA kernel tables and the dtype conversions. */
#ifndef ACPU_KERNELS_H_
#define ACPU_KERNELS_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "common/acpu_half.h" /* acpu_f16_to_f32, acpu_bf16_to_f32 */
#include "kernels/acpu_kernel_list.h"

/* Same numbering as the public aclnnCpuIsa; ordered by preference within an architecture. */
typedef enum {
    ACPU_ISA_SCALAR = 0,
    ACPU_ISA_NEON = 1,
    ACPU_ISA_AVX2 = 2,
    ACPU_ISA_AVX512 = 3,
    ACPU_ISA_COUNT
} acpu_isa;

/* Element types the compute kernels take (inputs and output share one). */
typedef enum { ACPU_KDT_F32 = 0, ACPU_KDT_F16, ACPU_KDT_BF16, ACPU_KDT_F64, ACPU_KDT_COUNT } acpu_kdtype;

/* EluGradV2 coefficients folded once per call (fp32, CANN's order):
 *   factor_neg = (alpha*scale)*inputScale, neg_bias = alpha*scale, scale, input_scale. */
typedef struct {
    float scale;
    float input_scale;
    float factor_neg;
    float neg_bias;
} acpu_elu_params;

/* SoftplusV2Grad: z = beta*x; z > threshold ? dy : dy / (1 + exp(-z)). The double kernels read the
 * *_d fields (scalars converted to double), the others the float ones. */
typedef struct {
    float beta, threshold;
    double beta_d, threshold_d;
} acpu_softplus_params;

/* out[i] = f(a[i], b[i]) for i < n; a, b, out hold n elements of the kernel dtype. */
typedef void (*acpu_binary_kernel)(size_t n, const void *a, const void *b, void *out, const void *params);

/* out[i] = f(in[i]) for i < n, contiguous arrays of the variant's element type. */
typedef void (*acpu_unary_kernel)(size_t n, const void *in, void *out);

/* The exp implementations of an ISA, as array loops, for the exp accuracy check
 * (tools/aclnn-cpu-expcheck), its test suite and the kernel-ceiling benchmark:
 *   X(ID, stem, name, is_f64, max_ulp)   ID names ACPU_EXP_<ID>; every ISA translation unit defines
 *   ACPU_KERNEL_NAME(exp_##stem) (kernels/ops/exp_arrays.h); name is what the tools print; max_ulp
 *   is the variant's documented bound in ulp of its own format (1 for every exp that produces fp32
 *   or fp64 results; the 16-bit flavour's results are rounded to fp16 / bf16 afterwards). */
#define ACPU_EXP_LIST(X)                                        \
    X(SLEEF_F32, sleef_f32, "sleef_u10_f32", 0, 1.0)            \
    X(INLINE_F32, inline_f32, "inline_f32", 0, 1.0)             \
    X(INLINE16_F32, inline16_f32, "inline16_f32", 0, 1.05)      \
    X(SLEEF_F64, sleef_f64, "sleef_u10_f64", 1, 1.0)            \
    X(INLINE_F64, inline_f64, "inline_f64", 1, 1.0)
#define ACPU_EXP_ENUM_ROW(id, stem, name, f64, bound) ACPU_EXP_##id,
typedef enum { ACPU_EXP_LIST(ACPU_EXP_ENUM_ROW) ACPU_EXP_COUNT } acpu_exp_variant;
#undef ACPU_EXP_ENUM_ROW

typedef struct {
    acpu_isa isa;
    bool native_bf16; /* AVX-512 narrowing to bf16 by VCVTNE(2)PS2BF16 (avx512_bf16) */
    /* k[id][dtype]: a = dy, b = x (ELU_RESULT: b = forward result); NULL where the list row has no
     * such dtype (F64 exists for SOFTPLUS only). */
    acpu_binary_kernel k[ACPU_KERNEL_COUNT][ACPU_KDT_COUNT];
    acpu_unary_kernel exp[ACPU_EXP_COUNT];
} acpu_kernel_table;

/* Kernels of the best ISA that is built in, supported by this CPU and not above `cap`
 * (ACPU_ISA_COUNT: no cap); scalar at worst. NEON and the x86 ISAs are never both built.
 * `native_bf16`: the AVX-512 table narrows to bf16 with VCVTNE(2)PS2BF16 where the CPU has
 * avx512_bf16; false selects the integer rounding, so both variants run on one machine. */
const acpu_kernel_table *acpu_kernel_table_best(acpu_isa cap, bool native_bf16);
/* Kernel table of `isa`, or NULL when it is not built in or the CPU lacks it. */
const acpu_kernel_table *acpu_kernel_table_get(acpu_isa isa, bool native_bf16);
/* "scalar", "neon", "avx2", "avx512"; NULL otherwise. */
const char *acpu_isa_name(acpu_isa isa);
/* The ACPU_EXP_LIST name of a variant; NULL when out of range. */
const char *acpu_exp_variant_name(acpu_exp_variant v);
/* Whether a variant maps doubles (else floats). */
bool acpu_exp_variant_is_f64(acpu_exp_variant v);
/* The variant's max_ulp column: the error bound its accuracy check enforces. */
double acpu_exp_variant_bound(acpu_exp_variant v);

/* Scalar conversions: widening (common/acpu_half.h) is exact, narrowing rounds to nearest-even, NaN
 * stays NaN. */
uint16_t acpu_f32_to_f16(float f);
uint16_t acpu_f32_to_bf16(float f);
/* One rounding from double (round-to-odd through float, then nearest-even). */
uint16_t acpu_f64_to_f16(double d);
uint16_t acpu_f64_to_bf16(double d);

/* dst[i] = (dst_dt) src[i] with one rounding: src FLOAT, FLOAT16, BF16, DOUBLE, INT8, INT16, INT32,
 * INT64, UINT8 or BOOL (0/1); dst FLOAT, FLOAT16, BF16, DOUBLE, COMPLEX64 or COMPLEX128 (complex gets
 * the value as real part, imaginary 0). */
typedef void (*acpu_cast_fn)(size_t n, const void *src, void *dst);
/* NULL when the pair is not supported. */
acpu_cast_fn acpu_cast_get(aclDataType src, aclDataType dst);

#endif /* ACPU_KERNELS_H_ */
