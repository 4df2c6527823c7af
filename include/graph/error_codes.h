/* aclnn-cpu's GE graph API: graphStatus and its codes (CANN's names and values). The graph API is
 * C++ (libaclnn_cpu_graph.so, installed under CANN's library names libgraph.so, libge_runner.so,
 * libgraph_base.so and libge_compiler.so); doc/TOOLKIT.md#graph-mode. */
#ifndef ACLNN_CPU_GRAPH_ERROR_CODES_H_
#define ACLNN_CPU_GRAPH_ERROR_CODES_H_

#include <cstddef>
#include <cstdint>

/* CANN's headers spell these; the library exports every declaration of these headers itself. */
#ifndef GE_FUNC_VISIBILITY
#define GE_FUNC_VISIBILITY
#endif
#ifndef GE_FUNC_HOST_VISIBILITY
#define GE_FUNC_HOST_VISIBILITY
#endif
#ifndef GE_FUNC_DEV_VISIBILITY
#define GE_FUNC_DEV_VISIBILITY
#endif
#ifndef ATTRIBUTED_DEPRECATED
#define ATTRIBUTED_DEPRECATED(replacement)
#endif

namespace ge {
using graphStatus = uint32_t;
const graphStatus GRAPH_FAILED = 0xFFFFFFFFU;
const graphStatus GRAPH_SUCCESS = 0U;
const graphStatus GRAPH_NOT_CHANGED = 1343242304U;
const graphStatus GRAPH_PARAM_INVALID = 50331649U;
const graphStatus GRAPH_NODE_WITHOUT_CONST_INPUT = 50331648U;
const graphStatus GRAPH_NODE_NEED_REPASS = 50331647U;
const graphStatus GRAPH_INVALID_IR_DEF = 50331646U;
const graphStatus OP_WITHOUT_IR_DATATYPE_INFER_RULE = 50331645U;
const graphStatus GRAPH_PARAM_OUT_OF_RANGE = 50331644U;
const graphStatus GRAPH_MEM_OPERATE_FAILED = 50331539U;
const graphStatus GRAPH_NULL_PTR = 50331538U;
} // namespace ge

#endif /* ACLNN_CPU_GRAPH_ERROR_CODES_H_ */
