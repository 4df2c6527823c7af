/* Each exp variant of an ISA as an array loop (kernels/acpu_kernels.h, ACPU_EXP_LIST), so that the
 * exp accuracy check, its test suite and the kernel-ceiling benchmark run exactly the code the
 * operator kernels inline. Include after a vocabulary header. */
#ifndef ACPU_OPS_EXP_ARRAYS_H_
#define ACPU_OPS_EXP_ARRAYS_H_

#include "kernels/ops/binary_loop.h"
#include "kernels/ops/exp_poly.h"

ACPU_DEFINE_UNARY_KERNEL(ACPU_KERNEL_NAME(exp_sleef_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_exp_sleef)
ACPU_DEFINE_UNARY_KERNEL(ACPU_KERNEL_NAME(exp_inline_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_exp_poly)
ACPU_DEFINE_UNARY_KERNEL(ACPU_KERNEL_NAME(exp_inline16_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_exp_poly16)
ACPU_DEFINE_UNARY_KERNEL(ACPU_KERNEL_NAME(exp_sleef_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_vd_exp_sleef)
ACPU_DEFINE_UNARY_KERNEL(ACPU_KERNEL_NAME(exp_inline_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_vd_exp_poly)

#endif /* ACPU_OPS_EXP_ARRAYS_H_ */
