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

/* ACPU_EXP_LIST's columns, indexed by variant. */
static const struct {
    const char *name;
    bool f64;
    double bound;
} k_exp_variants[ACPU_EXP_COUNT] = {
#define ACPU_EXP_INFO_ROW(id, stem, name, f64, bound) [ACPU_EXP_##id] = {name, f64, bound},
    ACPU_EXP_LIST(ACPU_EXP_INFO_ROW)
#undef ACPU_EXP_INFO_ROW
};

const char *acpu_exp_variant_name(acpu_exp_variant v)
{
    return (unsigned)v < ACPU_EXP_COUNT ? k_exp_variants[v].name : NULL;
}

bool acpu_exp_variant_is_f64(acpu_exp_variant v)
{
    return (unsigned)v < ACPU_EXP_COUNT && k_exp_variants[v].f64;
}

double acpu_exp_variant_bound(acpu_exp_variant v)
{
    return (unsigned)v < ACPU_EXP_COUNT ? k_exp_variants[v].bound : 0.0;
}
