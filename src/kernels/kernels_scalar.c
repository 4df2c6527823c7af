/* Scalar kernels: the portable fallback (one lane; the same inlined exps as every ISA). */
#include "kernels/vec/scalar.h"
#include "kernels/acpu_kernel_table.h"

ACPU_DEFINE_KERNEL_TABLE(acpu_kernels_scalar, ACPU_ISA_SCALAR, false);
