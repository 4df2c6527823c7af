/* The GELU family's tiling plans (doc/CANN.md#gelu) through the tiling lab (aclnnCpuGetTilingPlan):
 *   - Gelu and GeluV2: the atvoss element-wise scheme with the probed DAG constants (GeluDAG 4/6/6,
 *     GeluV2Erf32BDag 6, Erf16BDag 7, TanhDag 4/6/6 buffers) and GeluV2's 122880-byte Erf reserve,
 *     EleBaseTilingData16B, the template arguments of the keys;
 *   - GeluGrad and GeluGradV2: BroadcastBaseTiling, the SiLU / GELU spec's worked examples 2.6 B1-B5
 *     and the tiling-UT shape {1, 64, 2, 64} of 4.5 / 5.5 (UB 245760, 64 cores: Ascend950), GeluGrad's
 *     scalarFlag over its three IR inputs, the broadcasts the op_api makes first (GeluGrad off
 *     regbase, GeluGradV2 everywhere);
 *   - the other profiles: the same schemes with their cores and UB, named as such by "source". */
#include <stdio.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    const char *op;
    const char *args[12];
    const char *want[14]; /* substrings of the plan's JSON */
} plan_case;

static const plan_case k_cases[] = {
    /* Gelu fp16 {1, 64, 2, 64} (test_gelu_tiling.cpp's shape) on Ascend950: GeluDAG<half> 6/4/2:
     * cores = ceil(8192 * 16 / 32768) = 4, ubFormer = 245760 * 8 / (6 * 32) = 10240; key (1, TPL_FP16). */
    {"gelu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16"},
     {"\"op\": \"Gelu\"", "\"strategy\": \"elewise\"", "\"schMode\": 1, \"dType\": 1", "\"dim0\": 8192",
      "\"coreNum\": 4", "\"ubFormer\": 10240", "\"workspace\": 16777216", "\"dag\": \"GeluDAG\""}},
    /* fp32 4/4/4: cores 8, ubFormer = 245760 * 8 / 128 = 15360; dType 3. */
    {"gelu", {"--soc", "Ascend950", "--shape", "1,64,2,64"}, {"\"dType\": 3", "\"coreNum\": 8", "\"ubFormer\": 15360"}},
    /* Ascend910B (48 cores, UB 196608), bf16 1M: 48 cores, ubFormer = 196608 * 8 / 192 = 8192. */
    {"gelu",
     {"--soc", "Ascend910B", "--shape", "1024,1024", "--dtype", "bf16"},
     {"built-in kernel is closed", "\"dType\": 2", "\"coreNum\": 48", "\"ubFormer\": 8192", "\"blockDim\": 48"}},
    /* GeluV2 "none" fp16: Erf16BDag 7/4/2 with extraSize 122880: ubFormer = floor(122880 * 8 / 224) = 4388,
     * down to 128: 4352; key (1, TPL_NONE 1, TPL_FP16 1). */
    {"gelu_v2",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16", "--approximate", "0"},
     {"\"op\": \"GeluV2\"", "\"schMode\": 1, \"approximate\": 1, \"dType\": 1", "\"coreNum\": 4", "\"ubFormer\": 4352",
      "GeluV2Erf32BDag"}},
    /* "none" fp32 Erf32BDag 6/4/4: 122880 * 8 / 192 = 5120. */
    {"gelu_v2",
     {"--soc", "Ascend950", "--shape", "1,64,2,64"},
     {"\"approximate\": 1, \"dType\": 3", "\"ubFormer\": 5120"}},
    /* "tanh" (approximate 1) fp32 TanhDag 4/4/4, the reserve too: 122880 * 8 / 128 = 7680; TPL_TANH 2. */
    {"gelu_v2",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--approximate", "1"},
     {"\"approximate\": 2, \"dType\": 3", "\"ubFormer\": 7680", "GeluV2TanhDag"}},
    /* any approximate but 1 is "none" */
    {"gelu_v2", {"--soc", "Ascend950", "--shape", "1,64,2,64", "--approximate", "7"}, {"\"approximate\": 1,"}},
    /* GeluGrad, B1: fp32 {256}, one-dim advance: alive 6: floor(245760 / 6 / 512) * 512 / 4 = 10240;
     * 64 * 128 > 256: tileNum 128; ubOuter 2, blockFormer 1 -> 2, blockNum 1; key index(202). */
    {"gelu_backward",
     {"--soc", "Ascend950", "--shape", "256"},
     {"\"op\": \"GeluGrad\"", "\"strategy\": \"brc_base\"", "\"tplArgs\": {\"schMode\": 202}", "\"dimLen\": 256",
      "\"tileNum\": 128", "\"blockNum\": 1", "\"scalarFlag\": 0", "\"bufferNum\": 6"}},
    /* B2: bf16 1024 x 1024: alive 9: 27136 / 4 = 6784; ubOuter 155, blockFormer 3, blockNum 52. */
    {"gelu_backward",
     {"--soc", "Ascend950", "--shape", "1024,1024", "--dtype", "bf16"},
     {"\"tileNum\": 6784", "\"blockNum\": 52", "\"blockDim\": 52", "\"bufferNum\": 9"}},
    /* B5: fp16 dy {1, 5}, x {2, 5}: the NDDMA plan (the kernel broadcasts on regbase): budget
     * floor(245760 * 8 / 288) = 6826 -> 6784; ubFormer 6784 / 5 = 1356, ubTail 2. */
    {"gelu_backward",
     {"--soc", "Ascend950", "--grad-shape", "1,5", "--self-shape", "2,5", "--dtype", "fp16"},
     {"\"schMode\": 1", "\"shapeLen\": 2", "\"ubFormer\": 1356", "\"ubTail\": 2", "\"elemNum\": 6784",
      "\"inputDims\": [[1, 5], [2, 5]]", "\"inputStrides\": [[0, 1], [5, 1]]"}},
    /* dy {1} with x {256}: scalarFlag counts dy (bit 0) and y, dy's copy (bit 2): 5. */
    {"gelu_backward", {"--soc", "Ascend950", "--grad-shape", "1", "--self-shape", "256"}, {"\"scalarFlag\": 5"}},
    /* Off regbase the op_api broadcasts first: the kernel sees 10 elements, one-dim. */
    {"gelu_backward",
     {"--soc", "Ascend910B", "--grad-shape", "1,5", "--self-shape", "2,5", "--dtype", "fp16"},
     {"\"inputsBroadcastByOpApi\": true", "\"schMode\": 202", "\"dimLen\": 10", "built-in kernel is closed"}},
    /* GeluGradV2, 5.5: {1, 64, 2, 64} "none" fp16: alive 10, extraSize 122880: 12288 -> 3072; 64 * 256
     * > 8192: tileNum 256, ubOuter 32, blockFormer 1 -> 2, blockNum 16; key (202, TPL_NONE 0). */
    {"gelu_backward_v2",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16", "--approximate", "none"},
     {"\"op\": \"GeluGradV2\"", "\"tplArgs\": {\"schMode\": 202, \"approximate\": 0}", "\"tileNum\": 256",
      "\"blockNum\": 16", "\"bufferNum\": 10", "\"extraSize\": 122880"}},
    /* "none" fp32: alive 8: 15360 -> 3840 per tile; 64 * 128 > 8192: tileNum 128, blockNum 32. */
    {"gelu_backward_v2", {"--soc", "Ascend950", "--shape", "1,64,2,64"}, {"\"tileNum\": 128", "\"blockNum\": 32"}},
    /* B3: "tanh" fp32 {300000}: 10240, 64 * 10240 > 300000: floor(4687 / 128) * 128 = 4608; ubOuter 66,
     * blockFormer 2, blockNum 33; TPL_TANH 1. */
    {"gelu_backward_v2",
     {"--soc", "Ascend950", "--shape", "300000", "--approximate", "tanh"},
     {"\"approximate\": 1}", "\"tileNum\": 4608", "\"blockNum\": 33", "GeluGradV2TanhDAG"}},
    /* B4: "none" fp16 {8, 1024}: tileNum 256, blockNum 16. */
    {"gelu_backward_v2",
     {"--soc", "Ascend950", "--shape", "8,1024", "--dtype", "fp16"},
     {"\"tileNum\": 256", "\"blockNum\": 16"}},
    /* the op_api broadcasts on every profile, Ascend950 included */
    {"gelu_backward_v2",
     {"--soc", "Ascend950", "--grad-shape", "1,5", "--self-shape", "2,5"},
     {"\"inputsBroadcastByOpApi\": true", "\"dimLen\": 10", "\"schMode\": 202"}},
};

