/* AVX-512 kernels for CPUs with avx512_bf16: the same math, bf16 narrowing by VCVTNEPS2BF16. */
#define ACPU_AVX512_NATIVE_BF16 1
#include "kernels/vec/avx512.h"
#include "kernels/acpu_kernel_table.h"

ACPU_DEFINE_KERNEL_TABLE(acpu_kernels_avx512bf16, ACPU_ISA_AVX512, true);
