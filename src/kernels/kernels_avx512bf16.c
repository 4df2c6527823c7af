/* AVX-512 kernels for CPUs with avx512_bf16: the same math, bf16 narrowing by VCVTNEPS2BF16. */
#define ACPU_AVX512_NATIVE_BF16 1
#include "kernels/vec/avx512.h"
#include "kernels/ops/elu_backward.h"
#include "kernels/ops/softplus_backward.h"

const acpu_kernel_table acpu_kernels_avx512bf16 = {.isa = ACPU_ISA_AVX512, .native_bf16 = true, ACPU_ELU_KERNEL_ENTRIES,
                                                   ACPU_SOFTPLUS_KERNEL_ENTRIES};
