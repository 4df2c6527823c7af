/* AVX2 + FMA + F16C kernels (this file alone is compiled with -mavx2 -mfma -mf16c). */
#include "kernels/vec/avx2.h"
#include "kernels/ops/elu_backward.h"
#include "kernels/ops/softplus_backward.h"

const acpu_kernel_table acpu_kernels_avx2 = {.isa = ACPU_ISA_AVX2, ACPU_ELU_KERNEL_ENTRIES,
                                             ACPU_SOFTPLUS_KERNEL_ENTRIES};
