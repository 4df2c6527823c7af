/* SoftplusV2Grad's operator proto, written for this project in the REG_OP form of ops-nn's
 * op_graph/<op>_proto.h files (it proves that graph/operator_reg.h takes that form): inputs
 * input_gradients and input_features, output output_backprops, attributes beta and threshold. */
#ifndef ACPU_TEST_PROTO_SOFTPLUS_V2_GRAD_H_
#define ACPU_TEST_PROTO_SOFTPLUS_V2_GRAD_H_

#include "graph/operator_reg.h"

namespace ge {
// dy / (1 + exp(-beta * x)) where beta * x <= threshold, dy beyond it.
REG_OP(SoftplusV2Grad)
    .INPUT(input_gradients, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .INPUT(input_features, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .OUTPUT(output_backprops, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .ATTR(beta, Float, 1.0)
    .ATTR(threshold, Float, 20.0)
    .OP_END_FACTORY_REG(SoftplusV2Grad)
} // namespace ge

#endif // ACPU_TEST_PROTO_SOFTPLUS_V2_GRAD_H_
