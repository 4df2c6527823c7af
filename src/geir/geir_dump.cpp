// aclgrphDumpGraph (ge/ge_ir_build.h): the graph as readable text.
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <sstream>

#include "ge/ge_ir_build.h"
#include "geir/geir_impl.h"

namespace ge {

namespace {
std::atomic<unsigned> g_dumps{0};

std::string desc_text(const Port &p)
{
    if (!p.desc_set)
        return "";
    const TensorDesc &d = p.desc;
    return ": " + geir_dtype_name(d.GetDataType()) + " " + geir_dims_text(d.GetShape().GetDims()) + " " +
           GetFormatName(d.GetFormat());
}

std::string dump_text(const GraphImpl &g)
{
    std::vector<std::shared_ptr<OperatorImpl>> nodes = g.Nodes(), order, cycle;
    std::ostringstream out;
    out << "# aclnn-cpu graph dump (aclgrphDumpGraph): the graph's nodes in topological order\n";
    out << "graph " << g.name << "\n";
    out << "inputs:";
    for (const auto &n : g.inputs)
        out << " " << n->name;
    out << "\noutputs:";
    if (!g.outputs_set)
        out << " (every node no other node reads)";
    for (const GraphOutput &o : g.outputs) {
        out << " " << o.node->name;
        if (o.index >= 0)
            out << ":" << o.index;
        if (!o.name.empty())
            out << ":" << o.name;
    }
    out << "\n";
    if (!geir_topo_order(nodes, order, cycle)) {
        out << "# the graph has a cycle:";
        for (const auto &n : cycle)
            out << " " << n->name << " ->";
        out << " " << cycle.front()->name << "; nodes in the order found\n";
        order = nodes;
    }
    for (const auto &n : order) {
        out << "\nnode " << n->name << " (" << n->type << ")\n";
        std::vector<std::string> listed;
        for (const Port &p : n->inputs) {
            out << "  input " << p.name;
            auto e = n->edges.find(p.name);
            if (e != n->edges.end())
                out << " <- " << e->second.src->name << ":"
                    << (e->second.src_name.empty() ? std::to_string(e->second.src_index) : e->second.src_name);
            if (p.kind == PortKind::Optional)
                out << " (optional)";
            out << desc_text(p);
            if (!p.type_text.empty())
                out << "  " << p.type_text;
            out << "\n";
            listed.push_back(p.name);
        }
        for (const auto &e : n->edges) // edges of an unregistered node's inputs
            if (std::find(listed.begin(), listed.end(), e.first) == listed.end())
                out << "  input " << e.first << " <- " << e.second.src->name << ":"
                    << (e.second.src_name.empty() ? std::to_string(e.second.src_index) : e.second.src_name) << "\n";
        for (const auto &c : n->control_in)
            out << "  control input <- " << c->name << "\n";
        for (const std::string &a : n->attr_order)
            out << "  attr " << a << " = " << n->attrs.at(a).Text() << "\n";
        for (const auto &r : n->required_attrs)
            if (n->attrs.find(r.first) == n->attrs.end())
                out << "  attr " << r.first << " (" << r.second << ", required) not set\n";
        for (const Port &p : n->outputs) {
            out << "  output " << p.name << desc_text(p);
            if (!p.type_text.empty())
                out << "  " << p.type_text;
            out << "\n";
        }
    }
    return out.str();
}
} // namespace

graphStatus aclgrphDumpGraph(const Graph &graph, const char_t *file, const size_t len)
{
    if (file == nullptr || len == 0 || len != std::strlen(file) || len >= PATH_MAX) {
        geir_error("aclgrphDumpGraph: file must be a path of len characters (len = strlen(file) > 0)");
        return GRAPH_PARAM_INVALID;
    }
    std::string path(file, len);
    size_t slash = path.rfind('/');
    std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    std::string suffix = slash == std::string::npos ? path : path.substr(slash + 1);
    if (suffix.empty())
        suffix = graph.Impl()->name.empty() ? "graph" : graph.Impl()->name;
    char real[PATH_MAX];
    if (realpath(dir.c_str(), real) == nullptr) {
        geir_error("aclgrphDumpGraph: directory " + dir + " of " + path + " does not exist");
        return GRAPH_PARAM_INVALID;
    }
    char name[64];
    std::snprintf(name, sizeof name, "ge_proto_%05u_", g_dumps++);
    std::string target = std::string(real) + "/" + name + suffix + ".txt";
    std::string text = dump_text(*graph.Impl());
    FILE *f = std::fopen(target.c_str(), "w");
    if (f == nullptr) {
        geir_error("aclgrphDumpGraph: cannot write " + target + ": " + std::strerror(errno));
        return GRAPH_FAILED;
    }
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fclose(f) == 0 && ok;
    if (!ok) {
        geir_error("aclgrphDumpGraph: cannot write " + target);
        return GRAPH_FAILED;
    }
    return GRAPH_SUCCESS;
}

} // namespace ge
