/* AVX-512 (F, BW, DQ, VL) kernels; this file alone is compiled with the AVX-512 flags. */
#include "kernels/vec/avx512.h"
#include "kernels/acpu_kernel_table.h"

ACPU_DEFINE_KERNEL_TABLE(acpu_kernels_avx512, ACPU_ISA_AVX512, false);
