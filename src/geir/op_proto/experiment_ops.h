/* experiment_ops.h of aclnn-cpu's operator protos (installed to opp/built-in/op_proto/inc, as CANN's). CANN's
 * header of this name declares operators of its own groups; the operators aclnn-cpu runs are those
 * of its registry, each in its own generated header (<op>_proto.h, or all_ops.h for all of them),
 * so this one declares no operator. It exists because ops-nn's graph examples include it beside the
 * operator's own proto (op_graph/<op>_proto.h), which must then be the only declaration of it. */
#ifndef ACLNN_CPU_OP_PROTO_EXPERIMENT_OPS_H_
#define ACLNN_CPU_OP_PROTO_EXPERIMENT_OPS_H_

#include "graph/operator_reg.h"

#endif /* ACLNN_CPU_OP_PROTO_EXPERIMENT_OPS_H_ */
