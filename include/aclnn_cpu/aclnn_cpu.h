/* aclnn-cpu extensions: which ISA runs, how many threads, which platform profile plans the tiling.
 * Settings are process-wide and are captured by each aclnnXxxGetWorkspaceSize call (an executor
 * keeps the plan it was made with). Environment variables give the initial values (README). */
#ifndef ACLNN_CPU_ACLNN_CPU_H_
#define ACLNN_CPU_ACLNN_CPU_H_

#include <stdint.h>

#include "../acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ACLNN_CPU_ISA_SCALAR = 0,
    ACLNN_CPU_ISA_NEON = 1,
    ACLNN_CPU_ISA_AVX2 = 2,   /* AVX2 + FMA + F16C */
    ACLNN_CPU_ISA_AVX512 = 3  /* AVX-512 F/BW/DQ/VL */
} aclnnCpuIsa;

/* The ISA whose kernels run in this process: the best the CPU supports and this build has,
 * capped by ACLNN_CPU_MAX_ISA. Chosen once, on first use. */
ACL_FUNC_VISIBILITY aclnnCpuIsa aclnnCpuGetIsa(void);
/* "scalar", "neon", "avx2", "avx512"; NULL for an unknown value. */
ACL_FUNC_VISIBILITY const char *aclnnCpuIsaName(aclnnCpuIsa isa);

/* Threads used by phase 2 (the "cores" of the host profile). 0 restores the default:
 * ACLNN_CPU_NUM_THREADS, else omp_get_max_threads() at first use. */
ACL_FUNC_VISIBILITY aclError aclnnCpuSetNumThreads(int32_t numThreads);
ACL_FUNC_VISIBILITY int32_t aclnnCpuGetNumThreads(void);

/* Platform profile used by the tiling: "host", "Ascend910", "Ascend910B", "Ascend910_93",
 * "Ascend950". coreNum / ubBytes override the profile's vector-core count and UB size when > 0
 * (tiling experiments); 0 keeps the profile's own. NULL soc restores ACLNN_CPU_SOC (or "host"). */
ACL_FUNC_VISIBILITY aclError aclnnCpuSetPlatform(const char *soc, int32_t coreNum, int64_t ubBytes);

typedef struct {
    char soc[32];     /* profile name */
    int32_t coreNum;  /* vector cores the tiling plans for */
    int64_t ubBytes;  /* unified-buffer bytes per core */
    int32_t bf16;     /* 1 when BF16 operands are accepted on this profile */
} aclnnCpuPlatform;

ACL_FUNC_VISIBILITY aclError aclnnCpuGetPlatform(aclnnCpuPlatform *platform);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_CPU_ACLNN_CPU_H_ */
