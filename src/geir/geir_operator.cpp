// Operator (graph/operator.h), the registration calls REG_OP makes, attribute values, and
// OperatorFactory (graph/operator_factory.h).
#include <atomic>
#include <cstdio>
#include <mutex>
#include <set>

#include "geir/geir_impl.h"
#include "graph/operator_factory.h"

namespace ge {

// ---- attribute values ------------------------------------------------------------------------------

const char *AttrValue::KindName(Kind k)
{
    static const char *const names[] = {"Int",       "Float",       "Bool",       "String",  "ListInt",
                                        "ListFloat", "ListBool",    "ListString", "Tensor",  "ListTensor",
                                        "Bytes",     "ListListInt", "Type",       "ListType"};
    return names[static_cast<int>(k)];
}

namespace {
std::string float_text(float v)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    return buf;
}

template <typename T, typename F> std::string list_text(const std::vector<T> &v, F each)
{
    std::string s = "[";
    for (size_t i = 0; i < v.size(); i++)
        s += (i ? ", " : "") + each(v[i]);
    return s + "]";
}

std::string tensor_text(const Tensor &t)
{
    TensorDesc d = t.GetTensorDesc();
    return "tensor(" + geir_dtype_name(d.GetDataType()) + " " + geir_dims_text(d.GetShape().GetDims()) + ", " +
           std::to_string(t.GetSize()) + " bytes)";
}
} // namespace

std::string AttrValue::Text() const
{
    switch (kind) {
    case Kind::Int: return std::to_string(i);
    case Kind::Float: return float_text(f);
    case Kind::Bool: return b ? "true" : "false";
    case Kind::String: return "\"" + s + "\"";
    case Kind::ListInt: return list_text(li, [](int64_t v) { return std::to_string(v); });
    case Kind::ListFloat: return list_text(lf, float_text);
    case Kind::ListBool: return list_text(lb, [](bool v) { return std::string(v ? "true" : "false"); });
    case Kind::ListString: return list_text(ls, [](const std::string &v) { return "\"" + v + "\""; });
    case Kind::Tensor: return tensors.empty() ? "tensor()" : tensor_text(tensors[0]);
    case Kind::ListTensor: return list_text(tensors, tensor_text);
    case Kind::Bytes: return std::to_string(bytes.size()) + " bytes";
    case Kind::ListListInt:
        return list_text(lli, [](const std::vector<int64_t> &v) {
            return list_text(v, [](int64_t x) { return std::to_string(x); });
        });
    case Kind::Type: return geir_dtype_name(t);
    case Kind::ListType: return list_text(lt, geir_dtype_name);
    }
    return "";
}

// ---- nodes ------------------------------------------------------------------------------------------

Port *OperatorImpl::FindInput(const std::string &port)
{
    for (Port &p : inputs)
        if (p.name == port)
            return &p;
    return nullptr;
}

Port *OperatorImpl::FindOutput(const std::string &port)
{
    for (Port &p : outputs)
        if (p.name == port)
            return &p;
    return nullptr;
}

int OperatorImpl::OutputIndex(const std::string &port) const
{
    for (size_t i = 0; i < outputs.size(); i++)
        if (outputs[i].name == port)
            return static_cast<int>(i);
    return -1;
}

void OperatorImpl::SetAttr(const std::string &attr, AttrValue v)
{
    if (attrs.find(attr) == attrs.end())
        attr_order.push_back(attr);
    attrs[attr] = std::move(v);
}

const AttrValue *OperatorImpl::Attr(const std::string &attr) const
{
    auto it = attrs.find(attr);
    return it != attrs.end() ? &it->second : nullptr;
}

namespace {
std::atomic<uint64_t> g_unnamed{0};

std::shared_ptr<OperatorImpl> make_node(const std::string &name, const std::string &type)
{
    auto n = std::make_shared<OperatorImpl>();
    n->name = name;
    n->type = type;
    return n;
}

std::string auto_name(const std::string &type) { return type + "_" + std::to_string(g_unnamed++); }

std::string str(const char *s) { return s != nullptr ? s : ""; }
} // namespace

