/* AVX2 + FMA + F16C kernels (this file alone is compiled with -mavx2 -mfma -mf16c). */
#include "kernels/vec/avx2.h"
#include "kernels/acpu_kernel_table.h"

ACPU_DEFINE_KERNEL_TABLE(acpu_kernels_avx2, ACPU_ISA_AVX2, false);
