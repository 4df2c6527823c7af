/* aclnn-cpu's GE graph API: OperatorFactory, the operators whose protos a program included
 * (REG_OP's OP_END_FACTORY_REG registers each). */
#ifndef ACLNN_CPU_GRAPH_OPERATOR_FACTORY_H_
#define ACLNN_CPU_GRAPH_OPERATOR_FACTORY_H_

#include <functional>
#include <string>
#include <vector>

#include "ascend_string.h"
#include "error_codes.h"
#include "operator.h"

#pragma GCC visibility push(default)
namespace ge {
using OpCreatorV2 = std::function<Operator(const AscendString &)>;

class OperatorFactory {
  public:
    /* A node of a registered type (an empty Operator when the type is not registered). */
    static Operator CreateOperator(const char_t *operator_name, const char_t *operator_type);
    static graphStatus GetOpsTypeList(std::vector<AscendString> &all_ops);
    static bool IsExistOp(const char_t *operator_type);
};

class OperatorCreatorRegister {
  public:
    OperatorCreatorRegister(const char_t *operator_type, const OpCreatorV2 &op_creator);
    ~OperatorCreatorRegister() = default;
};
} // namespace ge
#pragma GCC visibility pop

#endif /* ACLNN_CPU_GRAPH_OPERATOR_FACTORY_H_ */
