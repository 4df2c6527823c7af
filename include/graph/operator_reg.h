/* aclnn-cpu's GE graph API: REG_OP, the operator proto declarations of CANN (ops-nn's
 * op_graph/<op>_proto.h and the op_proto/inc headers are written in it):
 *
 *   REG_OP(EluGrad)
 *       .INPUT(grads, TensorType({FloatingDataType, DT_BF16}))
 *       .INPUT(activations, ...)
 *       .OUTPUT(y, ...)
 *       .ATTR(alpha, Float, 1.0)
 *       .OP_END_FACTORY_REG(EluGrad)
 *
 * declares the class ge::op::EluGrad, an Operator of type "EluGrad" whose constructor registers its
 * ports and attributes, with CANN's accessors: per input set_input_<x>(src[, output name | index]),
 * get_input_desc_<x>, update_input_desc_<x>, name_in_<x>; per optional input the same; per dynamic
 * input create_dynamic_input_<x>(n), create_dynamic_input_byindex_<x>, set_dynamic_input_<x>(i, src),
 * get/update_dynamic_input_desc_<x>; per output get/update_output_desc_<x>, name_out_<x>; per dynamic
 * output create_dynamic_output_<x>, get/update_dynamic_output_desc_<x>; per attribute
 * get_attr_<x>(), set_attr_<x>(v), name_attr_<x> (String attributes also take a const char * and
 * read into an AscendString). The TensorType arguments are kept as text (the graph dump shows
 * them): the dtypes a node runs with are the registry's (graph/operator.h, doc/TOOLKIT.md).
 *
 * How the clauses chain: REG_OP opens the class and a private registration function whose body
 * ends in an OpReg() expression; each `.CLAUSE(...)` completes that expression with `.N();`,
 * calls its own registration function, closes the previous one, declares its accessors, and opens
 * its own registration function, again ending in OpReg(); OP_END_FACTORY_REG closes the last one,
 * the class, registers a creator with OperatorFactory and closes namespace op. */
#ifndef ACLNN_CPU_GRAPH_OPERATOR_REG_H_
#define ACLNN_CPU_GRAPH_OPERATOR_REG_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "operator.h"
#include "operator_factory.h"
#include "tensor.h"
#include "types.h"

namespace ge {
/* The chain's link: every clause starts with `.N();` on the OpReg() its predecessor left open. */
class OpReg {
  public:
    OpReg &N() { return *this; }
};
} // namespace ge

