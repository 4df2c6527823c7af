/* aclnn-cpu's GE graph API: aclgrphDumpGraph (CANN's function in ge_ir_build.h). */
#ifndef ACLNN_CPU_GE_GE_IR_BUILD_H_
#define ACLNN_CPU_GE_GE_IR_BUILD_H_

#include <cstddef>

#include "graph/error_codes.h"
#include "graph/graph.h"

#pragma GCC visibility push(default)
namespace ge {
/* Writes a readable text dump of the graph (its nodes in topological order with their types,
 * attributes, input edges and tensor descs) to <directory of file>/ge_proto_<NNNNN>_<file name>.txt,
 * NNNNN counting the dumps of the process, as CANN names its dumps. `len` must be strlen(file) and
 * the directory must exist: GRAPH_PARAM_INVALID otherwise. */
graphStatus aclgrphDumpGraph(const Graph &graph, const char_t *file, const size_t len);
} // namespace ge
#pragma GCC visibility pop

#endif /* ACLNN_CPU_GE_GE_IR_BUILD_H_ */
