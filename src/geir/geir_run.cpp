// The graph runner (Session::RunGraph): checks the graph, binds the input tensors to its Data
// nodes, infers every operator node's output from the registry's rules, plans every node (phase 1)
// in topological order before any runs, then runs them (phase 2) and returns the graph's outputs.
// Every operator node goes through the operator registry's shared path (ops/acpu_op_node.h).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <set>
#include <unordered_map>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "geir/geir_impl.h"
#include "ops/acpu_op_node.h"

namespace ge {

namespace {

// A run's failure: its status and message (recorded for GEGetErrorMsgV2 by the caller).
struct Failure {
    Status status;
    std::string message;
};

const acpu_node_iface *iface()
{
    static const acpu_node_iface *f = acpu_node_iface_get();
    return f;
}

std::string node_label(const OperatorImpl &n) { return "node '" + n.name + "' (" + n.type + ")"; }

enum class Kind { Data, Const, Op };

// A node as the runner sees it.
struct Node {
    std::shared_ptr<OperatorImpl> impl;
    Kind kind = Kind::Op;
    const acpu_node_op *op = nullptr;
};

// A value flowing on an edge: one tensor of the run.
struct Value {
    DataType dtype = DT_UNDEFINED;
    std::vector<int64_t> dims;
    const uint8_t *data = nullptr;  // inputs and Const values: the caller's bytes
    std::shared_ptr<uint8_t> owned; // operator outputs: the runner's buffer
    size_t bytes = 0;
    size_t capacity = 0;         // owned: bytes followed by zeros
    aclTensor *tensor = nullptr; // made on first use
};

// Elements of a shape of known (>= 0) dims; false when the count does not fit int64.
bool numel_checked(const std::vector<int64_t> &dims, uint64_t &n)
{
    n = 1;
    for (int64_t d : dims)
        if (d == 0)
            n = 0;
    for (int64_t d : dims) {
        if (n == 0)
            break;
        if (n > static_cast<uint64_t>(INT64_MAX) / static_cast<uint64_t>(d))
            return false;
        n *= static_cast<uint64_t>(d);
    }
    return true;
}

// Elements of a value's shape (checked when the value was made).
uint64_t numel_of(const std::vector<int64_t> &dims)
{
    uint64_t n = 0;
    (void)numel_checked(dims, n);
    return n;
}

std::string names_of(const acpu_node_op *op)
{
    std::string s;
    for (int j = 0; j < op->n_ir_in; j++)
        s += (j ? ", " : "") + std::string(op->in[j]);
    for (int k = 0; k < op->n_attrs; k++)
        if (op->attrs[k].ir_input != 0)
            s += std::string(", ") + op->attrs[k].name + (op->attrs[k].ir_input == 2 ? " (optional)" : "");
    return s;
}

// Whether `port` names an attribute that CANN's IR has as an input (acpu_node_attr.ir_input).
bool attr_input(const acpu_node_op *op, const std::string &port)
{
    for (int k = 0; k < op->n_attrs; k++)
        if (op->attrs[k].ir_input != 0 && port == op->attrs[k].name)
            return true;
    return false;
}

// IEEE binary16 to float.
float half_to_float(uint16_t h)
{
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
    if (exp == 0x1f)
        exp = 0xff, man <<= 13; // inf, NaN
    else if (exp != 0)
        exp += 112, man <<= 13;
    else if (man != 0) { // subnormal: man * 2^-24, exact in float
        float f = static_cast<float>(man) * 5.9604644775390625e-8f;
        return sign ? -f : f;
    }
    uint32_t bits = sign | (exp << 23) | man;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// The one element at `p` of a tensor of dtype dt as a double; false for a dtype without a value.
bool element_value(DataType dt, const uint8_t *p, double &v)
{
    switch (dt) {
    case DT_FLOAT: {
        float f;
        std::memcpy(&f, p, 4);
        v = f;
        return true;
    }
    case DT_DOUBLE: std::memcpy(&v, p, 8); return true;
    case DT_FLOAT16: {
        uint16_t h;
        std::memcpy(&h, p, 2);
        v = half_to_float(h);
        return true;
    }
    case DT_BF16: {
        uint16_t h;
        std::memcpy(&h, p, 2);
        uint32_t bits = static_cast<uint32_t>(h) << 16;
        float f;
        std::memcpy(&f, &bits, 4);
        v = f;
        return true;
    }
    case DT_INT8: v = static_cast<int8_t>(p[0]); return true;
    case DT_UINT8: v = p[0]; return true;
    case DT_BOOL: v = p[0] != 0; return true;
    case DT_INT16: {
        int16_t i;
        std::memcpy(&i, p, 2);
        v = i;
        return true;
    }
    case DT_INT32: {
        int32_t i;
        std::memcpy(&i, p, 4);
        v = i;
        return true;
    }
    case DT_INT64: {
        int64_t i;
        std::memcpy(&i, p, 8);
        v = static_cast<double>(i);
        return true;
    }
    default: return false;
    }
}

std::string c_message(aclnnStatus rc)
{
    const char *m = aclGetRecentErrMsg();
    return m != nullptr && m[0] != '\0' ? std::string(m) : "status " + std::to_string(rc);
}

Status status_of(aclnnStatus rc)
{
    if (rc == ACLNN_ERR_PARAM_NULLPTR || rc == ACLNN_ERR_PARAM_INVALID)
        return ACL_ERROR_GE_PARAM_INVALID;
    return ACL_ERROR_GE_INTERNAL_ERROR;
}

// The run's aclTensors and executors, released whatever happens.
struct Resources {
    std::vector<aclTensor *> tensors;
    std::vector<aclOpExecutor *> executors; // planned, not yet run
    ~Resources()
    {
        for (aclOpExecutor *e : executors)
            if (e != nullptr)
                (void)aclDestroyAclOpExecutor(e);
        for (aclTensor *t : tensors)
            (void)aclDestroyTensor(t);
    }
};

class Runner {
  public:
    Runner(const GraphImpl &g, const std::vector<Tensor> &inputs) : g_(g), inputs_(inputs) {}

    void Run(std::vector<Tensor> &outputs)
    {
        Classify();
        Order();
        BindInputs();
        Plan();
        Execute();
        Collect(outputs);
    }

  private:
    const GraphImpl &g_;
    const std::vector<Tensor> &inputs_;
    std::vector<Node> nodes_; // topological order after Order()
    std::unordered_map<const OperatorImpl *, size_t> at_;
    std::unordered_map<const OperatorImpl *, Value> values_;
    Resources res_;
    struct Planned {
        const Node *node;
        uint64_t workspace;
    };
    std::vector<Planned> planned_;

    [[noreturn]] static void Fail(Status st, const std::string &m) { throw Failure{st, m}; }

    // ---- the graph's nodes --------------------------------------------------------------------

    void Classify()
    {
        if (iface() == nullptr || iface()->abi != ACPU_NODE_ABI)
            Fail(ACL_ERROR_GE_INTERNAL_ERROR, "RunGraph: libaclnn_cpu's graph interface is not the one this graph "
                                              "library was built with (mixed installs?)");
        std::vector<std::shared_ptr<OperatorImpl>> found = g_.Nodes();
        if (found.empty())
            Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: graph '" + g_.name + "' has no operator");
        std::string problems;
        for (const auto &n : found) {
            Node node;
            node.impl = n;
            if (n->type == "Data") {
                node.kind = Kind::Data;
            } else if (n->type == "Const" || n->type == "Constant") {
                node.kind = Kind::Const;
            } else if ((node.op = iface()->op_find(n->type.c_str())) == nullptr) {
                problems += "\n" + node_label(*n) + ": op type '" + n->type +
                            "' is not an operator of aclnn-cpu (graph mode runs the registry's operators, Data, "
                            "Const and Constant: doc/OPERATORS.md)";
            }
            for (const std::string &p : n->problems)
                problems += "\n" + node_label(*n) + ": " + p;
            CheckNode(node, problems);
            nodes_.push_back(node);
        }
        if (!problems.empty())
            Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: graph '" + g_.name + "' is not valid:" + problems);
    }

    void CheckNode(const Node &node, std::string &problems)
    {
        const OperatorImpl &n = *node.impl;
        for (const auto &r : n.required_attrs)
            if (n.Attr(r.first) == nullptr)
                problems += "\n" + node_label(n) + ": required attribute " + r.first + " (" + r.second +
                            ") was not set";
        if (node.kind == Kind::Data) {
            if (!n.edges.empty())
                problems += "\n" + node_label(n) + ": a Data node takes no input (input " + n.edges.begin()->first +
                            " was set)";
            return;
        }
        if (node.kind == Kind::Const) {
            const AttrValue *v = n.Attr("value");
            if (v == nullptr || v->kind != AttrValue::Kind::Tensor || v->tensors.empty())
                problems += "\n" + node_label(n) + ": a Const node needs its Tensor attribute 'value'";
            if (!n.edges.empty())
                problems += "\n" + node_label(n) + ": a Const node takes no input";
            return;
        }
        const acpu_node_op *op = node.op;
        if (op == nullptr) // an unknown type, reported already
            return;
        for (int j = 0; j < op->n_ir_in; j++)
            if (n.edges.find(op->in[j]) == n.edges.end())
                problems += "\n" + node_label(n) + ": input " + op->in[j] + " is not connected";
        for (int k = 0; k < op->n_attrs; k++)
            if (op->attrs[k].ir_input == 1 && n.edges.find(op->attrs[k].name) == n.edges.end() &&
                n.Attr(op->attrs[k].name) == nullptr)
                problems += "\n" + node_label(n) + ": input " + op->attrs[k].name + " is not connected";
        for (const auto &e : n.edges) {
            bool known = attr_input(op, e.first);
            for (int j = 0; j < op->n_ir_in; j++)
                known = known || e.first == op->in[j];
            if (!known)
                problems += "\n" + node_label(n) + ": " + n.type + " has no input '" + e.first +
                            "' (its inputs: " + names_of(op) + ")";
        }
    }

    void Order()
    {
        std::vector<std::shared_ptr<OperatorImpl>> impls, order, cycle;
        for (const Node &n : nodes_)
            impls.push_back(n.impl);
        if (!geir_topo_order(impls, order, cycle)) {
            std::string path;
            for (const auto &n : cycle)
                path += "'" + n->name + "' -> ";
            path += "'" + cycle.front()->name + "'";
            Fail(ACL_ERROR_GE_PARAM_INVALID,
                 "RunGraph: graph '" + g_.name + "' has a cycle: " + path + " (each reads the one before it)");
        }
        std::unordered_map<const OperatorImpl *, Node> by_impl;
        for (const Node &n : nodes_)
            by_impl[n.impl.get()] = n;
        nodes_.clear();
        for (const auto &impl : order) {
            at_[impl.get()] = nodes_.size();
            nodes_.push_back(by_impl[impl.get()]);
        }
    }

    // ---- inputs ----------------------------------------------------------------------------------

    // A Value over the bytes of `t` (a fed tensor or a Const's value), checked against its desc.
    Value ValueOf(const Tensor &t, const std::string &what)
    {
        TensorDesc d = t.GetTensorDesc();
        Value v;
        v.dtype = d.GetDataType();
        v.dims = d.GetShape().GetDims();
        int size = GetSizeByDataType(v.dtype);
        if (size <= 0)
            Fail(ACL_ERROR_GE_DATATYPE_INVALID,
                 "RunGraph: " + what + " has dtype " + geir_dtype_name(v.dtype) + ", which has no byte size here");
        for (int64_t dim : v.dims)
            if (dim < 0)
                Fail(ACL_ERROR_GE_SHAPE_INVALID, "RunGraph: " + what + " has shape " + geir_dims_text(v.dims) +
                                                     ": graph mode here runs known shapes only");
        uint64_t count = 0;
        int64_t need = numel_checked(v.dims, count) ? GetSizeInBytes(static_cast<int64_t>(count), v.dtype) : -1;
        if (need < 0)
            Fail(ACL_ERROR_GE_SHAPE_INVALID, "RunGraph: " + what + " has too many elements");
        if (t.GetSize() < static_cast<size_t>(need) || (need > 0 && t.GetData() == nullptr))
            Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + what + " holds " + std::to_string(t.GetSize()) +
                                                 " bytes, its desc (" + geir_dtype_name(v.dtype) + " " +
                                                 geir_dims_text(v.dims) + ") needs " + std::to_string(need));
        if (t.GetSize() > static_cast<size_t>(need))
            geir_warning("RunGraph: " + what + " holds " + std::to_string(t.GetSize()) + " bytes, its desc (" +
                         geir_dtype_name(v.dtype) + " " + geir_dims_text(v.dims) + ") needs " + std::to_string(need) +
                         ": the first " + std::to_string(need) + " are used");
        v.data = t.GetData();
        v.bytes = static_cast<size_t>(need);
        return v;
    }

    void BindInputs()
    {
        std::vector<const Node *> datas;
        for (const Node &n : nodes_)
            if (n.kind == Kind::Data)
                datas.push_back(&n);
        if (datas.size() != inputs_.size())
            Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: graph '" + g_.name + "' has " + std::to_string(datas.size()) +
                                                 " Data nodes but got " + std::to_string(inputs_.size()) +
                                                 " input tensors");
        // By the index attributes when they tell the Data nodes apart and each names an input tensor.
        std::map<int64_t, const Node *> by_index;
        bool distinct = true;
        std::string collision, out_of_range;
        for (const Node *d : datas) {
            const AttrValue *v = d->impl->Attr("index");
            if (v == nullptr || v->kind != AttrValue::Kind::Int) {
                distinct = false;
                collision = "Data node '" + d->impl->name + "' has no index attribute";
                continue;
            }
            if (v->i < 0 || v->i >= static_cast<int64_t>(inputs_.size()))
                out_of_range = "index " + std::to_string(v->i) + " of Data node '" + d->impl->name +
                               "' is invalid: it must be >= 0 and < the number of input tensors, " +
                               std::to_string(inputs_.size());
            auto ins = by_index.emplace(v->i, d);
            if (!ins.second) {
                distinct = false;
                collision = "Data nodes '" + ins.first->second->impl->name + "' and '" + d->impl->name +
                            "' both have index " + std::to_string(v->i);
            }
        }
        if (distinct) {
            if (!out_of_range.empty())
                Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + out_of_range);
            for (const auto &kv : by_index)
                Bind(*kv.second, static_cast<size_t>(kv.first));
            return;
        }
        // Otherwise by the order of Graph::SetInputs, which must then list every Data node once.
        std::map<const OperatorImpl *, size_t> position;
        for (size_t k = 0; k < g_.inputs.size(); k++)
            position.emplace(g_.inputs[k].get(), k);
        for (const Node *d : datas) {
            auto it = position.find(d->impl.get());
            if (it == position.end() || it->second >= inputs_.size())
                Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + collision + ", and Data node '" + d->impl->name +
                                                     "' is not among the first " + std::to_string(inputs_.size()) +
                                                     " operators of Graph::SetInputs: its input tensor is unknown");
        }
        if (position.size() != g_.inputs.size() || g_.inputs.size() != datas.size())
            Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + collision +
                                                 ", and Graph::SetInputs does not list each of "
                                                 "the " +
                                                 std::to_string(datas.size()) + " Data nodes once");
        geir_warning("RunGraph: " + collision + ": input tensors bound in the order of Graph::SetInputs");
        for (const Node *d : datas)
            Bind(*d, position[d->impl.get()]);
    }

    void Bind(const Node &d, size_t k)
    {
        values_[d.impl.get()] = ValueOf(inputs_[k],
                                        "input tensor " + std::to_string(k) + " (Data node '" + d.impl->name + "')");
    }

    // ---- planning -------------------------------------------------------------------------------

    aclTensor *TensorOf(Value &v)
    {
        if (v.tensor != nullptr)
            return v.tensor;
        std::vector<int64_t> strides(v.dims.size());
        int64_t step = 1;
        for (size_t d = v.dims.size(); d-- > 0;) {
            strides[d] = step;
            step *= v.dims[d] > 0 ? v.dims[d] : 1;
        }
        static int64_t none = 0;
        void *data = v.owned != nullptr ? static_cast<void *>(v.owned.get()) : const_cast<uint8_t *>(v.data);
        const int64_t *dims = v.dims.empty() ? &none : v.dims.data();
        const int64_t *st = v.dims.empty() ? &none : strides.data();
        v.tensor = aclCreateTensor(dims, v.dims.size(), static_cast<aclDataType>(v.dtype), st, 0, ACL_FORMAT_ND, dims,
                                   v.dims.size(), data);
        if (v.tensor == nullptr)
            Fail(ACL_ERROR_GE_INTERNAL_ERROR, std::string("RunGraph: ") + aclGetRecentErrMsg());
        res_.tensors.push_back(v.tensor);
        return v.tensor;
    }

    // The value an input edge of `n` reads.
    Value &Input(const Node &n, const std::string &port)
    {
        const Edge &e = n.impl->edges.at(port);
        const Node &src = nodes_[at_.at(e.src.get())];
        std::string out_name = src.kind == Kind::Op ? src.op->out : "y";
        if ((!e.src_name.empty() && e.src_name != out_name) || (e.src_name.empty() && e.src_index != 0))
            Fail(ACL_ERROR_GE_PARAM_INVALID,
                 "RunGraph: " + node_label(*n.impl) + ": input " + port + " reads output " +
                     (e.src_name.empty() ? std::to_string(e.src_index) : "'" + e.src_name + "'") + " of " +
                     node_label(*src.impl) + ", which has one output, '" + out_name + "' (index 0)");
        return values_.at(e.src.get());
    }

    // An attribute that CANN's IR has as an input: the value of the tensor connected there, known
    // when the graph is planned (a Data or Const node's), of one element or of one value in all its
    // elements (ops-nn's ThresholdV2 example fills a {8} threshold with 0.5): the kernels take a
    // scalar, so a tensor of differing values is refused.
    acpu_node_value AttrFromInput(const Node &n, const acpu_node_attr &a)
    {
        const Edge &e = n.impl->edges.at(a.name);
        const Node &src = nodes_[at_.at(e.src.get())];
        std::string where = "RunGraph: " + node_label(*n.impl) + ": input " + a.name;
        if (src.kind == Kind::Op)
            Fail(ACL_ERROR_GE_PARAM_INVALID, where + " is computed by " + node_label(*src.impl) +
                                                 ": aclnn-cpu reads this input's value when the graph is planned, "
                                                 "from a Data or Const node");
        const Value &v = Input(n, a.name);
        uint64_t count = 0;
        if (!numel_checked(v.dims, count) || count == 0)
            Fail(ACL_ERROR_GE_PARAM_INVALID, where + " must hold one value, it holds no element");
        acpu_node_value out = a.dflt;
        double x = 0.0, y = 0.0;
        const uint8_t *p = v.owned != nullptr ? v.owned.get() : v.data;
        int size = GetSizeByDataType(v.dtype);
        if (p == nullptr || size <= 0 || !element_value(v.dtype, p, x))
            Fail(ACL_ERROR_GE_DATATYPE_INVALID,
                 where + " has dtype " + geir_dtype_name(v.dtype) + ", which holds no number");
        for (uint64_t e = 1; e < count; e++)
            if (!element_value(v.dtype, p + e * static_cast<uint64_t>(size), y) || !(y == x || (y != y && x != x)))
                Fail(ACL_ERROR_GE_PARAM_INVALID, where + " must hold one value (the kernel takes a scalar): element " +
                                                     std::to_string(e) + " of its " + std::to_string(count) +
                                                     " differs from element 0");
        out.f = x;
        out.i = static_cast<int64_t>(x);
        out.b = x != 0.0;
        return out;
    }

    // The node's value of attribute k of its operator: an input tensor's where CANN's IR has it as
    // an input and one is connected, else the node's own attribute, else the registry's default.
    acpu_node_value AttrOf(const Node &n, int k)
    {
        const acpu_node_attr &a = n.op->attrs[k];
        if (a.ir_input != 0 && n.impl->edges.count(a.name) != 0)
            return AttrFromInput(n, a);
        acpu_node_value v = a.dflt;
        const AttrValue *have = n.impl->Attr(a.name);
        if (have == nullptr)
            return v;
        bool ok = false;
        switch (a.dflt.type) {
        case ACPU_NODE_ATTR_FLOAT:
            ok = have->kind == AttrValue::Kind::Float || have->kind == AttrValue::Kind::Int;
            v.f = have->kind == AttrValue::Kind::Float ? static_cast<double>(have->f) : static_cast<double>(have->i);
            break;
        case ACPU_NODE_ATTR_BOOL:
            ok = have->kind == AttrValue::Kind::Bool;
            v.b = have->b;
            break;
        case ACPU_NODE_ATTR_INT:
            ok = have->kind == AttrValue::Kind::Int;
            v.i = have->i;
            break;
        case ACPU_NODE_ATTR_STRING:
            ok = have->kind == AttrValue::Kind::String;
            v.s = have->s.c_str();
            break;
        }
        if (!ok) {
            static const char *const types[] = {"Float", "Bool", "Int", "String"};
            Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + node_label(*n.impl) + ": attribute " + a.name + " is " +
                                                 AttrValue::KindName(have->kind) + " " + have->Text() + ", " +
                                                 n.impl->type + " takes a " + types[a.dflt.type]);
        }
        return v;
    }

    void WarnUnknownAttrs(const Node &n)
    {
        for (const std::string &name : n.impl->attr_order) {
            bool known = false;
            for (int k = 0; k < n.op->n_attrs; k++)
                known = known || name == n.op->attrs[k].name;
            if (!known)
                geir_warning("RunGraph: " + node_label(*n.impl) + ": attribute " + name + " is not one of " +
                             n.impl->type + "'s in aclnn-cpu's registry: ignored");
        }
    }

    void PlanNode(const Node &n)
    {
        const acpu_node_op *op = n.op;
        acpu_node_shape in[ACPU_NODE_MAX_INPUTS] = {};
        const aclTensor *tensors[ACPU_NODE_MAX_INPUTS] = {};
        for (int j = 0; j < op->n_in; j++) {
            Value &v = Input(n, op->in[j]);
            if (v.dims.size() > ACPU_NODE_MAX_DIMS)
                Fail(ACL_ERROR_GE_SHAPE_INVALID, "RunGraph: " + node_label(*n.impl) + ": input " + op->in[j] + " has " +
                                                     std::to_string(v.dims.size()) + " dims, at most " +
                                                     std::to_string(ACPU_NODE_MAX_DIMS));
            in[j].dtype = static_cast<aclDataType>(v.dtype);
            in[j].rank = static_cast<int>(v.dims.size());
            for (size_t d = 0; d < v.dims.size(); d++)
                in[j].dims[d] = v.dims[d];
            tensors[j] = TensorOf(v);
        }
        for (int j = op->n_in; j < op->n_ir_in; j++)
            (void)Input(n, op->in[j]); /* bound, never read by the kernel */
        acpu_node_shape out_shape;
        aclnnStatus rc = iface()->infer(op, in, &out_shape);
        if (rc != ACLNN_SUCCESS)
            Fail(status_of(rc), "RunGraph: " + node_label(*n.impl) + ": " + c_message(rc));
        Value out;
        out.dtype = static_cast<DataType>(out_shape.dtype);
        out.dims.assign(out_shape.dims, out_shape.dims + out_shape.rank);
        uint64_t count = numel_of(out.dims);
        int size = GetSizeByDataType(out.dtype);
        if (size <= 0)
            Fail(ACL_ERROR_GE_DATATYPE_INVALID, "RunGraph: " + node_label(*n.impl) + ": output dtype " +
                                                    geir_dtype_name(out.dtype) + " has no byte size");
        out.bytes = static_cast<size_t>(count) * static_cast<size_t>(size);
        // zeros past the end, up to 8 bytes per element (doc/DECISIONS.md): at least one byte, so
        // that an empty output still has an address
        out.capacity = std::max<size_t>({out.bytes, static_cast<size_t>(count) * 8u, 1u});
        uint8_t *buf = new uint8_t[out.capacity]();
        out.owned.reset(buf, std::default_delete<uint8_t[]>());
        Value &placed = values_[n.impl.get()] = out;
        aclTensor *out_tensor = TensorOf(placed);
        acpu_node_value attrs[ACPU_NODE_MAX_ATTRS] = {};
        for (int k = 0; k < op->n_attrs; k++)
            attrs[k] = AttrOf(n, k);
        WarnUnknownAttrs(n);
        uint64_t ws = 0;
        aclOpExecutor *exec = nullptr;
        rc = iface()->plan(op, attrs, tensors, out_tensor, &ws, &exec);
        if (rc != ACLNN_SUCCESS)
            Fail(status_of(rc), "RunGraph: " + node_label(*n.impl) + ": " + c_message(rc));
        res_.executors.push_back(exec);
        planned_.push_back(Planned{&n, ws});
    }

    void Plan()
    {
        for (const Node &n : nodes_) {
            if (n.kind == Kind::Const) {
                const AttrValue *v = n.impl->Attr("value");
                values_[n.impl.get()] = ValueOf(v->tensors[0], "the value of Const node '" + n.impl->name + "'");
            } else if (n.kind == Kind::Op) {
                PlanNode(n);
            }
        }
    }

    void Execute()
    {
        uint64_t ws = 0;
        for (const Planned &p : planned_)
            ws = std::max(ws, p.workspace);
        void *workspace = nullptr;
        if (ws > 0 && posix_memalign(&workspace, 64, static_cast<size_t>(ws)) != 0)
            Fail(ACL_ERROR_GE_MEMORY_ALLOCATION,
                 "RunGraph: cannot allocate the " + std::to_string(ws) + "-byte workspace");
        std::unique_ptr<void, decltype(&std::free)> hold(workspace, &std::free);
        for (size_t i = 0; i < planned_.size(); i++) {
            aclOpExecutor *exec = res_.executors[i];
            res_.executors[i] = nullptr; // phase 2 releases it, whatever it returns
            aclnnStatus rc = iface()->run(planned_[i].node->op, workspace, planned_[i].workspace, exec);
            if (rc != ACLNN_SUCCESS)
                Fail(status_of(rc), "RunGraph: " + node_label(*planned_[i].node->impl) + ": " + c_message(rc));
        }
    }

    // ---- outputs -------------------------------------------------------------------------------

    Tensor TensorFrom(const Value &v)
    {
        TensorDesc d(Shape(v.dims), FORMAT_ND, v.dtype);
        d.SetPlacement(kPlacementHost);
        d.SetRealDimCnt(static_cast<int64_t>(v.dims.size()));
        Tensor t(d);
        const uint8_t *src = v.owned != nullptr ? v.owned.get() : v.data;
        uint64_t count = numel_of(v.dims);
        TensorImpl::Of(t)->Assign(src, v.bytes, std::max<size_t>(v.bytes, static_cast<size_t>(count) * 8u));
        return t;
    }

    void Collect(std::vector<Tensor> &outputs)
    {
        std::vector<Tensor> got;
        if (g_.outputs_set) {
            for (const GraphOutput &o : g_.outputs) {
                const Node &n = nodes_[at_.at(o.node.get())];
                std::string out_name = n.kind == Kind::Op ? n.op->out : "y";
                if ((o.index > 0) || (!o.name.empty() && o.name != out_name))
                    Fail(ACL_ERROR_GE_PARAM_INVALID,
                         "RunGraph: Graph::SetOutputs names output " +
                             (o.name.empty() ? std::to_string(o.index) : "'" + o.name + "'") + " of " +
                             node_label(*n.impl) + ", which has one output, '" + out_name + "' (index 0)");
                got.push_back(TensorFrom(values_.at(o.node.get())));
            }
        } else {
            std::set<const OperatorImpl *> read;
            for (const Node &n : nodes_)
                for (const auto &e : n.impl->edges)
                    read.insert(e.second.src.get());
            for (const Node &n : nodes_)
                if (read.count(n.impl.get()) == 0)
                    got.push_back(TensorFrom(values_.at(n.impl.get())));
        }
        outputs.swap(got);
    }
};

} // namespace

Status geir_run_graph(const GraphImpl &graph, const std::vector<Tensor> &inputs, std::vector<Tensor> &outputs)
{
    try {
        Runner(graph, inputs).Run(outputs);
        return SUCCESS;
    } catch (const Failure &f) {
        geir_error(f.message);
        return f.status;
    } catch (const std::bad_alloc &) {
        geir_error("RunGraph: out of memory");
        return ACL_ERROR_GE_MEMORY_ALLOCATION;
    } catch (const std::exception &e) {
        geir_error(std::string("RunGraph: ") + e.what());
        return ACL_ERROR_GE_INTERNAL_ERROR;
    }
}

} // namespace ge