START_TEST(test_plans)
{
    const plan_case *c = &k_cases[_i];
    int argc = 0;
    while (argc < (int)N_ELEMS(c->args) && c->args[argc] != NULL)
        argc++;
    char json[1 << 14];
    size_t len = 0;
    aclnnStatus rc = aclnnCpuGetTilingPlan(c->op, argc, c->args, json, sizeof json, &len);
    ck_assert_msg(rc == ACL_SUCCESS, "case %d %s: %d (%s)", _i, c->op, rc, aclGetRecentErrMsg());
    for (int k = 0; k < (int)N_ELEMS(c->want) && c->want[k] != NULL; k++)
        ck_assert_msg(strstr(json, c->want[k]) != NULL, "case %d %s: no %s in %s", _i, c->op, c->want[k], json);
}
END_TEST

/* The Erf reserve leaves no tile in a small UB: 561002, as the element-wise and broadcast schemes
 * refuse a UB below one tile; 128 KiB more plans. */
START_TEST(test_reserve_needs_ub)
{
    static const char *const ops[] = {"gelu_v2", "gelu_backward_v2"};
    for (size_t k = 0; k < N_ELEMS(ops); k++) {
        const char *small[] = {"--soc", "Ascend950", "--ub", "65536", "--shape", "4096"};
        const char *large[] = {"--soc", "Ascend950", "--ub", "196608", "--shape", "4096"};
        char json[4096];
        size_t len = 0;
        ck_assert_int_eq(aclnnCpuGetTilingPlan(ops[k], 6, small, json, sizeof json, &len),
                         ACLNN_ERR_INNER_TILING_ERROR);
        ck_assert_int_eq(aclnnCpuGetTilingPlan(ops[k], 6, large, json, sizeof json, &len), ACL_SUCCESS);
    }
}
END_TEST

static Suite *gelu_tiling_suite(void)
{
    Suite *s = suite_create("gelu_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_loop_test(tc, test_plans, 0, (int)N_ELEMS(k_cases));
    tcase_add_test(tc, test_reserve_needs_ub);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(gelu_tiling_suite()); }
