/* The IEEE default floating-point environment (nearest, no FTZ/DAZ) for library arithmetic, and
 * the caller's restored afterwards. On x86-64 the arithmetic is SSE/AVX, whose state is MXCSR:
 * reading and writing it costs a few cycles where fegetenv/fesetenv cost as much as a 1K-element
 * kernel. The x87 control word matters too: glibc's rounding-aware calls (fegetround, printf's "%f",
 * strtod) read their rounding mode from it, and its exception masks decide whether an x87
 * instruction traps. It is read every time (fnstcw) and, only when the caller changed it, the x87
 * environment is saved whole (fnstenv) and restored exactly (fldenv). */
#include <fenv.h>
#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include "acpu_engine.h"

#if defined(__x86_64__) || defined(_M_X64)
#define ACPU_MXCSR_DEFAULT 0x1F80u  /* all exceptions masked, nearest, no FTZ/DAZ */
#define ACPU_X87_CW_DEFAULT 0x037Fu /* all exceptions masked, 64-bit precision, nearest */

void acpu_fp_enter(acpu_fp_state *saved)
{
    saved->mxcsr = _mm_getcsr();
    if ((saved->mxcsr & ~0x3Fu) != ACPU_MXCSR_DEFAULT)
        _mm_setcsr(ACPU_MXCSR_DEFAULT);
    unsigned short cw;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    saved->x87_saved = cw != ACPU_X87_CW_DEFAULT;
    if (saved->x87_saved) {
        const unsigned short dflt = ACPU_X87_CW_DEFAULT;
        __asm__ volatile("fnstenv %0" : "=m"(saved->x87_env)); /* masks every x87 exception as well */
        __asm__ volatile("fldcw %0" : : "m"(dflt));
    }
}

/* Reading MXCSR is cheaper than writing it: restored only when the work changed it (a control
 * bit or a new sticky flag), so that a caller already in the default environment pays two reads
 * and a control-word store. */
void acpu_fp_leave(const acpu_fp_state *saved)
{
    if (_mm_getcsr() != saved->mxcsr)
        _mm_setcsr(saved->mxcsr);
    if (saved->x87_saved)
        __asm__ volatile("fldenv %0" : : "m"(saved->x87_env));
}
#else
void acpu_fp_enter(acpu_fp_state *saved)
{
    fegetenv(&saved->env);
    fesetenv(FE_DFL_ENV);
}

void acpu_fp_leave(const acpu_fp_state *saved) { fesetenv(&saved->env); }
#endif
