/* EluGrad's operator proto (TensorFlow's EluGrad on the forward's output), written for this project
 * in the REG_OP form of ops-nn's op_graph/<op>_proto.h files, with their bare FloatingDataType in the
 * TensorType list: the type lists are text to operator_reg.h, never compiled. */
#ifndef ACPU_TEST_PROTO_ELU_GRAD_H_
#define ACPU_TEST_PROTO_ELU_GRAD_H_

#include "graph/operator_reg.h"

namespace ge {
// grads * (activations + 1) where activations < 0, grads elsewhere.
REG_OP(EluGrad)
    .INPUT(grads, TensorType({FloatingDataType, DT_BF16}))
    .INPUT(activations, TensorType({FloatingDataType, DT_BF16}))
    .OUTPUT(y, TensorType({FloatingDataType, DT_BF16}))
    .OP_END_FACTORY_REG(EluGrad)
} // namespace ge

#endif // ACPU_TEST_PROTO_ELU_GRAD_H_
