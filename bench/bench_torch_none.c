/* No PyTorch peer in this build (libtorch not found at configure time, a cross or sanitizer build,
 * a clang build, or ACLNN_CPU_BENCH_TORCH=OFF): bench_torch_available() is 0 and nothing else runs. */
#include <stdio.h>

#include "bench_torch.h"

int bench_torch_available(void) { return 0; }
const char *bench_torch_version(void) { return "not built"; }
int bench_torch_has_call(const char *call)
{
    (void)call;
    return 0;
}
BenchTorch *bench_torch_create(const BenchTorchCall *call, char *why, size_t whySize)
{
    (void)call;
    snprintf(why, whySize, "PyTorch not built");
    return NULL;
}
void bench_torch_set_threads(int threads) { (void)threads; }
void bench_torch_run(BenchTorch *t) { (void)t; }
void bench_torch_destroy(BenchTorch *t) { (void)t; }
