// The graph layer's own objects behind the GE API classes (include/graph, include/ge): nodes with
// their ports, edges and attributes, graphs, the messages of GEGetErrorMsgV2 / GEGetWarningMsgV2,
// and the runner (geir_run.cpp), which plans and runs a graph's operator nodes through the
// operator registry (ops/acpu_op_node.h). C++17; no layer below includes this one.
#ifndef ACPU_GEIR_IMPL_H_
#define ACPU_GEIR_IMPL_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ge/ge_api.h"
#include "ge/ge_error_codes.h"
#include "graph/graph.h"
#include "graph/operator.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

// ---- messages ------------------------------------------------------------------------------------

// Records a message for the calling thread's GEGetErrorMsgV2 (GEGetWarningMsgV2).
void geir_error(const std::string &message);
void geir_warning(const std::string &message);
// The recorded messages, one per line, then cleared.
std::string geir_take_errors();
std::string geir_take_warnings();

// ---- tensors ----------------------------------------------------------------------------------

struct TensorDesc::Fields {
    std::vector<int64_t> dims;
    std::vector<int64_t> origin_dims;
    bool origin_shape_set = false;
    Format format = FORMAT_ND;
    Format origin_format = FORMAT_ND;
    bool origin_format_set = false;
    DataType dtype = DT_FLOAT;
    std::string name;
    int64_t size = 0;
    int64_t real_dim_cnt = 0;
    Placement placement = kPlacementHost;
    std::vector<std::pair<int64_t, int64_t>> shape_range;
};

class TensorImpl {
  public:
    TensorDesc desc;
    std::shared_ptr<uint8_t> data; // NULL when the tensor has none
    size_t size = 0;               // bytes of data
    // Copies `bytes` bytes, followed by zeros up to `capacity` bytes (at least `bytes`).
    void Assign(const uint8_t *bytes, size_t n, size_t capacity);
    static const std::shared_ptr<TensorImpl> &Of(const Tensor &t) { return t.impl_; }
};

// "float32", "bfloat16", ... for messages and the dump.
std::string geir_dtype_name(DataType dt);
// "4x2" ("scalar" for no dims).
std::string geir_dims_text(const std::vector<int64_t> &dims);

// ---- nodes ----------------------------------------------------------------------------------------

enum class PortKind { Required, Optional, Dynamic };

struct Port {
    std::string name; // a dynamic port's entries are name + index ("x0", "x1", ...)
    PortKind kind = PortKind::Required;
    std::string type_text; // the proto's TensorType, as written
    TensorDesc desc;
    bool desc_set = false;
};

// One attribute value of any of the API's types.
struct AttrValue {
    enum class Kind {
        Int,
        Float,
        Bool,
        String,
        ListInt,
        ListFloat,
        ListBool,
        ListString,
        Tensor,
        ListTensor,
        Bytes,
        ListListInt,
        Type,
        ListType
    };
    Kind kind = Kind::Int;
    int64_t i = 0;
    float f = 0.0f;
    bool b = false;
    std::string s;
    std::vector<int64_t> li;
    std::vector<float> lf;
    std::vector<bool> lb;
    std::vector<std::string> ls;
    std::vector<Tensor> tensors; // Tensor: one
    std::vector<uint8_t> bytes;
    std::vector<std::vector<int64_t>> lli;
    DataType t = DT_UNDEFINED;
    std::vector<DataType> lt;
    // "1", "[1, 2]", "\"none\"", "float32", "tensor(float32 4x2)" for the dump and messages.
    std::string Text() const;
    static const char *KindName(Kind k);
};

// Where an input takes its value from.
struct Edge {
    std::shared_ptr<OperatorImpl> src;
    uint32_t src_index = 0; // the producer's output
    std::string src_name;   // or its output by name (resolved when the graph runs)
};

class OperatorImpl {
  public:
    std::string name;
    std::string type;
    bool registered = false; // made by REG_OP's constructor: inputs and attributes are known
    std::vector<Port> inputs;
    std::vector<Port> outputs;
    std::map<std::string, Edge> edges;                  // by input name
    std::vector<std::weak_ptr<OperatorImpl>> consumers; // nodes that read this one (data or control)
    std::vector<std::shared_ptr<OperatorImpl>> control_in;
    std::map<std::string, AttrValue> attrs;            // current values (defaults registered first)
    std::vector<std::string> attr_order;               // registration, then first-set order
    std::map<std::string, std::string> required_attrs; // REQUIRED_ATTR name -> type name
    std::vector<std::string> problems;                 // edges that could not be made, reported at run

    Port *FindInput(const std::string &port);
    Port *FindOutput(const std::string &port);
    int OutputIndex(const std::string &port) const;
    void SetAttr(const std::string &attr, AttrValue v);
    const AttrValue *Attr(const std::string &attr) const;
};

// ---- graphs ---------------------------------------------------------------------------------------

struct GraphOutput {
    std::shared_ptr<OperatorImpl> node;
    int64_t index = -1; // -1: every output of the node
    std::string name;   // or the output of this name
};

class GraphImpl {
  public:
    std::string name;
    std::vector<std::shared_ptr<OperatorImpl>> inputs; // SetInputs, in order
    std::vector<GraphOutput> outputs;                  // SetOutputs, in order
    bool outputs_set = false;
    std::vector<std::shared_ptr<OperatorImpl>> added; // AddOp, SetTargets
    // Every node reachable from inputs, outputs and added nodes over edges in either direction,
    // in the order found (inputs first).
    std::vector<std::shared_ptr<OperatorImpl>> Nodes() const;
    // Operator handles on the same nodes.
    std::vector<Operator> Handles() const;
};

// The nodes in topological order (producers first, ties in `nodes` order); false with the nodes of
// a cycle in `cycle` (in edge order) when there is one.
bool geir_topo_order(const std::vector<std::shared_ptr<OperatorImpl>> &nodes,
                     std::vector<std::shared_ptr<OperatorImpl>> &order,
                     std::vector<std::shared_ptr<OperatorImpl>> &cycle);

// ---- the runner ----------------------------------------------------------------------------------

// Checks, plans and runs `graph` on `inputs` (Session::RunGraph's work); the status and, on failure,
// the recorded error.
Status geir_run_graph(const GraphImpl &graph, const std::vector<Tensor> &inputs, std::vector<Tensor> &outputs);

// Whether GEInitialize has run and GEFinalize has not, and the count of GEInitialize calls that
// started graph mode (a session remembers the one it was made in).
bool geir_initialized(uint64_t *generation);

} // namespace ge

#endif // ACPU_GEIR_IMPL_H_
