/* The IEEE default floating-point environment (nearest, no FTZ/DAZ) for library arithmetic, and
 * the caller's restored afterwards. On x86-64 the code uses SSE/AVX only, so MXCSR is the whole
 * state: reading and writing it costs a few cycles where fegetenv/fesetenv (x87 included) cost as
 * much as a 1K-element kernel. */
#include <fenv.h>
#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include "acpu_engine.h"

#if defined(__x86_64__) || defined(_M_X64)
#define ACPU_MXCSR_DEFAULT 0x1F80u /* all exceptions masked, nearest, no FTZ/DAZ */

void acpu_fp_enter(acpu_fp_state *saved)
{
    saved->mxcsr = _mm_getcsr();
    if ((saved->mxcsr & ~0x3Fu) != ACPU_MXCSR_DEFAULT)
        _mm_setcsr(ACPU_MXCSR_DEFAULT);
}

/* Reading MXCSR is cheaper than writing it: restored only when the work changed it (a control
 * bit or a new sticky flag), so that a caller already in the default environment pays two reads. */
void acpu_fp_leave(const acpu_fp_state *saved)
{
    if (_mm_getcsr() != saved->mxcsr)
        _mm_setcsr(saved->mxcsr);
}
#else
void acpu_fp_enter(acpu_fp_state *saved)
{
    fegetenv(&saved->env);
    fesetenv(FE_DFL_ENV);
}

void acpu_fp_leave(const acpu_fp_state *saved) { fesetenv(&saved->env); }
#endif
