/* array_ops.h of aclnn-cpu's operator protos (installed to opp/built-in/op_proto/inc, as CANN's):
 * the graph's inputs and constants. The runner binds RunGraph's input tensors to the Data nodes
 * (by their index attribute, doc/DECISIONS.md) and reads a Const's tensor from its value
 * attribute; the output is the tensor as given. */
#ifndef ACLNN_CPU_OP_PROTO_ARRAY_OPS_H_
#define ACLNN_CPU_OP_PROTO_ARRAY_OPS_H_

#include "graph/operator_reg.h"

namespace ge {
REG_OP(Data)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .ATTR(index, Int, 0)
    .OP_END_FACTORY_REG(Data)

        REG_OP(Const)
    .OUTPUT(y, TensorType::ALL())
    .ATTR(value, Tensor, Tensor())
    .OP_END_FACTORY_REG(Const)

        REG_OP(Constant)
    .OUTPUT(y, TensorType::ALL())
    .ATTR(value, Tensor, Tensor())
    .OP_END_FACTORY_REG(Constant)
} // namespace ge

#endif /* ACLNN_CPU_OP_PROTO_ARRAY_OPS_H_ */
