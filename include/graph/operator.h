/* aclnn-cpu's GE graph API: Operator, a node of a graph (CANN's class and methods). An Operator is a
 * handle: its copies (and the op::<Type> objects that REG_OP declares) are the same node. A node
 * keeps the nodes that feed it alive; a graph keeps every node it reaches. Attribute values of
 * the types below are stored as given; GetAttr succeeds only for the type that was stored (an Int
 * also reads as int32_t / uint32_t when it fits). */
#ifndef ACLNN_CPU_GRAPH_OPERATOR_H_
#define ACLNN_CPU_GRAPH_OPERATOR_H_

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "ascend_string.h"
#include "error_codes.h"
#include "tensor.h"
#include "types.h"

#pragma GCC visibility push(default)
namespace ge {
using OpInt = int64_t;
using OpFloat = float;
using OpString = std::string;
using OpAscendString = AscendString;
using OpBool = bool;
using OpTensor = Tensor;
using OpType = DataType;
using OpListInt = std::vector<int64_t>;
using OpListFloat = std::vector<float>;
using OpListString = std::vector<std::string>;
using OpListAscendString = std::vector<AscendString>;
using OpListAcendString = std::vector<AscendString>;
using OpListBool = std::vector<bool>;
using OpListTensor = std::vector<Tensor>;
using OpBytes = std::vector<uint8_t>;
using OpListListInt = std::vector<std::vector<int64_t>>;
using OpListType = std::vector<DataType>;

class OperatorImpl;
class GraphImpl;
class Graph;

class Operator {
  public:
    Operator();
    /* A node of type `type` named "<type>_<n>" (n counts the nodes made so). */
    explicit Operator(const char_t *type);
    explicit Operator(const std::string &type);
    explicit Operator(const AscendString &type);
    Operator(const char_t *name, const char_t *type);
    Operator(const AscendString &name, const AscendString &type);
    Operator(const std::string &name, const std::string &type);
    virtual ~Operator() = default;

    bool IsEmpty() const;
    std::string GetName() const;
    graphStatus GetName(AscendString &name) const;
    std::string GetOpType() const;
    graphStatus GetOpType(AscendString &type) const;

    /* Input dst_name (a name the proto registered, or any name for an unregistered node) takes
     * src_oprt's output 0, its output `name`, or its output `index`. A name the node does not have
     * is reported when the graph is run. */
    Operator &SetInput(const char_t *dst_name, const Operator &src_oprt);
    Operator &SetInput(const char_t *dst_name, const Operator &src_oprt, const char_t *name);
    Operator &SetInput(const char_t *dst_name, const Operator &src_oprt, uint32_t index);
    Operator &SetInput(uint32_t dst_index, const Operator &src_oprt, uint32_t src_oprt_index);
    /* Dynamic input dst_name's entry dst_index (dst_name + dst_index, as CANN names them). */
    Operator &SetInput(const char_t *dst_name, uint32_t dst_index, const Operator &src_oprt);
    Operator &SetInput(const char_t *dst_name, uint32_t dst_index, const Operator &src_oprt, const char_t *name);
    Operator &AddControlInput(const Operator &src_oprt);

    TensorDesc GetInputDescByName(const char_t *name) const;
    TensorDesc GetOutputDescByName(const char_t *name) const;
    TensorDesc GetInputDesc(uint32_t index) const;
    TensorDesc GetOutputDesc(uint32_t index) const;
    graphStatus UpdateInputDesc(const char_t *name, const TensorDesc &tensor_desc);
    graphStatus UpdateOutputDesc(const char_t *name, const TensorDesc &tensor_desc);
    TensorDesc GetDynamicInputDesc(const char_t *name, uint32_t index) const;
    graphStatus UpdateDynamicInputDesc(const char_t *name, uint32_t index, const TensorDesc &tensor_desc);
    TensorDesc GetDynamicOutputDesc(const char_t *name, uint32_t index) const;
    graphStatus UpdateDynamicOutputDesc(const char_t *name, uint32_t index, const TensorDesc &tensor_desc);
    size_t GetInputsSize() const;
    size_t GetOutputsSize() const;

