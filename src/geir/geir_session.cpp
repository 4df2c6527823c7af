// GEInitialize, GEFinalize and Session (ge/ge_api.h).
#include <atomic>
#include <cstring>
#include <mutex>

#include "geir/geir_impl.h"

namespace ge {

namespace {
std::mutex g_lock;
bool g_initialized = false;
uint64_t g_generation = 0; // GEInitialize calls that started graph mode
std::atomic<uint64_t> g_session_ids{0};

// "ge.exec.deviceId", when given, names device 0.
Status check_device(const char *who, const std::map<std::string, std::string> &options)
{
    auto it = options.find("ge.exec.deviceId");
    if (it == options.end() || it->second == "0")
        return SUCCESS;
    geir_error(std::string(who) + ": ge.exec.deviceId is \"" + it->second +
               "\": the CPU is device 0, the only device aclnn-cpu has");
    return ACL_ERROR_GE_PARAM_INVALID;
}

std::map<std::string, std::string> plain(const std::map<AscendString, AscendString> &options)
{
    std::map<std::string, std::string> m;
    for (const auto &kv : options)
        m[kv.first.GetString()] = kv.second.GetString();
    return m;
}
} // namespace

bool geir_initialized(uint64_t *generation)
{
    std::lock_guard<std::mutex> g(g_lock);
    if (generation != nullptr)
        *generation = g_generation;
    return g_initialized;
}

Status GEInitialize(const std::map<std::string, std::string> &options)
{
    Status st = check_device("GEInitialize", options);
    if (st != SUCCESS)
        return st;
    std::lock_guard<std::mutex> g(g_lock);
    if (!g_initialized) {
        g_initialized = true;
        g_generation++;
    }
    return SUCCESS;
}

Status GEInitialize(const std::map<AscendString, AscendString> &options) { return GEInitialize(plain(options)); }

Status GEFinalize()
{
    std::lock_guard<std::mutex> g(g_lock);
    g_initialized = false;
    return SUCCESS;
}

// ---- Session -----------------------------------------------------------------------------------

class SessionImpl {
  public:
    uint64_t id = 0;
    uint64_t generation = 0; // 0: made while graph mode was off
    Status made = SUCCESS;   // the constructor's own failure (a bad option)
    std::mutex lock;
    std::map<uint32_t, Graph> graphs;

    // SUCCESS when the session may run calls now, else the status with the message recorded.
    Status Usable(const char *call)
    {
        uint64_t now = 0;
        bool on = geir_initialized(&now);
        if (made != SUCCESS) {
            geir_error(std::string("Session::") + call + ": the session was not created (see its options)");
            return made;
        }
        if (generation == 0 || !on || now != generation) {
            geir_error(std::string("Session::") + call +
                       (generation == 0 ? ": the session was created before GEInitialize"
                                        : ": GEFinalize has run since the session was created"));
            return ACL_ERROR_GE_EXEC_NOT_INIT;
        }
        return SUCCESS;
    }
};

Session::Session(const std::map<std::string, std::string> &options) : impl_(new SessionImpl())
{
    impl_->id = ++g_session_ids;
    impl_->made = check_device("Session", options);
    uint64_t generation = 0;
    if (geir_initialized(&generation))
        impl_->generation = generation;
}

Session::Session(const std::map<AscendString, AscendString> &options) : Session(plain(options)) {}
Session::~Session() = default;

Status Session::AddGraph(uint32_t graph_id, const Graph &graph)
{
    Status st = impl_->Usable("AddGraph");
    if (st != SUCCESS)
        return st;
    if (graph.Impl() == nullptr || graph.Impl()->Nodes().empty()) {
        geir_error("Session::AddGraph: graph " + std::to_string(graph_id) + " has no operator");
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    std::lock_guard<std::mutex> g(impl_->lock);
    if (!impl_->graphs.emplace(graph_id, graph).second) {
        geir_error("Session::AddGraph: graph id " + std::to_string(graph_id) + " is taken (RemoveGraph it first)");
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    return SUCCESS;
}

Status Session::AddGraph(uint32_t graph_id, const Graph &graph, const std::map<std::string, std::string> &options)
{
    (void)options; // graph options select device compilation modes: nothing to choose here
    return AddGraph(graph_id, graph);
}

Status Session::AddGraph(uint32_t graph_id, const Graph &graph, const std::map<AscendString, AscendString> &options)
{
    return AddGraph(graph_id, graph, plain(options));
}

Status Session::RemoveGraph(uint32_t graph_id)
{
    Status st = impl_->Usable("RemoveGraph");
    if (st != SUCCESS)
        return st;
    std::lock_guard<std::mutex> g(impl_->lock);
    if (impl_->graphs.erase(graph_id) == 0) {
        geir_error("Session::RemoveGraph: no graph has id " + std::to_string(graph_id));
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    return SUCCESS;
}

Status Session::RunGraph(uint32_t graph_id, const std::vector<Tensor> &inputs, std::vector<Tensor> &outputs)
{
    Status st = impl_->Usable("RunGraph");
    if (st != SUCCESS)
        return st;
    Graph graph;
    {
        std::lock_guard<std::mutex> g(impl_->lock);
        auto it = impl_->graphs.find(graph_id);
        if (it == impl_->graphs.end()) {
            geir_error("Session::RunGraph: no graph has id " + std::to_string(graph_id) + " (AddGraph it first)");
            return ACL_ERROR_GE_PARAM_INVALID;
        }
        graph = it->second;
    }
    return geir_run_graph(*graph.Impl(), inputs, outputs);
}

bool Session::IsGraphNeedRebuild(uint32_t graph_id)
{
    (void)graph_id; // every run plans the graph again
    return false;
}

uint64_t Session::GetSessionId() const { return impl_->id; }

} // namespace ge
