/* Non-x86 builds: no fused AVX2 reference and no streaming-store roofline (bench_have_avx2() is 0
 * there, so these never run). */
#include <stdlib.h>

#include "bench.h"

BenchKernel bench_fused_kernel(int op, int dtype)
{
    (void)op;
    (void)dtype;
    abort();
}

void bench_roofline_avx2(const void *a, const void *b, void *c, size_t n, int threads, size_t esize)
{
    bench_roofline_generic(a, b, c, n, threads, esize);
}

void bench_roofline_nt_avx2(const void *a, const void *b, void *c, size_t n, int threads, size_t esize)
{
    bench_roofline_generic(a, b, c, n, threads, esize);
}
