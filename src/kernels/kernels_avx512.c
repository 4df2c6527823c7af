/* AVX-512 (F, BW, DQ, VL) kernels; this file alone is compiled with the AVX-512 flags. */
#include "kernels/vec/avx512.h"
#include "kernels/ops/elu_backward.h"
#include "kernels/ops/softplus_backward.h"

const acpu_kernel_table acpu_kernels_avx512 = {.isa = ACPU_ISA_AVX512, ACPU_ELU_KERNEL_ENTRIES,
                                               ACPU_SOFTPLUS_KERNEL_ENTRIES};
