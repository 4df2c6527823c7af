/* Kernel layer interface: pure vector kernels over contiguous arrays (no threads, no allocation,
 * nothing above this layer), the per-ISA kernel tables and the dtype conversions. */
#ifndef ACPU_KERNELS_H_
#define ACPU_KERNELS_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "common/acpu_half.h" /* acpu_f16_to_f32, acpu_bf16_to_f32 */
#include "common/acpu_attr.h"
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
typedef enum {
    ACPU_KDT_F32 = 0,
    ACPU_KDT_F16,
    ACPU_KDT_BF16,
    ACPU_KDT_F64,
    ACPU_KDT_I8,
    ACPU_KDT_U8,
    ACPU_KDT_I16,
    ACPU_KDT_I32,
    ACPU_KDT_I64,
    ACPU_KDT_COUNT,
    ACPU_KDT_NONE = ACPU_KDT_COUNT /* a dtype no kernel takes */
} acpu_kdtype;

/* out[i] = f(in[0][i], ..., in[arity-1][i]) for i < n: contiguous arrays of the kernel dtype. */
typedef void (*acpu_kernel_fn)(size_t n, const void *const *in, void *out, const void *params);

/* out[i] = f(in[i]) for i < n, contiguous arrays of the variant's element type. */
typedef void (*acpu_unary_kernel)(size_t n, const void *in, void *out);

/* What every layer may know of a kernel of the list (kernels/acpu_kernel_list.h), whatever the ISA:
 * its name, its number of inputs, its parameter block (size, and the initialiser that fills it from
 * the operator's attribute values), the fewest elements per thread that repay a fork/join for its
 * cost, and the dtypes it has (a bit per acpu_kdtype). */
typedef void (*acpu_params_init_fn)(const acpu_attr_value *attrs, void *params);
typedef struct {
    const char *name;
    int arity;
    size_t params_size;
    acpu_params_init_fn init; /* NULL: no parameters */
    uint64_t grain;
    uint32_t dtypes;
} acpu_kernel_info;

/* The row of kernel `id` (ACPU_KERNEL_COUNT rows). */
extern const acpu_kernel_info acpu_kernel_infos[ACPU_KERNEL_COUNT];
/* Whether the kernel's form for `kdt` costs the bytes it moves rather than its arithmetic: a
 * memory-bound kernel (grain ACPU_GRAIN_MEMORY_BOUND) in fp32, fp64 or an integer type, or in
 * fp16 / bf16 where that form works on the bit patterns (ACPU_PATTERN16_LIST); not a 16-bit form
 * that widens to fp32, nor a kernel with a transcendental. */
bool acpu_kernel_bytes_bound(acpu_kernel_id kid, acpu_kdtype kdt);

/* 16-bit lookup tables (kernels/ops/lookup.h). A 16-bit input has 65536 values, so the costly part
 * of a 16-bit kernel can be computed once per attribute set, by the kernel's own code, and gathered:
 *   WHOLE  a one-input kernel: table[x] = the kernel's 16-bit result for input bits x (uint16_t)
 *   MUL    kernel(a, x) = round16(a * f(x)), DIV: round16(a / f(x)), with f the kernel's own
 *          fp32 factor of its second input (table[x] = f(widen(x)), float)
 * The family headers list which kernels have a form (ACPU_TABLES_<FAMILY>) and, for MUL and DIV,
 * write their 16-bit kernel as that very composition, so the gathered result is the same bits. */
typedef enum {
    ACPU_TABLE_NONE = 0,
    ACPU_TABLE_WHOLE,
    ACPU_TABLE_MUL,
    ACPU_TABLE_DIV,
    ACPU_TABLE_FORM_COUNT
} acpu_table_form;
#define ACPU_TABLE_ENTRIES 65536u
/* Each kernel's form (ACPU_TABLE_NONE: none). */
extern const uint8_t acpu_kernel_table_forms[ACPU_KERNEL_COUNT];
/* Bytes of a table of form f: 65536 uint16_t (WHOLE) or float (MUL, DIV) entries; a WHOLE table
 * then ACPU_TABLE_PAD bytes (zeroed by the fill), so that a vector gather of 32-bit words at the
 * entries' byte offsets stays inside it. */
