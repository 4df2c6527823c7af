/* Scalar kernels: the portable fallback (one lane, SLEEF's scalar exp). */
#include "kernels/vec/scalar.h"
#include "kernels/ops/elu_backward.h"
#include "kernels/ops/softplus_backward.h"

const acpu_kernel_table acpu_kernels_scalar = {.isa = ACPU_ISA_SCALAR, ACPU_ELU_KERNEL_ENTRIES,
                                             ACPU_SOFTPLUS_KERNEL_ENTRIES};
