/* aclnn-cpu's GE graph API: GEInitialize, GEFinalize, the error and warning messages, and Session,
 * which runs graphs on the CPU (CANN's functions and class). Every operator node runs through the
 * operator registry's phase-1 / phase-2 path, as aclnn calls do (doc/TOOLKIT.md#graph-mode,
 * doc/BEHAVIOUR.md#graph-mode). */
#ifndef ACLNN_CPU_GE_GE_API_H_
#define ACLNN_CPU_GE_GE_API_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ge/ge_api_error_codes.h"
#include "ge/ge_api_types.h"
#include "graph/ascend_string.h"
#include "graph/graph.h"
#include "graph/tensor.h"

#pragma GCC visibility push(default)
namespace ge {
/* Starts graph mode: sessions made before it are refused (ACL_ERROR_GE_EXEC_NOT_INIT). Options by
 * name: "ge.exec.deviceId", when given, must be "0" (the CPU is the only device);
 * ACL_ERROR_GE_PARAM_INVALID otherwise. Calling it again is a success that changes nothing. */
Status GEInitialize(const std::map<AscendString, AscendString> &options);
Status GEInitialize(const std::map<std::string, std::string> &options);
/* Ends graph mode; sessions made before it refuse their calls afterwards. */
Status GEFinalize();
/* The calling thread's error (warning) messages since the last call, one per line; then cleared. */
AscendString GEGetErrorMsgV2();
AscendString GEGetWarningMsgV2();
std::string GEGetErrorMsg();
std::string GEGetWarningMsg();

class SessionImpl;
class Session {
  public:
    explicit Session(const std::map<AscendString, AscendString> &options);
    explicit Session(const std::map<std::string, std::string> &options);
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    /* Registers `graph` under graph_id (ACL_ERROR_GE_PARAM_INVALID when the id is taken or the
     * graph has no operator). The graph is checked and planned when it runs. */
    Status AddGraph(uint32_t graph_id, const Graph &graph);
    Status AddGraph(uint32_t graph_id, const Graph &graph, const std::map<AscendString, AscendString> &options);
    Status AddGraph(uint32_t graph_id, const Graph &graph, const std::map<std::string, std::string> &options);
    Status RemoveGraph(uint32_t graph_id);
    /* Runs the graph: inputs bind to its Data nodes, every node is checked and planned (phase 1)
     * in topological order before any runs (phase 2); outputs get the graph's outputs in order.
     * On failure nothing is written to outputs and GEGetErrorMsgV2 says why. */
    Status RunGraph(uint32_t graph_id, const std::vector<Tensor> &inputs, std::vector<Tensor> &outputs);
    bool IsGraphNeedRebuild(uint32_t graph_id);
    uint64_t GetSessionId() const;

  private:
    std::unique_ptr<SessionImpl> impl_;
};
} // namespace ge
#pragma GCC visibility pop

#endif /* ACLNN_CPU_GE_GE_API_H_ */
