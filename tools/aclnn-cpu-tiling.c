/* aclnn-cpu-tiling: prints the tiling plan an operator gets on a platform profile, as one JSON
 * object on one line. Exit status: 0 success, 1 planning failed, 2 bad arguments.
 * A thin wrapper over the library's aclnnCpuGetTilingPlan (src/api/tiling_plan.c), which parses the
 * options, plans and writes the JSON; this file keeps the usage text and the exit codes. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define EXIT_USAGE 2

static const char k_usage[] =
    "usage: aclnn-cpu-tiling OP [options]\n"
    "       aclnn-cpu-tiling --help\n"
    "\n"
    "Prints the host tiling plan of OP as one JSON object on one line.\n"
    "\n"
    "OP:\n"
    "  elu_backward         EluGradV2 (aclnnEluBackward)\n"
    "  softplus_backward    SoftplusV2Grad (aclnnSoftplusBackward)\n"
    "  silu_backward        SiluGrad (aclnnSiluBackward)\n"
    "\n"
    "platform options:\n"
    "  --soc NAME           host (default), Ascend910, Ascend910B, Ascend910_93, Ascend950\n"
    "  --cores N            override the profile's vector-core count (N > 0)\n"
    "  --ub BYTES           override the profile's unified-buffer bytes per core (BYTES > 0)\n"
    "\n"
    "elu_backward options:\n"
    "  --dtype T            input dtype: float32|float|fp32, float16|fp16|half, bfloat16|bf16\n"
    "                       (default float32)\n"
    "  --out-dtype T        output dtype (default: --dtype)\n"
    "  --shape D0,D1,...    dimensions; \"\" or \"scalar\" is a 0-dim tensor (default scalar)\n"
    "  --alpha A            (default 1)\n"
    "  --scale S            (default 1)\n"
    "  --input-scale I      (default 1)\n"
    "  --is-result          selfOrResult holds the forward result\n"
    "\n"
    "softplus_backward options:\n"
    "  --dtype T            kernel dtype: float32|float|fp32, float16|fp16|half, bfloat16|bf16\n"
    "                       (default float32)\n"
    "  --shape D0,D1,...    self's (and gradInput's) shape, up to 8 dims; \"\" or \"scalar\" is\n"
    "                       0-dim (default scalar)\n"
    "  --grad-shape D0,...  gradOutput's shape, broadcast to --shape (default: --shape)\n"
    "  --beta B             (default 1)\n"
    "  --threshold T        (default 20)\n"
    "  --strategy S         arch35 | ascend910b (default: ascend910b on Ascend910B and\n"
    "                       Ascend910_93 when --grad-shape equals --shape, else arch35;\n"
    "                       ascend910b needs equal shapes)\n"
    "\n"
    "silu_backward options:\n"
    "  --dtype T            gradOutput's dtype: float32|float|fp32, float16|fp16|half, bfloat16|bf16\n"
    "                       (default float32)\n"
    "  --self-dtype T       self's dtype (default: --dtype)\n"
    "  --out-dtype T        gradInput's dtype (default: --dtype when the inputs match, else float32)\n"
    "  --shape D0,D1,...    self's shape, up to 8 dims (default scalar)\n"
    "  --grad-shape D0,...  gradOutput's shape (default: --shape)\n"
    "  --out-shape D0,...   gradInput's shape (default: the broadcast of the two)\n"
    "  --strategy S         arch35 | ascend910b (default: ascend910b on Ascend910, Ascend910B and\n"
    "                       Ascend910_93, else arch35; ascend910b plans input 0's element count)\n"
    "\n"
    "Options also accept --name=value. Exit status: 0 ok, 1 planning failed, 2 bad arguments.\n";

static bool is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "aclnn-cpu-tiling: missing OP\n%s", k_usage);
        return EXIT_USAGE;
    }
    for (int i = 1; i < argc; ++i) {
        if (is_help(argv[i])) {
            fputs(k_usage, stdout);
            return EXIT_SUCCESS;
        }
    }
    char json[8192];
    size_t len = 0u;
    aclnnStatus rc = aclnnCpuGetTilingPlan(argv[1], (int32_t)(argc - 2), (const char *const *)(argv + 2), json,
                                           sizeof json, &len);
    if (rc == ACLNN_ERR_PARAM_INVALID || rc == ACLNN_ERR_PARAM_NULLPTR) {
        fprintf(stderr, "aclnn-cpu-tiling: %s\n%s", aclGetRecentErrMsg(), k_usage);
        return EXIT_USAGE;
    }
    if (rc != ACL_SUCCESS) {
        fprintf(stderr, "aclnn-cpu-tiling: %s\n", aclGetRecentErrMsg());
        return EXIT_FAILURE;
    }
    printf("%s\n", json);
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