#define ACPU_TABLE_PAD 64u
size_t acpu_table_bytes(acpu_table_form f);
/* The parameter block of the lookup kernels: the table. */
typedef struct {
    const void *table;
} acpu_lookup_params;
/* Fills a MUL / DIV table (ACPU_TABLE_ENTRIES floats) for the kernel's parameter block. */
typedef void (*acpu_table_fill_fn)(const void *params, float *table);
/* The WHOLE lookup, out[i] = table[in[0][i]], in plain C: the scalar and NEON tables' (AVX2 and
 * AVX-512 gather, ops/lookup.h), and their lookup_loads alternative. */
void acpu_lookup_whole16(size_t n, const void *const *in, void *out, const void *params);
/* Streaming stores (kernels/ops/stream.h): dst[0, bytes) = src[0, bytes), the aligned part of dst
 * written with non-temporal stores (no read for ownership of the output's lines); such stores are
 * weakly ordered, so a thread that made them calls the table's stream_fence before its results are
 * read elsewhere. */
typedef void (*acpu_stream_copy_fn)(void *dst, const void *src, size_t bytes);
/* The kernel dtype of an aclDataType; ACPU_KDT_NONE for every other. */
acpu_kdtype acpu_kdtype_of(aclDataType dt);
/* The aclDataType of a kernel dtype. */
aclDataType acpu_kdtype_acl(acpu_kdtype k);

/* The math primitives the kernels inline (ops/exp_poly.h, ops/math_poly.h) and SLEEF's functions
 * as references, each as an array loop of every ISA, for the accuracy check
 * (tools/aclnn-cpu-expcheck), its test suite (tests/test_exp_accuracy.c) and the kernel-ceiling
 * benchmark:
 *   X(ID, stem, name, fn, is_f64, max_ulp, reference)
 *     ID         names ACPU_MATH_<ID>
 *     stem       every ISA translation unit defines ACPU_KERNEL_NAME(math_##stem) (kernels/ops/math_arrays.h)
 *     name       what the tools print
 *     fn         the function (acpu_math_fn): which reference the check compares with
 *     is_f64     maps doubles (else floats)
 *     max_ulp    the documented bound in ulp of its own format, which the check enforces
 *                (doc/NUMERICS.md has the measured figures; the 16-bit exp flavour's results are
 *                rounded to fp16 / bf16 afterwards, hence its looser fp32 bound)
 *     reference  1: SLEEF's, which no kernel calls (reported, not part of the tool's exit status) */
typedef enum {
    ACPU_MATH_FN_EXP = 0,
    ACPU_MATH_FN_LOG,
    ACPU_MATH_FN_TANH,
    ACPU_MATH_FN_ERF,
    ACPU_MATH_FN_COUNT
} acpu_math_fn;
#define ACPU_MATH_LIST(X)                                                                 \
    X(EXP_SLEEF_F32, exp_sleef_f32, "sleef_u10_f32", ACPU_MATH_FN_EXP, 0, 1.0, 1)         \
    X(EXP_F32, exp_inline_f32, "inline_f32", ACPU_MATH_FN_EXP, 0, 1.0, 0)                 \
    X(EXP16_F32, exp_inline16_f32, "inline16_f32", ACPU_MATH_FN_EXP, 0, 1.05, 0)          \
    X(EXP_SLEEF_F64, exp_sleef_f64, "sleef_u10_f64", ACPU_MATH_FN_EXP, 1, 1.0, 1)         \
    X(EXP_F64, exp_inline_f64, "inline_f64", ACPU_MATH_FN_EXP, 1, 1.0, 0)                 \
    X(LOG_F32, log_f32, "log_f32", ACPU_MATH_FN_LOG, 0, 1.0, 0)                           \
    X(LOG_SLEEF_F32, log_sleef_f32, "log_sleef_u10_f32", ACPU_MATH_FN_LOG, 0, 1.0, 1)     \
    X(TANH_F32, tanh_f32, "tanh_f32", ACPU_MATH_FN_TANH, 0, 1.0, 0)                       \
    X(TANH_SLEEF_F32, tanh_sleef_f32, "tanh_sleef_u10_f32", ACPU_MATH_FN_TANH, 0, 1.5, 1) \
    X(ERF_F32, erf_f32, "erf_f32", ACPU_MATH_FN_ERF, 0, 1.0, 0)                           \
    X(ERF_SLEEF_F32, erf_sleef_f32, "erf_sleef_u10_f32", ACPU_MATH_FN_ERF, 0, 2.5, 1)
