/* aclnn-cpu's GE graph API: Graph (CANN's class and methods). A graph is a handle (copies are the
 * same graph). Its nodes are those reachable, over data and control edges in either direction,
 * from the operators given to SetInputs, SetOutputs and AddOp; they are collected when the graph
 * is run or dumped, so edges made after SetInputs count. */
#ifndef ACLNN_CPU_GRAPH_GRAPH_H_
#define ACLNN_CPU_GRAPH_GRAPH_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ascend_string.h"
#include "error_codes.h"
#include "operator.h"

#pragma GCC visibility push(default)
namespace ge {
class GraphImpl;

class Graph {
  public:
    Graph();
    explicit Graph(const char_t *name);
    explicit Graph(const std::string &name);
    ~Graph() = default;

    /* The Data nodes of the graph, in the order RunGraph's input tensors follow when their index
     * attributes do not tell them apart (doc/DECISIONS.md). */
    Graph &SetInputs(const std::vector<Operator> &inputs);
    /* The graph's outputs: every output of each operator, in order (or the listed output indices,
     * or the named output). Without SetOutputs, every node no other node reads is an output. */
    Graph &SetOutputs(const std::vector<Operator> &outputs);
    Graph &SetOutputs(const std::vector<std::pair<Operator, std::vector<size_t>>> &output_indexs);
    Graph &SetOutputs(const std::vector<std::pair<Operator, AscendString>> &outputs);
    Graph &SetTargets(const std::vector<Operator> &targets);

    bool IsValid() const;
    graphStatus AddOp(const Operator &op);
    graphStatus GetAllOpName(std::vector<AscendString> &op_name) const;
    graphStatus FindOpByName(const char_t *name, Operator &op) const;
    graphStatus FindOpByType(const char_t *type, std::vector<Operator> &ops) const;
    graphStatus GetName(AscendString &name) const;
    size_t GetAllOpCount() const;

    /* The library's view of the graph. */
    const std::shared_ptr<GraphImpl> &Impl() const { return impl_; }

  private:
    std::shared_ptr<GraphImpl> impl_;
};
} // namespace ge
#pragma GCC visibility pop

#endif /* ACLNN_CPU_GRAPH_GRAPH_H_ */