#define REG_OP(x)                                                                                     \
    namespace op {                                                                                    \
    class x : public ::ge::Operator {                                                                 \
        typedef x _THIS_TYPE;                                                                         \
                                                                                                      \
      public:                                                                                         \
        explicit x(const char *name) : ::ge::Operator(name, #x) { acpu_reg_begin_(); }                \
        explicit x(const std::string &name) : ::ge::Operator(name.c_str(), #x) { acpu_reg_begin_(); } \
        explicit x(const ::ge::AscendString &name) : ::ge::Operator(name, #x) { acpu_reg_begin_(); }  \
        x() : ::ge::Operator(#x) { acpu_reg_begin_(); }                                               \
                                                                                                      \
      private:                                                                                        \
        void acpu_reg_begin_()                                                                        \
        {                                                                                             \
            ::ge::OpReg()

/* Shared by INPUT and OPTIONAL_INPUT: the accessors of an input named x. */
#define ACPU_GE_INPUT_ACCESSORS_(x)                                                                \
    static const std::string name_in_##x() { return #x; }                                          \
    static void name_in_##x(::ge::AscendString &name) { name = ::ge::AscendString(#x); }           \
    _THIS_TYPE &set_input_##x(::ge::Operator &v)                                                   \
    {                                                                                              \
        ::ge::Operator::SetInput(#x, v);                                                           \
        return *this;                                                                              \
    }                                                                                              \
    _THIS_TYPE &set_input_##x(::ge::Operator &v, const std::string &srcName)                       \
    {                                                                                              \
        ::ge::Operator::SetInput(#x, v, srcName.c_str());                                          \
        return *this;                                                                              \
    }                                                                                              \
    _THIS_TYPE &set_input_##x(::ge::Operator &v, const char *srcName)                              \
    {                                                                                              \
        ::ge::Operator::SetInput(#x, v, srcName);                                                  \
        return *this;                                                                              \
    }                                                                                              \
    _THIS_TYPE &set_input_##x##_by_name(::ge::Operator &v, const char *srcName)                    \
    {                                                                                              \
        ::ge::Operator::SetInput(#x, v, srcName);                                                  \
        return *this;                                                                              \
    }                                                                                              \
    _THIS_TYPE &set_input_##x(::ge::Operator &v, uint32_t index)                                   \
    {                                                                                              \
        ::ge::Operator::SetInput(#x, v, index);                                                    \
        return *this;                                                                              \
    }                                                                                              \
    ::ge::TensorDesc get_input_desc_##x() const { return ::ge::Operator::GetInputDescByName(#x); } \
    ::ge::graphStatus update_input_desc_##x(const ::ge::TensorDesc &tensorDesc)                    \
    {                                                                                              \
        return ::ge::Operator::UpdateInputDesc(#x, tensorDesc);                                    \
    }

#define INPUT(x, t)                            \
    N();                                       \
    acpu_reg_in_##x();                         \
    }                                          \
                                               \
  public:                                      \
    ACPU_GE_INPUT_ACCESSORS_(x)                \
                                               \
  private:                                     \
    void acpu_reg_in_##x()                     \
    {                                          \
        ::ge::Operator::InputRegister(#x, #t); \
        (void)::ge::OpReg()

#define OPTIONAL_INPUT(x, t)                           \
    N();                                               \
    acpu_reg_opt_in_##x();                             \
    }                                                  \
                                                       \
  public:                                              \
    ACPU_GE_INPUT_ACCESSORS_(x)                        \
                                                       \
  private:                                             \
    void acpu_reg_opt_in_##x()                         \
    {                                                  \
        ::ge::Operator::OptionalInputRegister(#x, #t); \
        (void)::ge::OpReg()

#define DYNAMIC_INPUT(x, t)                                                                             \
    N();                                                                                                \
    acpu_reg_dyn_in_##x();                                                                              \
    }                                                                                                   \
                                                                                                        \
  public:                                                                                               \
    _THIS_TYPE &create_dynamic_input_##x(uint32_t num, bool isPushBack = true)                          \
    {                                                                                                   \
        ::ge::Operator::DynamicInputRegister(#x, num, isPushBack);                                      \
        return *this;                                                                                   \
    }                                                                                                   \
    _THIS_TYPE &create_dynamic_input_byindex_##x(uint32_t num, size_t index)                            \
    {                                                                                                   \
        ::ge::Operator::DynamicInputRegisterByIndex(#x, num, index);                                    \
        return *this;                                                                                   \
    }                                                                                                   \
    ::ge::TensorDesc get_dynamic_input_desc_##x(uint32_t index) const                                   \
    {                                                                                                   \
        return ::ge::Operator::GetDynamicInputDesc(#x, index);                                          \
    }                                                                                                   \
    ::ge::graphStatus update_dynamic_input_desc_##x(uint32_t index, const ::ge::TensorDesc &tensorDesc) \
    {                                                                                                   \
        return ::ge::Operator::UpdateDynamicInputDesc(#x, index, tensorDesc);                           \
    }                                                                                                   \
    _THIS_TYPE &set_dynamic_input_##x(uint32_t dstIndex, ::ge::Operator &v)                             \
    {                                                                                                   \
        ::ge::Operator::SetInput(#x, dstIndex, v);                                                      \
        return *this;                                                                                   \
    }                                                                                                   \
    _THIS_TYPE &set_dynamic_input_##x(uint32_t dstIndex, ::ge::Operator &v, const char *srcName)        \
    {                                                                                                   \
        ::ge::Operator::SetInput(#x, dstIndex, v, srcName);                                             \
        return *this;                                                                                   \
    }                                                                                                   \
    _THIS_TYPE &set_dynamic_input_##x(uint32_t dstIndex, ::ge::Operator &v, const std::string &srcName) \
    {                                                                                                   \
        ::ge::Operator::SetInput(#x, dstIndex, v, srcName.c_str());                                     \
        return *this;                                                                                   \
    }                                                                                                   \
                                                                                                        \
  private:                                                                                              \
    void acpu_reg_dyn_in_##x()                                                                          \
    {                                                                                                   \
        ::ge::Operator::DynamicInputRegister(#x, 0, true);                                              \
        (void)::ge::OpReg()

#define OUTPUT(x, t)                                                                                 \
    N();                                                                                             \
    acpu_reg_out_##x();                                                                              \
    }                                                                                                \
                                                                                                     \
  public:                                                                                            \
    static const std::string name_out_##x() { return #x; }                                           \
    static void name_out_##x(::ge::AscendString &name) { name = ::ge::AscendString(#x); }            \
    ::ge::TensorDesc get_output_desc_##x() const { return ::ge::Operator::GetOutputDescByName(#x); } \
    ::ge::graphStatus update_output_desc_##x(const ::ge::TensorDesc &tensorDesc)                     \
    {                                                                                                \
        return ::ge::Operator::UpdateOutputDesc(#x, tensorDesc);                                     \
    }                                                                                                \
                                                                                                     \
  private:                                                                                           \
    void acpu_reg_out_##x()                                                                          \
    {                                                                                                \
        ::ge::Operator::OutputRegister(#x, #t);                                                      \
        (void)::ge::OpReg()

#define DYNAMIC_OUTPUT(x, t)                                                                             \
    N();                                                                                                 \
    acpu_reg_dyn_out_##x();                                                                              \
    }                                                                                                    \
                                                                                                         \
  public:                                                                                                \
    _THIS_TYPE &create_dynamic_output_##x(uint32_t num, bool isPushBack = true)                          \
    {                                                                                                    \
        ::ge::Operator::DynamicOutputRegister(#x, num, isPushBack);                                      \
        return *this;                                                                                    \
    }                                                                                                    \
    ::ge::TensorDesc get_dynamic_output_desc_##x(uint32_t index) const                                   \
    {                                                                                                    \
        return ::ge::Operator::GetDynamicOutputDesc(#x, index);                                          \
    }                                                                                                    \
    ::ge::graphStatus update_dynamic_output_desc_##x(uint32_t index, const ::ge::TensorDesc &tensorDesc) \
    {                                                                                                    \
        return ::ge::Operator::UpdateDynamicOutputDesc(#x, index, tensorDesc);                           \
    }                                                                                                    \
                                                                                                         \
  private:                                                                                               \
    void acpu_reg_dyn_out_##x()                                                                          \
    {                                                                                                    \
        ::ge::Operator::DynamicOutputRegister(#x, 0, true);                                              \
        (void)::ge::OpReg()

/* Extra accessors of the String-typed attributes (the rest have none). */
#define ACPU_GE_ATTR_EXTRA_String(x)                              \
    _THIS_TYPE &set_attr_##x(const char *v)                       \
    {                                                             \
        ::ge::Operator::SetAttr(#x, v);                           \
        return *this;                                             \
    }                                                             \
    ::ge::graphStatus get_attr_##x(::ge::AscendString &ret) const \
    {                                                             \
        std::string value = get_attr_##x();                       \
        ret = ::ge::AscendString(value.c_str());                  \
        return ::ge::GRAPH_SUCCESS;                               \
    }
#define ACPU_GE_ATTR_EXTRA_Int(x)
#define ACPU_GE_ATTR_EXTRA_Float(x)
#define ACPU_GE_ATTR_EXTRA_Bool(x)
#define ACPU_GE_ATTR_EXTRA_Tensor(x)
#define ACPU_GE_ATTR_EXTRA_Type(x)
#define ACPU_GE_ATTR_EXTRA_AscendString(x)
#define ACPU_GE_ATTR_EXTRA_ListInt(x)
#define ACPU_GE_ATTR_EXTRA_ListFloat(x)
#define ACPU_GE_ATTR_EXTRA_ListBool(x)
#define ACPU_GE_ATTR_EXTRA_ListString(x)
#define ACPU_GE_ATTR_EXTRA_ListAscendString(x)
#define ACPU_GE_ATTR_EXTRA_ListAcendString(x)
#define ACPU_GE_ATTR_EXTRA_ListTensor(x)
#define ACPU_GE_ATTR_EXTRA_Bytes(x)
#define ACPU_GE_ATTR_EXTRA_ListListInt(x)
#define ACPU_GE_ATTR_EXTRA_ListType(x)

/* Shared by ATTR and REQUIRED_ATTR: the accessors of an attribute x of type ::ge::Op<Type>. */
#define ACPU_GE_ATTR_ACCESSORS_(x, Type)                                                   \
    static const std::string name_attr_##x() { return #x; }                                \
    static void name_attr_##x(::ge::AscendString &name) { name = ::ge::AscendString(#x); } \
    ::ge::Op##Type get_attr_##x() const                                                    \
    {                                                                                      \
        ::ge::Op##Type value{};                                                            \
        (void)::ge::Operator::GetAttr(#x, value);                                          \
        return value;                                                                      \
    }                                                                                      \
    _THIS_TYPE &set_attr_##x(const ::ge::Op##Type &v)                                      \
    {                                                                                      \
        ::ge::Operator::SetAttr(#x, v);                                                    \
        return *this;                                                                      \
    }                                                                                      \
    ACPU_GE_ATTR_EXTRA_##Type(x)

#define ATTR(x, Type, ...)                                             \
    N();                                                               \
    acpu_reg_attr_##x();                                               \
    }                                                                  \
                                                                       \
  public:                                                              \
    ACPU_GE_ATTR_ACCESSORS_(x, Type)                                   \
                                                                       \
  private:                                                             \
    void acpu_reg_attr_##x()                                           \
    {                                                                  \
        ::ge::Operator::AttrRegister(#x, ::ge::Op##Type(__VA_ARGS__)); \
        (void)::ge::OpReg()

#define REQUIRED_ATTR(x, Type)                           \
    N();                                                 \
    acpu_reg_req_attr_##x();                             \
    }                                                    \
                                                         \
  public:                                                \
    ACPU_GE_ATTR_ACCESSORS_(x, Type)                     \
                                                         \
  private:                                               \
    void acpu_reg_req_attr_##x()                         \
    {                                                    \
        ::ge::Operator::RequiredAttrRegister(#x, #Type); \
        (void)::ge::OpReg()

/* A type variable of the proto (DATATYPE(T, TensorType({...}))): nothing to register here. */
#define DATATYPE(x, t)        \
    N();                      \
    }                         \
                              \
  private:                    \
    void acpu_reg_dtype_##x() \
    {                         \
        (void)::ge::OpReg()

#define OP_END_FACTORY_REG(x)                                                          \
    N();                                                                               \
    }                                                                                  \
    }                                                                                  \
    ;                                                                                  \
    static const ::ge::OperatorCreatorRegister acpu_op_creator_##x(                    \
        #x, [](const ::ge::AscendString &name) -> ::ge::Operator { return x(name); }); \
    }

#endif /* ACLNN_CPU_GRAPH_OPERATOR_REG_H_ */