#define ACPU_MATH_ENUM_ROW(id, stem, name, fn, f64, bound, ref) ACPU_MATH_##id,
typedef enum { ACPU_MATH_LIST(ACPU_MATH_ENUM_ROW) ACPU_MATH_COUNT } acpu_math_variant;
#undef ACPU_MATH_ENUM_ROW

typedef struct {
    acpu_isa isa;
    bool native_bf16; /* AVX-512 narrowing to bf16 by VCVTNE(2)PS2BF16 (avx512_bf16) */
    /* k[id][dtype]: the list row's kernels; NULL where the row has no such dtype. */
    acpu_kernel_fn k[ACPU_KERNEL_COUNT][ACPU_KDT_COUNT];
    acpu_unary_kernel math[ACPU_MATH_COUNT]; /* ACPU_MATH_LIST's rows */
    /* Lookup tables: the MUL / DIV fills per kernel and the lookup kernels per form; [0] f16,
     * [1] bf16. */
    acpu_table_fill_fn fill[ACPU_KERNEL_COUNT][2];
    acpu_kernel_fn lookup[ACPU_TABLE_FORM_COUNT][2];
    /* Where the ISA gathers with an instruction, the alternatives that a table's build times against
     * it (ops/lookup.h: one load per lane; WHOLE: acpu_lookup_whole16); NULL where none pays. */
    acpu_kernel_fn lookup_loads[ACPU_TABLE_FORM_COUNT][2];
    /* Streaming stores (ops/stream.h); both NULL where the ISA has none (scalar, NEON). */
    acpu_stream_copy_fn stream_copy;
    void (*stream_fence)(void);
} acpu_kernel_table;

/* Whether kernel `kid` of `kt` has a table for the 16-bit dtype kdt, and its fill: WHOLE runs the
 * kernel itself on every 16-bit pattern, MUL / DIV the kernel's fill; under the default
 * floating-point environment (the caller's business, as for any kernel). */
bool acpu_table_fillable(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt);
void acpu_table_fill(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt, const void *params, void *table);
/* Whether `k` is one of kt's lookup kernels (lookup or lookup_loads). */
bool acpu_is_lookup_kernel(const acpu_kernel_table *kt, acpu_kernel_fn k);
/* Whether `k` is one of kt's lookup_loads alternatives (one scalar load per element, where the ISA
 * also has a gather). */
bool acpu_is_loads_lookup(const acpu_kernel_table *kt, acpu_kernel_fn k);

/* Kernels of the best ISA that is built in, supported by this CPU and not above `cap`
 * (ACPU_ISA_COUNT: no cap); scalar at worst. NEON and the x86 ISAs are never both built.
 * `native_bf16`: the AVX-512 table narrows to bf16 with VCVTNE(2)PS2BF16 where the CPU has
 * avx512_bf16; false selects the integer rounding, so both variants run on one machine. */
const acpu_kernel_table *acpu_kernel_table_best(acpu_isa cap, bool native_bf16);
/* Kernel table of `isa`, or NULL when it is not built in or the CPU lacks it. */
const acpu_kernel_table *acpu_kernel_table_get(acpu_isa isa, bool native_bf16);
/* "scalar", "neon", "avx2", "avx512"; NULL otherwise. */
const char *acpu_isa_name(acpu_isa isa);
/* ACPU_MATH_LIST's columns of a row: its name (NULL when out of range), its function, whether it
 * maps doubles (else floats), its max_ulp (the bound its accuracy check enforces), whether it is a
 * reference only. */
const char *acpu_math_name(acpu_math_variant v);
acpu_math_fn acpu_math_function(acpu_math_variant v);
bool acpu_math_is_f64(acpu_math_variant v);
double acpu_math_bound(acpu_math_variant v);
bool acpu_math_is_reference(acpu_math_variant v);
/* "exp", "log", "tanh", "erf"; NULL when out of range. */
const char *acpu_math_fn_name(acpu_math_fn fn);

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
