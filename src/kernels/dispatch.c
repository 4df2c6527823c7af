/* ISA detection and the kernel tables built into this library. Compiled without ISA flags. */
#include <stddef.h>
#if defined(__aarch64__)
#include <sys/auxv.h> /* getauxval, HWCAP_*: no feature-test macro needed in glibc */
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1)
#endif
#endif

#include "acpu_cpu_x86.h"
#include "acpu_kernels.h"

extern const acpu_kernel_table acpu_kernels_scalar;
#if defined(__x86_64__) || defined(_M_X64)
extern const acpu_kernel_table acpu_kernels_avx2;
extern const acpu_kernel_table acpu_kernels_avx512;
extern const acpu_kernel_table acpu_kernels_avx512bf16;
#endif
#if defined(__aarch64__)
extern const acpu_kernel_table acpu_kernels_neon;
#endif

static bool cpu_has(acpu_isa isa)
{
#if defined(__x86_64__) || defined(_M_X64)
    acpu_x86_features f = acpu_x86_detect();
    if (isa == ACPU_ISA_AVX2)
        return f.avx2;
    if (isa == ACPU_ISA_AVX512)
        return f.avx512;
#endif
#if defined(__aarch64__)
    if (isa == ACPU_ISA_NEON)
        return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
#endif
    return isa == ACPU_ISA_SCALAR;
}

static const acpu_kernel_table *built_table(acpu_isa isa, bool native_bf16)
{
    switch (isa) {
    case ACPU_ISA_SCALAR: return &acpu_kernels_scalar;
#if defined(__x86_64__) || defined(_M_X64)
    case ACPU_ISA_AVX2: return &acpu_kernels_avx2;
    /* the same ISA level; VCVTNEPS2BF16 where the CPU has avx512_bf16 */
    case ACPU_ISA_AVX512:
        return native_bf16 && acpu_x86_detect().avx512_bf16 ? &acpu_kernels_avx512bf16 : &acpu_kernels_avx512;
#endif
#if defined(__aarch64__)
    case ACPU_ISA_NEON: return &acpu_kernels_neon;
#endif
    default: (void)native_bf16; return NULL;
    }
}

const acpu_kernel_table *acpu_kernel_table_get(acpu_isa isa, bool native_bf16)
{
    if ((unsigned)isa >= ACPU_ISA_COUNT || !cpu_has(isa))
        return NULL;
    return built_table(isa, native_bf16);
}

const acpu_kernel_table *acpu_kernel_table_best(acpu_isa cap, bool native_bf16)
{
    for (int isa = ACPU_ISA_COUNT - 1; isa > ACPU_ISA_SCALAR; isa--) {
        const acpu_kernel_table *t = isa <= (int)cap ? acpu_kernel_table_get((acpu_isa)isa, native_bf16) : NULL;
        if (t != NULL)
            return t;
    }
    return &acpu_kernels_scalar;
}

const char *acpu_isa_name(acpu_isa isa)
{
    static const char *const names[ACPU_ISA_COUNT] = {"scalar", "neon", "avx2", "avx512"};
    return (unsigned)isa < ACPU_ISA_COUNT ? names[isa] : NULL;
}

/* ACPU_MATH_LIST's columns, indexed by row. */
static const struct {
    const char *name;
    acpu_math_fn fn;
    bool f64;
    double bound;
    bool reference;
} k_math_rows[ACPU_MATH_COUNT] = {
#define ACPU_MATH_INFO_ROW(id, stem, name, fn, f64, bound, ref) [ACPU_MATH_##id] = {name, fn, f64, bound, ref},
    ACPU_MATH_LIST(ACPU_MATH_INFO_ROW)
#undef ACPU_MATH_INFO_ROW
};

static bool valid_math(acpu_math_variant v) { return (unsigned)v < ACPU_MATH_COUNT; }

const char *acpu_math_name(acpu_math_variant v) { return valid_math(v) ? k_math_rows[v].name : NULL; }
acpu_math_fn acpu_math_function(acpu_math_variant v) { return valid_math(v) ? k_math_rows[v].fn : ACPU_MATH_FN_COUNT; }
bool acpu_math_is_f64(acpu_math_variant v) { return valid_math(v) && k_math_rows[v].f64; }
double acpu_math_bound(acpu_math_variant v) { return valid_math(v) ? k_math_rows[v].bound : 0.0; }
bool acpu_math_is_reference(acpu_math_variant v) { return valid_math(v) && k_math_rows[v].reference; }

const char *acpu_math_fn_name(acpu_math_fn fn)
{
    static const char *const names[ACPU_MATH_FN_COUNT] = {"exp", "log", "tanh", "erf"};
    return (unsigned)fn < ACPU_MATH_FN_COUNT ? names[fn] : NULL;
}
