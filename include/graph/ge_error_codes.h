/* CANN's older name of graph/error_codes.h: graphStatus and its codes. */
#ifndef ACLNN_CPU_GRAPH_GE_ERROR_CODES_H_
#define ACLNN_CPU_GRAPH_GE_ERROR_CODES_H_

#include "error_codes.h"

#endif /* ACLNN_CPU_GRAPH_GE_ERROR_CODES_H_ */
