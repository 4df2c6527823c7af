/* aclnn-cpu's GE graph API: ge::Status and the names of the options GEInitialize, Session and
 * AddGraph take (CANN's strings). Options are accepted by name; the runner reads
 * "ge.exec.deviceId" (the CPU is device 0) and ignores the others (doc/BEHAVIOUR.md#graph-mode). */
#ifndef ACLNN_CPU_GE_GE_API_TYPES_H_
#define ACLNN_CPU_GE_GE_API_TYPES_H_

#include <cstdint>
#include <string>

#include "ge/ge_api_error_codes.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {
const char *const OPTION_EXEC_DEVICE_ID = "ge.exec.deviceId";
const char *const OPTION_GRAPH_RUN_MODE = "ge.graphRunMode";
const char *const OPTION_EXEC_JOB_ID = "ge.exec.jobId";
const char *const OPTION_EXEC_PRECISION_MODE = "ge.exec.precision_mode";
const char *const SOC_VERSION = "ge.socVersion";
const char *const PRECISION_MODE = "ge.exec.precision_mode";
const char *const OP_DEBUG_LEVEL = "ge.opDebugLevel";

/* GEInitialize's graphRunMode values. */
enum GraphRunMode { PREDICTION = 0, TRAIN };
} // namespace ge

#endif /* ACLNN_CPU_GE_GE_API_TYPES_H_ */
