// Graph (graph/graph.h): its inputs, outputs and added nodes, the nodes it reaches, their
// topological order.
#include <algorithm>
#include <set>
#include <unordered_map>

#include "geir/geir_impl.h"

namespace ge {

Graph::Graph() : impl_(std::make_shared<GraphImpl>()) {}
Graph::Graph(const char_t *name) : impl_(std::make_shared<GraphImpl>()) { impl_->name = name != nullptr ? name : ""; }
Graph::Graph(const std::string &name) : impl_(std::make_shared<GraphImpl>()) { impl_->name = name; }

Graph &Graph::SetInputs(const std::vector<Operator> &inputs)
{
    impl_->inputs.clear();
    for (const Operator &op : inputs)
        if (op.Impl() != nullptr)
            impl_->inputs.push_back(op.Impl());
    return *this;
}

Graph &Graph::SetOutputs(const std::vector<Operator> &outputs)
{
    impl_->outputs.clear();
    impl_->outputs_set = true;
    for (const Operator &op : outputs)
        if (op.Impl() != nullptr)
            impl_->outputs.push_back(GraphOutput{op.Impl(), -1, ""});
    return *this;
}

Graph &Graph::SetOutputs(const std::vector<std::pair<Operator, std::vector<size_t>>> &output_indexs)
{
    impl_->outputs.clear();
    impl_->outputs_set = true;
    for (const auto &o : output_indexs) {
        if (o.first.Impl() == nullptr)
            continue;
        if (o.second.empty())
            impl_->outputs.push_back(GraphOutput{o.first.Impl(), -1, ""});
        for (size_t i : o.second)
            impl_->outputs.push_back(GraphOutput{o.first.Impl(), static_cast<int64_t>(i), ""});
    }
    return *this;
}

Graph &Graph::SetOutputs(const std::vector<std::pair<Operator, AscendString>> &outputs)
{
    impl_->outputs.clear();
    impl_->outputs_set = true;
    for (const auto &o : outputs)
        if (o.first.Impl() != nullptr)
            impl_->outputs.push_back(GraphOutput{o.first.Impl(), -1, o.second.GetString()});
    return *this;
}

Graph &Graph::SetTargets(const std::vector<Operator> &targets)
{
    for (const Operator &op : targets)
        if (op.Impl() != nullptr)
            impl_->added.push_back(op.Impl());
    return *this;
}

bool Graph::IsValid() const { return !impl_->Nodes().empty(); }

graphStatus Graph::AddOp(const Operator &op)
{
    if (op.Impl() == nullptr)
        return GRAPH_FAILED;
    impl_->added.push_back(op.Impl());
    return GRAPH_SUCCESS;
}

graphStatus Graph::GetAllOpName(std::vector<AscendString> &op_name) const
{
    op_name.clear();
    for (const auto &n : impl_->Nodes())
        op_name.emplace_back(n->name.c_str());
    return GRAPH_SUCCESS;
}

graphStatus Graph::FindOpByName(const char_t *name, Operator &op) const
{
    if (name == nullptr)
        return GRAPH_FAILED;
    for (const Operator &candidate : impl_->Handles())
        if (candidate.GetName() == name) {
            op = candidate;
            return GRAPH_SUCCESS;
        }
    return GRAPH_FAILED;
}

graphStatus Graph::FindOpByType(const char_t *type, std::vector<Operator> &ops) const
{
    if (type == nullptr)
        return GRAPH_FAILED;
    ops.clear();
    for (const Operator &candidate : impl_->Handles())
        if (candidate.GetOpType() == type)
            ops.push_back(candidate);
    return GRAPH_SUCCESS;
}

graphStatus Graph::GetName(AscendString &name) const
{
    name = AscendString(impl_->name.c_str());
    return GRAPH_SUCCESS;
}

size_t Graph::GetAllOpCount() const { return impl_->Nodes().size(); }

// ---- nodes ----------------------------------------------------------------------------------------

std::vector<Operator> GraphImpl::Handles() const
{
    std::vector<Operator> ops;
    for (const auto &n : Nodes()) {
        Operator op;
        op.impl_ = n;
        ops.push_back(op);
    }
    return ops;
}

std::vector<std::shared_ptr<OperatorImpl>> GraphImpl::Nodes() const
{
    std::vector<std::shared_ptr<OperatorImpl>> found;
    std::set<const OperatorImpl *> seen;
    std::vector<std::shared_ptr<OperatorImpl>> todo;
    auto visit = [&](const std::shared_ptr<OperatorImpl> &n) {
        if (n != nullptr && seen.insert(n.get()).second) {
            found.push_back(n);
            todo.push_back(n);
        }
    };
    for (const auto &n : inputs)
        visit(n);
    for (const auto &o : outputs)
        visit(o.node);
    for (const auto &n : added)
        visit(n);
    while (!todo.empty()) {
        std::shared_ptr<OperatorImpl> n = todo.back();
        todo.pop_back();
        for (const auto &e : n->edges)
            visit(e.second.src);
        for (const auto &c : n->control_in)
            visit(c);
        for (const auto &w : n->consumers)
            visit(w.lock());
    }
    return found;
}

bool geir_topo_order(const std::vector<std::shared_ptr<OperatorImpl>> &nodes,
                     std::vector<std::shared_ptr<OperatorImpl>> &order,
                     std::vector<std::shared_ptr<OperatorImpl>> &cycle)
{
    std::unordered_map<const OperatorImpl *, size_t> index;
    for (size_t i = 0; i < nodes.size(); i++)
        index[nodes[i].get()] = i;
    // producers of each node (data and control), deduplicated
    std::vector<std::vector<size_t>> preds(nodes.size());
    std::vector<std::vector<size_t>> succs(nodes.size());
    for (size_t i = 0; i < nodes.size(); i++) {
        std::set<size_t> p;
        for (const auto &e : nodes[i]->edges)
            if (e.second.src != nullptr && index.count(e.second.src.get()))
                p.insert(index[e.second.src.get()]);
        for (const auto &c : nodes[i]->control_in)
            if (c != nullptr && index.count(c.get()))
                p.insert(index[c.get()]);
        preds[i].assign(p.begin(), p.end());
        for (size_t j : preds[i])
            succs[j].push_back(i);
    }
    // Kahn's algorithm, always taking the earliest ready node in `nodes` order
    std::vector<size_t> missing(nodes.size());
    std::set<size_t> ready;
    for (size_t i = 0; i < nodes.size(); i++)
        if ((missing[i] = preds[i].size()) == 0)
            ready.insert(i);
    order.clear();
    while (!ready.empty()) {
        size_t i = *ready.begin();
        ready.erase(ready.begin());
        order.push_back(nodes[i]);
        for (size_t s : succs[i])
            if (--missing[s] == 0)
                ready.insert(s);
    }
    if (order.size() == nodes.size())
        return true;
    // A cycle among the nodes left: walk producers that are left until one repeats.
    std::vector<int> pos(nodes.size(), -1);
    std::vector<size_t> path;
    size_t at = 0;
    while (missing[at] == 0)
        at++;
    while (pos[at] < 0) {
        pos[at] = static_cast<int>(path.size());
        path.push_back(at);
        for (size_t p : preds[at])
            if (missing[p] != 0) {
                at = p;
                break;
            }
    }
    cycle.clear();
    // path[pos[at]..] walks producers; in edge order it is the reverse
    for (size_t k = path.size(); k-- > static_cast<size_t>(pos[at]);)
        cycle.push_back(nodes[path[k]]);
    return false;
}

} // namespace ge
