/* x86 CPU features from CPUID and XGETBV, the same code under gcc and clang: their
 * __builtin_cpu_supports differ (clang 14 rejects "f16c"). Header-only, so that programs outside
 * the library (the benchmark) test exactly the bits the dispatcher tests. Compiled without ISA flags.
 *
 * A vector feature counts only when the OS saves its registers on a context switch, as libgcc's
 * __builtin_cpu_supports does: CPUID.1:ECX.OSXSAVE, then XCR0 bits 1-2 (XMM, YMM state) for
 * AVX2/FMA/F16C, and also bits 5-7 (opmask, upper ZMM0-15, ZMM16-31) for AVX-512. */
#ifndef ACPU_CPU_X86_H_
#define ACPU_CPU_X86_H_

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <stdbool.h>
#include <stdint.h>

#define ACPU_XCR0_AVX 0x06u    /* XMM | YMM */
#define ACPU_XCR0_AVX512 0xe6u /* XMM | YMM | opmask | ZMM_Hi256 | Hi16_ZMM */

typedef struct {
    bool avx2;        /* AVX2, FMA and F16C, YMM state enabled */
    bool avx512;      /* avx2 plus AVX-512 F, BW, DQ and VL, ZMM state enabled */
    bool avx512_bf16; /* avx512 plus AVX512_BF16 (VCVTNE(2)PS2BF16) */
} acpu_x86_features;

/* XCR0; call only when CPUID.1:ECX.OSXSAVE is set (XGETBV faults otherwise). */
static inline uint32_t acpu_x86_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return lo;
}

static inline acpu_x86_features acpu_x86_detect(void)
{
    acpu_x86_features f = {false, false, false};
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
        return f;
    uint32_t xcr0 = acpu_x86_xcr0();
    bool ymm_os = (xcr0 & ACPU_XCR0_AVX) == ACPU_XCR0_AVX;
    bool zmm_os = (xcr0 & ACPU_XCR0_AVX512) == ACPU_XCR0_AVX512;
    bool leaf1 = (c & bit_AVX) && (c & bit_FMA) && (c & bit_F16C);
    /* __get_cpuid_count fails when leaf 7 is above the maximum leaf; its EAX is the last sub-leaf. */
    if (!ymm_os || !leaf1 || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return f;
    unsigned max_subleaf = a;
    f.avx2 = (b & bit_AVX2) != 0;
    const unsigned avx512_bits = bit_AVX512F | bit_AVX512BW | bit_AVX512DQ | bit_AVX512VL;
    f.avx512 = f.avx2 && zmm_os && (b & avx512_bits) == avx512_bits;
    /* AVX512_BF16: CPUID.(EAX=7, ECX=1):EAX bit 5. */
    if (f.avx512 && max_subleaf >= 1 && __get_cpuid_count(7, 1, &a, &b, &c, &d))
        f.avx512_bf16 = (a & bit_AVX512BF16) != 0;
    return f;
}
#endif

#endif /* ACPU_CPU_X86_H_ */
