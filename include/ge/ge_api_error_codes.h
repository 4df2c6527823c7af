/* aclnn-cpu's GE graph API: ge::Status and its general codes SUCCESS and FAILED (CANN's values). */
#ifndef ACLNN_CPU_GE_GE_API_ERROR_CODES_H_
#define ACLNN_CPU_GE_GE_API_ERROR_CODES_H_

#include <cstdint>

#include "ge/ge_error_codes.h"

namespace ge {
using Status = uint32_t;
constexpr Status SUCCESS = 0U;
constexpr Status FAILED = 0xFFFFFFFFU;
} // namespace ge

#endif /* ACLNN_CPU_GE_GE_API_ERROR_CODES_H_ */
