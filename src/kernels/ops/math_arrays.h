/* Each math primitive of an ISA (kernels/acpu_kernels.h, ACPU_MATH_LIST) as an array loop, so that
 * the accuracy check, its test suite and the kernel-ceiling benchmark run exactly the code the
 * operator kernels inline. Include after a vocabulary header. */
#ifndef ACPU_OPS_MATH_ARRAYS_H_
#define ACPU_OPS_MATH_ARRAYS_H_

#include "kernels/ops/loops.h"
#include "kernels/ops/exp_poly.h"
#include "kernels/ops/math_poly.h"

ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_exp_sleef_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_exp_sleef)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_exp_inline_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_exp_poly)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_exp_inline16_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_exp_poly16)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_exp_sleef_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_vd_exp_sleef)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_exp_inline_f64), double, acpu_vd, ACPU_VDLANES, f64, acpu_vd_exp_poly)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_log_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_log)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_log_sleef_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_log_sleef)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_tanh_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_tanh)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_tanh_sleef_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_tanh_sleef)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_erf_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_erf)
ACPU_DEFINE_ARRAY_MAP(ACPU_KERNEL_NAME(math_erf_sleef_f32), float, acpu_vf, ACPU_VLANES, f32, acpu_vf_erf_sleef)

#endif /* ACPU_OPS_MATH_ARRAYS_H_ */