Operator::Operator() = default;
Operator::Operator(const char_t *type) : impl_(make_node(auto_name(str(type)), str(type))) {}
Operator::Operator(const std::string &type) : impl_(make_node(auto_name(type), type)) {}
Operator::Operator(const AscendString &type) : impl_(make_node(auto_name(type.GetString()), type.GetString())) {}
Operator::Operator(const char_t *name, const char_t *type) : impl_(make_node(str(name), str(type))) {}
Operator::Operator(const AscendString &name, const AscendString &type)
    : impl_(make_node(name.GetString(), type.GetString()))
{
}
Operator::Operator(const std::string &name, const std::string &type) : impl_(make_node(name, type)) {}

bool Operator::IsEmpty() const { return impl_ == nullptr; }
std::string Operator::GetName() const { return impl_ != nullptr ? impl_->name : ""; }

graphStatus Operator::GetName(AscendString &name) const
{
    if (impl_ == nullptr)
        return GRAPH_FAILED;
    name = AscendString(impl_->name.c_str());
    return GRAPH_SUCCESS;
}

std::string Operator::GetOpType() const { return impl_ != nullptr ? impl_->type : ""; }

graphStatus Operator::GetOpType(AscendString &type) const
{
    if (impl_ == nullptr)
        return GRAPH_FAILED;
    type = AscendString(impl_->type.c_str());
    return GRAPH_SUCCESS;
}

// ---- edges -------------------------------------------------------------------------------------------

namespace {
// Links input `port` of dst to src's output (by index, or by name when src_name is not empty).
void link(const std::shared_ptr<OperatorImpl> &dst, const std::string &port, const Operator &src, uint32_t src_index,
          const std::string &src_name)
{
    if (dst == nullptr)
        return;
    const std::shared_ptr<OperatorImpl> &s = src.Impl();
    if (s == nullptr) {
        dst->problems.push_back("input " + port + " was set from an empty Operator");
        return;
    }
    if (dst->registered && dst->FindInput(port) == nullptr) {
        dst->problems.push_back("input " + port + " was set, but a " + dst->type + " node has no input of that name");
        return;
    }
    Edge e;
    e.src = s;
    e.src_index = src_index;
    e.src_name = src_name;
    std::shared_ptr<OperatorImpl> old = dst->edges.count(port) ? dst->edges[port].src : nullptr;
    dst->edges[port] = e;
    if (s != dst)
        s->consumers.push_back(dst);
    // The producer this edge replaced no longer reaches dst, unless another edge still links them.
    if (old == nullptr || old == s)
        return;
    for (const auto &other : dst->edges)
        if (other.second.src == old)
            return;
    for (const auto &c : dst->control_in)
        if (c == old)
            return;
    auto &cs = old->consumers;
    for (size_t i = cs.size(); i-- > 0;)
        if (cs[i].lock() == dst)
            cs.erase(cs.begin() + static_cast<std::ptrdiff_t>(i));
}
} // namespace

Operator &Operator::SetInput(const char_t *dst_name, const Operator &src_oprt)
{
    link(impl_, str(dst_name), src_oprt, 0, "");
    return *this;
}

Operator &Operator::SetInput(const char_t *dst_name, const Operator &src_oprt, const char_t *name)
{
    link(impl_, str(dst_name), src_oprt, 0, str(name));
    return *this;
}

Operator &Operator::SetInput(const char_t *dst_name, const Operator &src_oprt, uint32_t index)
{
    link(impl_, str(dst_name), src_oprt, index, "");
    return *this;
}

Operator &Operator::SetInput(uint32_t dst_index, const Operator &src_oprt, uint32_t src_oprt_index)
{
    if (impl_ == nullptr)
        return *this;
    if (dst_index >= impl_->inputs.size()) {
        impl_->problems.push_back("input index " + std::to_string(dst_index) + " was set, but the node has " +
                                  std::to_string(impl_->inputs.size()) + " inputs");
        return *this;
    }
    link(impl_, impl_->inputs[dst_index].name, src_oprt, src_oprt_index, "");
    return *this;
}

Operator &Operator::SetInput(const char_t *dst_name, uint32_t dst_index, const Operator &src_oprt)
{
    link(impl_, str(dst_name) + std::to_string(dst_index), src_oprt, 0, "");
    return *this;
}