    Operator &SetAttr(const char_t *name, int64_t attr_value);
    Operator &SetAttr(const char_t *name, int32_t attr_value);
    Operator &SetAttr(const char_t *name, uint32_t attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<int64_t> &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<int32_t> &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<uint32_t> &attr_value);
    Operator &SetAttr(const char_t *name, std::initializer_list<int64_t> &&attr_value);
    Operator &SetAttr(const char_t *name, float32_t attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<float32_t> &attr_value);
    Operator &SetAttr(const char_t *name, bool attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<bool> &attr_value);
    Operator &SetAttr(const char_t *name, const char_t *attr_value);
    Operator &SetAttr(const char_t *name, const std::string &attr_value);
    Operator &SetAttr(const char_t *name, const AscendString &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<std::string> &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<AscendString> &attr_value);
    Operator &SetAttr(const char_t *name, const Tensor &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<Tensor> &attr_value);
    Operator &SetAttr(const char_t *name, const OpBytes &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<std::vector<int64_t>> &attr_value);
    Operator &SetAttr(const char_t *name, const DataType &attr_value);
    Operator &SetAttr(const char_t *name, const std::vector<DataType> &attr_value);

    graphStatus GetAttr(const char_t *name, int64_t &attr_value) const;
    graphStatus GetAttr(const char_t *name, int32_t &attr_value) const;
    graphStatus GetAttr(const char_t *name, uint32_t &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<int64_t> &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<int32_t> &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<uint32_t> &attr_value) const;
    graphStatus GetAttr(const char_t *name, float32_t &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<float32_t> &attr_value) const;
    graphStatus GetAttr(const char_t *name, bool &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<bool> &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::string &attr_value) const;
    graphStatus GetAttr(const char_t *name, AscendString &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<std::string> &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<AscendString> &attr_value) const;
    graphStatus GetAttr(const char_t *name, Tensor &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<Tensor> &attr_value) const;
    graphStatus GetAttr(const char_t *name, OpBytes &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<std::vector<int64_t>> &attr_value) const;
    graphStatus GetAttr(const char_t *name, DataType &attr_value) const;
    graphStatus GetAttr(const char_t *name, std::vector<DataType> &attr_value) const;

    /* The library's view of the node. */
    const std::shared_ptr<OperatorImpl> &Impl() const { return impl_; }

  protected:
    /* What REG_OP's clauses register (graph/operator_reg.h): ports in IR order, with the proto's
     * TensorType text, and attributes with their defaults. */
    void InputRegister(const char_t *name, const char_t *type_text);
    void OptionalInputRegister(const char_t *name, const char_t *type_text);
    void OutputRegister(const char_t *name, const char_t *type_text);
    void DynamicInputRegister(const char_t *name, uint32_t num, bool is_push_back = true);
    void DynamicInputRegisterByIndex(const char_t *name, uint32_t num, size_t index);
    void DynamicOutputRegister(const char_t *name, uint32_t num, bool is_push_back = true);
    void RequiredAttrRegister(const char_t *name, const char_t *type_name);
    void AttrRegister(const char_t *name, int64_t attr_value);
    void AttrRegister(const char_t *name, float32_t attr_value);
    void AttrRegister(const char_t *name, bool attr_value);
    void AttrRegister(const char_t *name, const std::string &attr_value);
    void AttrRegister(const char_t *name, const AscendString &attr_value);
    void AttrRegister(const char_t *name, const std::vector<int64_t> &attr_value);
    void AttrRegister(const char_t *name, const std::vector<float32_t> &attr_value);
    void AttrRegister(const char_t *name, const std::vector<bool> &attr_value);
    void AttrRegister(const char_t *name, const std::vector<std::string> &attr_value);
    void AttrRegister(const char_t *name, const std::vector<AscendString> &attr_value);
    void AttrRegister(const char_t *name, const Tensor &attr_value);
    void AttrRegister(const char_t *name, const std::vector<Tensor> &attr_value);
    void AttrRegister(const char_t *name, const OpBytes &attr_value);
    void AttrRegister(const char_t *name, const std::vector<std::vector<int64_t>> &attr_value);
    void AttrRegister(const char_t *name, const DataType &attr_value);
    void AttrRegister(const char_t *name, const std::vector<DataType> &attr_value);

  private:
    std::shared_ptr<OperatorImpl> impl_;
    friend class GraphImpl;
};
} // namespace ge
#pragma GCC visibility pop

#endif /* ACLNN_CPU_GRAPH_OPERATOR_H_ */
