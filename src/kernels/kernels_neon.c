/* AArch64 Advanced SIMD (NEON) kernels: base ARMv8-A, no extra flags. */
#include "kernels/vec/neon.h"
#include "kernels/acpu_kernel_table.h"

ACPU_DEFINE_KERNEL_TABLE(acpu_kernels_neon, ACPU_ISA_NEON, false);