Operator &Operator::SetInput(const char_t *dst_name, uint32_t dst_index, const Operator &src_oprt, const char_t *name)
{
    link(impl_, str(dst_name) + std::to_string(dst_index), src_oprt, 0, str(name));
    return *this;
}

Operator &Operator::AddControlInput(const Operator &src_oprt)
{
    if (impl_ != nullptr && src_oprt.Impl() != nullptr) {
        impl_->control_in.push_back(src_oprt.Impl());
        src_oprt.Impl()->consumers.push_back(impl_);
    }
    return *this;
}

// ---- descs -------------------------------------------------------------------------------------------

namespace {
TensorDesc desc_of(const Port *p) { return p != nullptr ? p->desc : TensorDesc(); }

graphStatus update(Port *p, const TensorDesc &d)
{
    if (p == nullptr)
        return GRAPH_FAILED;
    p->desc = d;
    p->desc_set = true;
    return GRAPH_SUCCESS;
}

// The port `name` of an unregistered node is made on first use (a registered node has its own).
Port *port_for(std::shared_ptr<OperatorImpl> &n, std::vector<Port> OperatorImpl::*ports, const std::string &name)
{
    if (n == nullptr)
        return nullptr;
    for (Port &p : (*n).*ports)
        if (p.name == name)
            return &p;
    if (n->registered)
        return nullptr;
    ((*n).*ports).push_back(Port{name, PortKind::Required, "", TensorDesc(), false});
    return &((*n).*ports).back();
}
} // namespace

TensorDesc Operator::GetInputDescByName(const char_t *name) const
{
    return impl_ != nullptr ? desc_of(impl_->FindInput(str(name))) : TensorDesc();
}

TensorDesc Operator::GetOutputDescByName(const char_t *name) const
{
    return impl_ != nullptr ? desc_of(impl_->FindOutput(str(name))) : TensorDesc();
}

TensorDesc Operator::GetInputDesc(uint32_t index) const
{
    return impl_ != nullptr && index < impl_->inputs.size() ? impl_->inputs[index].desc : TensorDesc();
}

TensorDesc Operator::GetOutputDesc(uint32_t index) const
{
    return impl_ != nullptr && index < impl_->outputs.size() ? impl_->outputs[index].desc : TensorDesc();
}

graphStatus Operator::UpdateInputDesc(const char_t *name, const TensorDesc &tensor_desc)
{
    std::shared_ptr<OperatorImpl> n = impl_;
    return update(port_for(n, &OperatorImpl::inputs, str(name)), tensor_desc);
}

graphStatus Operator::UpdateOutputDesc(const char_t *name, const TensorDesc &tensor_desc)
{
    std::shared_ptr<OperatorImpl> n = impl_;
    return update(port_for(n, &OperatorImpl::outputs, str(name)), tensor_desc);
}

TensorDesc Operator::GetDynamicInputDesc(const char_t *name, uint32_t index) const
{
    return GetInputDescByName((str(name) + std::to_string(index)).c_str());
}

graphStatus Operator::UpdateDynamicInputDesc(const char_t *name, uint32_t index, const TensorDesc &tensor_desc)
{
    return UpdateInputDesc((str(name) + std::to_string(index)).c_str(), tensor_desc);
}

TensorDesc Operator::GetDynamicOutputDesc(const char_t *name, uint32_t index) const
{
    return GetOutputDescByName((str(name) + std::to_string(index)).c_str());
}

graphStatus Operator::UpdateDynamicOutputDesc(const char_t *name, uint32_t index, const TensorDesc &tensor_desc)
{
    return UpdateOutputDesc((str(name) + std::to_string(index)).c_str(), tensor_desc);
}

size_t Operator::GetInputsSize() const { return impl_ != nullptr ? impl_->inputs.size() : 0; }
size_t Operator::GetOutputsSize() const { return impl_ != nullptr ? impl_->outputs.size() : 0; }

// ---- registration (REG_OP) ------------------------------------------------------------------------

