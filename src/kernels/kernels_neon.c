/* AArch64 Advanced SIMD (NEON) kernels: base ARMv8-A, no extra flags. */
#include "kernels/vec/neon.h"
#include "kernels/ops/elu_backward.h"
#include "kernels/ops/softplus_backward.h"

const acpu_kernel_table acpu_kernels_neon = {.isa = ACPU_ISA_NEON, ACPU_ELU_KERNEL_ENTRIES,
                                             ACPU_SOFTPLUS_KERNEL_ENTRIES};
