/* Non-x86 builds: no fused AVX2 reference and no AVX2 rooflines (bench_have_avx2() is 0 there;
 * the rooflines fall back to the plain C ones). */
#include <stddef.h>

#include "bench.h"

BenchFused bench_fused_kernel(const char *caseName, int dtype)
{
    (void)caseName;
    (void)dtype;
    return NULL;
}

void bench_roofline_avx2(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize)
{
    bench_roofline_generic(in, reads, out, n, threads, esize);
}

void bench_roofline_nt_avx2(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize)
{
    bench_roofline_generic(in, reads, out, n, threads, esize);
}