namespace {
void add_port(const std::shared_ptr<OperatorImpl> &n, std::vector<Port> OperatorImpl::*ports, const std::string &name,
              PortKind kind, const char *type_text)
{
    if (n == nullptr)
        return;
    n->registered = true;
    ((*n).*ports).push_back(Port{name, kind, str(type_text), TensorDesc(), false});
}

// Dynamic entries name + i; is_push_back appends after the existing entries, else before them.
void add_dynamic(const std::shared_ptr<OperatorImpl> &n, std::vector<Port> OperatorImpl::*ports,
                 const std::string &name, uint32_t num, size_t at)
{
    if (n == nullptr)
        return;
    n->registered = true;
    std::vector<Port> &v = (*n).*ports;
    uint32_t have = 0;
    for (const Port &p : v)
        if (p.kind == PortKind::Dynamic && p.name.compare(0, name.size(), name) == 0 &&
            p.name.find_first_not_of("0123456789", name.size()) == std::string::npos && p.name.size() > name.size())
            have++;
    if (at > v.size())
        at = v.size();
    for (uint32_t i = 0; i < num; i++)
        v.insert(v.begin() + static_cast<std::ptrdiff_t>(at + i),
                 Port{name + std::to_string(have + i), PortKind::Dynamic, "", TensorDesc(), false});
}

size_t end_of_dynamic(const std::shared_ptr<OperatorImpl> &n, const std::string &name)
{
    size_t at = n->inputs.size();
    for (size_t i = 0; i < n->inputs.size(); i++)
        if (n->inputs[i].kind == PortKind::Dynamic && n->inputs[i].name.compare(0, name.size(), name) == 0)
            at = i + 1;
    return at;
}

void register_attr(const std::shared_ptr<OperatorImpl> &n, const char *name, AttrValue v)
{
    if (n == nullptr)
        return;
    n->registered = true;
    n->SetAttr(str(name), std::move(v));
}
} // namespace

void Operator::InputRegister(const char_t *name, const char_t *type_text)
{
    add_port(impl_, &OperatorImpl::inputs, str(name), PortKind::Required, type_text);
}

void Operator::OptionalInputRegister(const char_t *name, const char_t *type_text)
{
    add_port(impl_, &OperatorImpl::inputs, str(name), PortKind::Optional, type_text);
}

void Operator::OutputRegister(const char_t *name, const char_t *type_text)
{
    add_port(impl_, &OperatorImpl::outputs, str(name), PortKind::Required, type_text);
}

void Operator::DynamicInputRegister(const char_t *name, uint32_t num, bool is_push_back)
{
    if (impl_ == nullptr)
        return;
    add_dynamic(impl_, &OperatorImpl::inputs, str(name), num, is_push_back ? end_of_dynamic(impl_, str(name)) : 0);
}

void Operator::DynamicInputRegisterByIndex(const char_t *name, uint32_t num, size_t index)
{
    add_dynamic(impl_, &OperatorImpl::inputs, str(name), num, index);
}

void Operator::DynamicOutputRegister(const char_t *name, uint32_t num, bool is_push_back)
{
    if (impl_ == nullptr)
        return;
    add_dynamic(impl_, &OperatorImpl::outputs, str(name), num, is_push_back ? impl_->outputs.size() : 0);
}

void Operator::RequiredAttrRegister(const char_t *name, const char_t *type_name)
{
    if (impl_ == nullptr)
        return;
    impl_->registered = true;
    impl_->required_attrs[str(name)] = str(type_name);
}

#define ACPU_GE_ATTR_KIND(kind_, member_, value_) \
    AttrValue v;                                  \
    v.kind = AttrValue::Kind::kind_;              \
    v.member_ = value_;

