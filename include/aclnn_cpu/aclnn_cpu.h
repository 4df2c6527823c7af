/* aclnn-cpu extensions: which ISA runs, how many threads, which platform profile plans the tiling.
 * Settings are process-wide and are captured by each aclnnXxxGetWorkspaceSize call (an executor
 * keeps the plan it was made with). Environment variables give the initial values (README). */
#ifndef ACLNN_CPU_ACLNN_CPU_H_
#define ACLNN_CPU_ACLNN_CPU_H_

#include <stddef.h>
#include <stdint.h>

#include "../acl/acl_base.h"
#include "../aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ACLNN_CPU_ISA_SCALAR = 0,
    ACLNN_CPU_ISA_NEON = 1,
    ACLNN_CPU_ISA_AVX2 = 2,  /* AVX2 + FMA + F16C */
    ACLNN_CPU_ISA_AVX512 = 3 /* AVX-512 F/BW/DQ/VL */
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

/* A stamp of what phase 1 plans with on the calling thread besides its arguments: it changes (never
 * to 0) whenever that may have changed (an aclnnCpuSet* call that was not refused, in any thread; a
 * change of this thread's OpenMP default thread count while ACLNN_CPU_NUM_THREADS does not fix
 * the count; a 16-bit lookup table built, at most 32 times a process), and stays the same while it
 * cannot. An executor made repeatable keeps the plan of its phase 1; a caller that keeps such
 * executors for calls it repeats compares stamps to know when to plan again (the Python package
 * does). */
ACL_FUNC_VISIBILITY uint64_t aclnnCpuGetSettingsStamp(void);

/* Platform profile used by the tiling: "host", "Ascend910", "Ascend910B", "Ascend910_93",
 * "Ascend950". coreNum / ubBytes override the profile's vector-core count and UB size when > 0
 * (tiling experiments); 0 keeps the profile's own. NULL soc restores ACLNN_CPU_SOC (or "host"). */
ACL_FUNC_VISIBILITY aclError aclnnCpuSetPlatform(const char *soc, int32_t coreNum, int64_t ubBytes);

/* 16-bit lookup tables: a 16-bit call of a kernel with a table form (doc/OPERATORS.md lists them)
 * gathers the costly part of its math from a table of all 65536 input values, computed once per
 * kernel, dtype and attribute values by the kernel's own code: the same bits as computing it.
 * AUTO (the default, or ACLNN_CPU_TABLES=auto) uses a table where a timing at its build found the
 * lookup faster than the kernel on this CPU; OFF (ACLNN_CPU_TABLES=0) never, ON (=1) wherever a form
 * exists. The
 * environment variable gives the initial mode; this call replaces it. */
typedef enum { ACLNN_CPU_TABLES_AUTO = 0, ACLNN_CPU_TABLES_OFF = 1, ACLNN_CPU_TABLES_ON = 2 } aclnnCpuTableMode;
ACL_FUNC_VISIBILITY aclError aclnnCpuSetLookupTables(aclnnCpuTableMode mode);
/* The mode 16-bit calls are planned with now. */
ACL_FUNC_VISIBILITY aclnnCpuTableMode aclnnCpuGetLookupTables(void);

/* Streaming stores: a regular store reads each output line before writing it (read for
 * ownership), so an output larger than the caches crosses the memory bus twice. With streaming, a
 * call whose output is dense, of the kernel's dtype and overlapped by no input (not in place) has
 * its kernel write an L1-resident chunk at a time, copied out with non-temporal stores: the same
 * bits, less memory traffic. ACLNN_CPU_STREAM_AUTO (the default, or ACLNN_CPU_STREAM_STORES=auto)
 * streams outputs of 16 MiB or more of the memory-bound kernels (the compare / multiply-add ones:
 * ReLU, the hard* family, threshold, leaky ReLU, the Sigmoid / Tanh gradients, ELU's result mode
 * and its other exp-free paths) and of the 16-bit lookup tables read one load per element
 * (doc/BEHAVIOUR.md), ACLNN_CPU_STREAM_OFF (ACLNN_CPU_STREAM_STORES=0) none, ACLNN_CPU_STREAM_ON
 * (=1) every output it can. The AVX2 and AVX-512 paths have streaming stores; scalar and NEON write
 * regularly whatever the mode. Captured by phase 1 as the other settings; the environment variable
 * gives the initial mode, this call replaces it. */
typedef enum { ACLNN_CPU_STREAM_AUTO = 0, ACLNN_CPU_STREAM_OFF = 1, ACLNN_CPU_STREAM_ON = 2 } aclnnCpuStreamMode;
ACL_FUNC_VISIBILITY aclError aclnnCpuSetStreamingStores(aclnnCpuStreamMode mode);
/* The mode calls are planned with now. */
ACL_FUNC_VISIBILITY aclnnCpuStreamMode aclnnCpuGetStreamingStores(void);

typedef struct {
    char soc[32];    /* profile name */
    int32_t coreNum; /* vector cores the tiling plans for */
    int64_t ubBytes; /* unified-buffer bytes per core */
    int32_t bf16;    /* 1 when BF16 operands are accepted on this profile */
} aclnnCpuPlatform;

ACL_FUNC_VISIBILITY aclError aclnnCpuGetPlatform(aclnnCpuPlatform *platform);

/* Tiling lab: the host tiling plan an operator gets, as the JSON object the aclnn-cpu-tiling tool
 * prints (the tool is a thin wrapper over this call). `op` is an API's snake-case name ("elu_backward");
 * argv[0..argc) are the tool's options after OP, spelled as on its command line, e.g.
 * {"--soc", "Ascend910B", "--dtype=float16", "--shape", "4,3,8", "--is-result"} (`aclnn-cpu-tiling
 * --help` lists them). Nothing is run and no setting changes: the host profile reads the current
 * thread count and cache budget, --cores / --ub override any profile's numbers.
 * On success *jsonLength is the JSON's length (no newline, without the NUL) and, when json is not
 * NULL, json holds it NUL-terminated; json NULL with jsonSize 0 asks for the length only.
 * Returns ACL_SUCCESS; ACLNN_ERR_PARAM_NULLPTR (NULL op, jsonLength, argv with argc > 0, an argv
 * entry, or json with jsonSize > 0); ACLNN_ERR_PARAM_INVALID (unknown op or option, a bad value,
 * shapes that do not broadcast, a strategy the shapes rule out, or jsonSize <= *jsonLength);
 * ACLNN_ERR_INNER_TILING_ERROR (the tiling refuses the call: no cores, an empty tensor for the
 * ascend910b strategy, a UB too small for one tile). aclGetRecentErrMsg() says which and why. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetTilingPlan(const char *op, int32_t argc, const char *const *argv, char *json,
                                                      size_t jsonSize, size_t *jsonLength);
/* The ops aclnnCpuGetTilingPlan knows (every API of the library, in snake case without "aclnn"), by
 * index from 0; NULL past the last. */
ACL_FUNC_VISIBILITY const char *aclnnCpuTilingOpName(int32_t index);
/* The options of every op of aclnnCpuGetTilingPlan, as the tool's usage text; same length protocol
 * (*textLength always, text when not NULL and large enough for it and the NUL). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetTilingUsage(char *text, size_t textSize, size_t *textLength);

/* The operator registry as one JSON object: "ops" (kernel op types: inputs, output, attributes with
 * type and default, kernel, tiling strategies) and "apis" (each aclnn API: its operator and its
 * parameters in CANN's order, with each tensor's dtypes per profile). Same length protocol. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetOpRegistry(char *json, size_t jsonSize, size_t *jsonLength);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_CPU_ACLNN_CPU_H_ */