void Operator::AttrRegister(const char_t *name, int64_t attr_value)
{
    ACPU_GE_ATTR_KIND(Int, i, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, float32_t attr_value)
{
    ACPU_GE_ATTR_KIND(Float, f, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, bool attr_value)
{
    ACPU_GE_ATTR_KIND(Bool, b, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::string &attr_value)
{
    ACPU_GE_ATTR_KIND(String, s, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const AscendString &attr_value)
{
    ACPU_GE_ATTR_KIND(String, s, attr_value.GetString())
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<int64_t> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListInt, li, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<float32_t> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListFloat, lf, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<bool> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListBool, lb, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<std::string> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListString, ls, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<AscendString> &attr_value)
{
    AttrValue v;
    v.kind = AttrValue::Kind::ListString;
    for (const AscendString &a : attr_value)
        v.ls.emplace_back(a.GetString());
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const Tensor &attr_value)
{
    ACPU_GE_ATTR_KIND(Tensor, tensors, std::vector<Tensor>{attr_value})
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<Tensor> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListTensor, tensors, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const OpBytes &attr_value)
{
    ACPU_GE_ATTR_KIND(Bytes, bytes, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<std::vector<int64_t>> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListListInt, lli, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const DataType &attr_value)
{
    ACPU_GE_ATTR_KIND(Type, t, attr_value)
    register_attr(impl_, name, v);
}
void Operator::AttrRegister(const char_t *name, const std::vector<DataType> &attr_value)
{
    ACPU_GE_ATTR_KIND(ListType, lt, attr_value)
    register_attr(impl_, name, v);
}

// ---- SetAttr / GetAttr --------------------------------------------------------------------------

namespace {
Operator &set(Operator &op, const std::shared_ptr<OperatorImpl> &n, const char *name, AttrValue v)
{
    if (n != nullptr && name != nullptr)
        n->SetAttr(name, std::move(v));
    return op;
}

const AttrValue *get(const std::shared_ptr<OperatorImpl> &n, const char *name, AttrValue::Kind kind)
{
    if (n == nullptr || name == nullptr)
        return nullptr;
    const AttrValue *v = n->Attr(name);
    return v != nullptr && v->kind == kind ? v : nullptr;
}
} // namespace

#define ACPU_GE_SET(kind_, member_, value_)           \
    {                                                 \
        ACPU_GE_ATTR_KIND(kind_, member_, value_)     \
        return set(*this, impl_, name, std::move(v)); \
    }

Operator &Operator::SetAttr(const char_t *name, int64_t attr_value) ACPU_GE_SET(
    Int, i, attr_value) Operator &Operator::SetAttr(const char_t *name, int32_t attr_value)
    ACPU_GE_SET(Int, i, attr_value) Operator &Operator::SetAttr(const char_t *name, uint32_t attr_value) ACPU_GE_SET(
        Int, i, attr_value) Operator &Operator::SetAttr(const char_t *name, const std::vector<int64_t> &attr_value)
        ACPU_GE_SET(ListInt, li, attr_value) Operator &Operator::SetAttr(const char_t *name,
                                                                         const std::vector<int32_t> &attr_value)
            ACPU_GE_SET(ListInt, li, std::vector<int64_t>(attr_value.begin(), attr_value.end()))
                Operator &Operator::SetAttr(const char_t *name, const std::vector<uint32_t> &attr_value) ACPU_GE_SET(
                    ListInt, li, std::vector<int64_t>(attr_value.begin(), attr_value.end())) Operator
                    &Operator::SetAttr(const char_t *name, std::initializer_list<int64_t> &&attr_value) ACPU_GE_SET(
                        ListInt, li, std::vector<int64_t>(attr_value)) Operator &Operator::SetAttr(const char_t *name,
                                                                                                   float32_t attr_value)
                        ACPU_GE_SET(Float, f, attr_value) Operator &Operator::SetAttr(
                            const char_t *name,
                            const std::vector<float32_t> &attr_value) ACPU_GE_SET(ListFloat, lf, attr_value)
                            Operator &Operator::SetAttr(const char_t *name, bool attr_value) ACPU_GE_SET(
                                Bool, b, attr_value) Operator &Operator::SetAttr(const char_t *name,
                                                                                 const std::vector<bool> &attr_value)
                                ACPU_GE_SET(ListBool, lb, attr_value) Operator &Operator::SetAttr(
                                    const char_t *name,
                                    const char_t *attr_value) ACPU_GE_SET(String, s,
                                                                          str(attr_value)) Operator
                                    &Operator::SetAttr(const char_t *name, const std::string &attr_value) ACPU_GE_SET(
                                        String, s, attr_value) Operator
                                        &Operator::SetAttr(const char_t *name, const AscendString &attr_value)
                                            ACPU_GE_SET(String, s, attr_value.GetString()) Operator &Operator::SetAttr(
                                                const char_t *name,
                                                const std::vector<std::string>
                                                    &attr_value)
                                                ACPU_GE_SET(ListString, ls, attr_value) Operator &Operator::SetAttr(
                                                    const char_t *name,
                                                    const Tensor &attr_value) ACPU_GE_SET(Tensor, tensors,
                                                                                          std::vector<Tensor>{
                                                                                              attr_value}) Operator
                                                    &Operator::SetAttr(const char_t *name,
                                                                       const std::vector<Tensor> &attr_value)
                                                        ACPU_GE_SET(
                                                            ListTensor,
                                                            tensors,
                                                            attr_value) Operator &Operator::SetAttr(const char_t *name,
                                                                                                    const OpBytes
                                                                                                        &attr_value)
                                                            ACPU_GE_SET(Bytes, bytes, attr_value)
                                                                Operator &Operator::SetAttr(
                                                                    const char_t *name,
                                                                    const std::vector<std::vector<int64_t>> &
                                                                        attr_value) ACPU_GE_SET(ListListInt, lli,
                                                                                                attr_value) Operator
                                                                    &Operator::SetAttr(const char_t *name,
                                                                                       const DataType &
                                                                                           attr_value)
                                                                        ACPU_GE_SET(Type, t, attr_value) Operator
                                                                            &Operator::SetAttr(
                                                                                const char_t *name,
                                                                                const std::vector<DataType> &attr_value)
                                                                                ACPU_GE_SET(ListType, lt, attr_value)

                                                                                    Operator &Operator::SetAttr(
                                                                                        const char_t *name,
                                                                                        const std::vector<AscendString>
                                                                                            &attr_value)
{
    AttrValue v;
    v.kind = AttrValue::Kind::ListString;
    for (const AscendString &a : attr_value)
        v.ls.emplace_back(a.GetString());
    return set(*this, impl_, name, std::move(v));
}

#define ACPU_GE_GET(kind_, expr_)                                      \
    {                                                                  \
        const AttrValue *v = get(impl_, name, AttrValue::Kind::kind_); \
        if (v == nullptr)                                              \
            return GRAPH_FAILED;                                       \
        attr_value = expr_;                                            \
        return GRAPH_SUCCESS;                                          \
    }

graphStatus Operator::GetAttr(const char_t *name, int64_t &attr_value) const
    ACPU_GE_GET(Int, v->i) graphStatus Operator::GetAttr(const char_t *name, std::vector<int64_t> &attr_value) const
    ACPU_GE_GET(ListInt, v->li) graphStatus Operator::GetAttr(const char_t *name, float32_t &attr_value) const
    ACPU_GE_GET(Float, v->f) graphStatus Operator::GetAttr(const char_t *name, std::vector<float32_t> &attr_value) const
    ACPU_GE_GET(ListFloat, v->lf) graphStatus Operator::GetAttr(const char_t *name, bool &attr_value) const
    ACPU_GE_GET(Bool, v->b) graphStatus Operator::GetAttr(const char_t *name, std::vector<bool> &attr_value) const
    ACPU_GE_GET(ListBool, v->lb) graphStatus Operator::GetAttr(const char_t *name, std::string &attr_value) const
    ACPU_GE_GET(String, v->s) graphStatus Operator::GetAttr(const char_t *name, AscendString &attr_value) const
    ACPU_GE_GET(String,
                AscendString(v->s.c_str())) graphStatus Operator::GetAttr(const char_t *name,
                                                                          std::vector<std::string> &attr_value) const
    ACPU_GE_GET(ListString, v->ls) graphStatus Operator::GetAttr(const char_t *name,
                                                                 std::vector<Tensor> &attr_value) const
    ACPU_GE_GET(ListTensor, v->tensors) graphStatus Operator::GetAttr(const char_t *name, OpBytes &attr_value) const
    ACPU_GE_GET(Bytes, v->bytes) graphStatus Operator::GetAttr(const char_t *name,
                                                               std::vector<std::vector<int64_t>> &attr_value) const
    ACPU_GE_GET(ListListInt, v->lli) graphStatus Operator::GetAttr(const char_t *name, DataType &attr_value) const
    ACPU_GE_GET(Type, v->t) graphStatus Operator::GetAttr(const char_t *name, std::vector<DataType> &attr_value) const
    ACPU_GE_GET(ListType, v->lt)

        graphStatus Operator::GetAttr(const char_t *name, int32_t &attr_value) const
{
    const AttrValue *v = get(impl_, name, AttrValue::Kind::Int);
    if (v == nullptr || v->i < INT32_MIN || v->i > INT32_MAX)
        return GRAPH_FAILED;
    attr_value = static_cast<int32_t>(v->i);
    return GRAPH_SUCCESS;
}

graphStatus Operator::GetAttr(const char_t *name, uint32_t &attr_value) const
{
    const AttrValue *v = get(impl_, name, AttrValue::Kind::Int);
    if (v == nullptr || v->i < 0 || v->i > static_cast<int64_t>(UINT32_MAX))
        return GRAPH_FAILED;
    attr_value = static_cast<uint32_t>(v->i);
    return GRAPH_SUCCESS;
}

graphStatus Operator::GetAttr(const char_t *name, std::vector<int32_t> &attr_value) const
{
    const AttrValue *v = get(impl_, name, AttrValue::Kind::ListInt);
    if (v == nullptr)
        return GRAPH_FAILED;
    attr_value.assign(v->li.begin(), v->li.end());
    return GRAPH_SUCCESS;
}

graphStatus Operator::GetAttr(const char_t *name, std::vector<uint32_t> &attr_value) const
{
    const AttrValue *v = get(impl_, name, AttrValue::Kind::ListInt);
    if (v == nullptr)
        return GRAPH_FAILED;
    attr_value.assign(v->li.begin(), v->li.end());
    return GRAPH_SUCCESS;
}

graphStatus Operator::GetAttr(const char_t *name, std::vector<AscendString> &attr_value) const
{
    const AttrValue *v = get(impl_, name, AttrValue::Kind::ListString);
    if (v == nullptr)
        return GRAPH_FAILED;
    attr_value.clear();
    for (const std::string &s : v->ls)
        attr_value.emplace_back(s.c_str());
    return GRAPH_SUCCESS;
}

graphStatus Operator::GetAttr(const char_t *name, Tensor &attr_value) const
{
    const AttrValue *v = get(impl_, name, AttrValue::Kind::Tensor);
    if (v == nullptr || v->tensors.empty())
        return GRAPH_FAILED;
    attr_value = v->tensors[0];
    return GRAPH_SUCCESS;
}

// ---- OperatorFactory -------------------------------------------------------------------------------

namespace {
struct Creators {
    std::mutex lock;
    std::map<std::string, OpCreatorV2> by_type;
};

Creators &creators()
{
    static Creators *c = new Creators(); // never destroyed: static registrations of other libraries outlive us
    return *c;
}
} // namespace

OperatorCreatorRegister::OperatorCreatorRegister(const char_t *operator_type, const OpCreatorV2 &op_creator)
{
    if (operator_type == nullptr)
        return;
    Creators &c = creators();
    std::lock_guard<std::mutex> g(c.lock);
    c.by_type.emplace(operator_type, op_creator);
}

Operator OperatorFactory::CreateOperator(const char_t *operator_name, const char_t *operator_type)
{
    OpCreatorV2 make;
    {
        Creators &c = creators();
        std::lock_guard<std::mutex> g(c.lock);
        auto it = c.by_type.find(str(operator_type));
        if (it == c.by_type.end())
            return Operator();
        make = it->second;
    }
    return make(AscendString(str(operator_name).c_str()));
}

graphStatus OperatorFactory::GetOpsTypeList(std::vector<AscendString> &all_ops)
{
    Creators &c = creators();
    std::lock_guard<std::mutex> g(c.lock);
    all_ops.clear();
    for (const auto &kv : c.by_type)
        all_ops.emplace_back(kv.first.c_str());
    return GRAPH_SUCCESS;
}

bool OperatorFactory::IsExistOp(const char_t *operator_type)
{
    Creators &c = creators();
    std::lock_guard<std::mutex> g(c.lock);
    return c.by_type.count(str(operator_type)) > 0;
}

} // namespace ge
