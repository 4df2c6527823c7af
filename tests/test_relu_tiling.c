/* The tiling plans of the ReLU, Threshold and LeakyReLU families (doc/CANN.md#relu-family,
 * doc/CANN.md#brc-base) through the tiling lab (aclnnCpuGetTilingPlan):
 *   - CANN's tiling UTs: Relu's fixed key per dtype on {1, 64, 2, 64} (101..106), ThresholdV2's key
 *     3 for every dtype, LeakyRelu's and LeakyReluGrad's keys (schMode, dType) and their scalar;
 *   - the element-wise scheme on Ascend950 (64 cores, UB 245760) with the probed DAG constants,
 *     worked by hand below each case;
 *   - the BroadcastBaseTiling branches (one-dim advance, one-dim with its half-core rule, NDDMA),
 *     worked by hand, and ThresholdBackward's operator chosen by the threshold. */
#include <stdio.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    const char *op;
    const char *args[12];
    const char *want[12]; /* substrings of the plan's JSON */
} plan_case;

static const plan_case k_cases[] = {
    /* test_relu_tiling.cpp: {1, 64, 2, 64}, keys 101..106. Ascend950 fp16: GraphRelu<half,half>
     * 4/2/2: cores = ceil(8192 * 16 / 32768) = 4; ubFormer = 245760 * 8 / (4 * 16) = 30720. */
    {"relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16"},
     {"\"op\": \"Relu\"", "\"tilingKey\": 101", "\"blockDim\": 4", "\"dim0\": 8192", "\"coreNum\": 4",
      "\"ubFormer\": 30720", "\"workspace\": 16777216"}},
    /* bf16: GraphRelu<half,float> 6/4/2: ubFormer = 245760 * 8 / (6 * 32) = 10240. */
    {"relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "bf16"},
     {"\"tilingKey\": 102", "\"coreNum\": 4", "\"ubFormer\": 10240"}},
    /* fp32 4/4/4: cores 8, ubFormer = 245760 * 8 / 128 = 15360. */
    {"relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64"},
     {"\"tilingKey\": 103", "\"coreNum\": 8", "\"ubFormer\": 15360"}},
    /* int8 GraphRelu<int8_t,half> 6/2/1: cores = ceil(8192 * 8 / 32768) = 2, ubFormer = 245760 * 8 /
     * 96 = 20480 (a multiple of 256). */
    {"relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "int8"},
     {"\"tilingKey\": 104", "\"coreNum\": 2", "\"ubFormer\": 20480", "GraphRelu<int8_t, half>"}},
    {"relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "int32"},
     {"\"tilingKey\": 105", "\"ubFormer\": 15360"}},
    /* int64 GraphReluMax 4/8/8: cores = ceil(8192 * 64 / 32768) = 16, ubFormer = 245760 * 8 / 256 = 7680. */
    {"relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "int64"},
     {"\"tilingKey\": 106", "\"coreNum\": 16", "\"ubFormer\": 7680", "GraphReluMax<int64_t>"}},
    /* test_threshold_v2_tiling.csv: key 3 = GET_TPL_TILING_KEY(schMode 1, TPL_HAS_VALUE). fp32
     * ThresholdDag 5/4/1: cores = ceil(8192 * 8 / 32768) = 2, blockFormer 4096, ubFormer = 245760 * 8 /
     * 160 = 12288; workspace 0, the full EleBaseTilingData. */
    {"threshold",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--threshold", "4.1", "--value", "10"},
     {"\"op\": \"ThresholdV2\"", "\"tilingKey\": 3", "\"workspace\": 0", "\"valueMode\": 1", "\"coreNum\": 2",
      "\"blockFormer\": 4096", "\"ubFormer\": 12288", "\"ubLoopOfFormerBlock\": 1", "\"scheMode\": 1"}},
    /* bf16 ThresholdCastDag 7/4/1: ubFormer = floor(245760 * 8 / 224 / 256) * 256 = 8704. */
    {"threshold",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "bf16"},
     {"\"tilingKey\": 3", "\"ubFormer\": 8704"}},
    /* int64 5/8/1: ubFormer = 245760 * 8 / 320 = 6144; int16 5/2/1: 24576. */
    {"threshold",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "int64"},
     {"\"tilingKey\": 3", "\"ubFormer\": 6144", "ThresholdDag<int64_t>"}},
    {"inplace_threshold",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "int16"},
     {"\"tilingKey\": 3", "\"ubFormer\": 24576"}},
    /* test_leaky_relu_tiling.cpp: DoTiling24B, SetScalar(slope), dType FP16 1, BF16 2, FP32 3.
     * fp16 LeakyReluCastDag 6/4/2: ubFormer = 245760 * 8 / 192 = 10240. */
    {"leaky_relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16", "--negative-slope", "0.2"},
     {"\"op\": \"LeakyRelu\"", "\"dType\": 1", "\"schMode\": 1", "\"ubFormer\": 10240",
      "\"negativeSlope\": 0.200000003"}},
    {"inplace_leaky_relu",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--negative-slope", "0.01"},
     {"\"dType\": 3", "\"ubFormer\": 15360", "\"negativeSlope\": 0.00999999978"}},
    /* BroadcastBaseTiling, one-dim advance (ReluGrad, no Var): fp32 10/4/1, n = 256 on 64 cores:
     * tileNum = floor(245760 / 10 / 512) * 512 / 4 = 6144; 64 * 512 > 256: tileNum 512; ubOuter 1,
     * blockFormer 1 -> 2, blockNum 1. */
    {"threshold_backward",
     {"--soc", "Ascend950", "--shape", "2,128", "--threshold", "0"},
     {"\"op\": \"ReluGrad\"", "\"schMode\": 202", "\"dType\": 3", "\"dimLen\": 256", "\"tileNum\": 512",
      "\"blockNum\": 1", "\"bufferNum\": 10"}},
    /* 1024 x 1024: 64 * 6144 <= n: tileNum 6144; ubOuter 171, blockFormer 3, blockNum 57. */
    {"threshold_backward",
     {"--soc", "Ascend950", "--shape", "1024,1024", "--threshold", "0"},
     {"\"tileNum\": 6144", "\"blockNum\": 57", "\"blockDim\": 57"}},
    /* ReluGrad INT64 takes the INT32 dType (6), int8 ReluGradCastDag 11/2/1. */
    {"threshold_backward",
     {"--soc", "Ascend950", "--shape", "2,128", "--threshold", "0", "--dtype", "int64"},
     {"\"dType\": 6", "\"bufferNum\": 10"}},
    {"threshold_backward",
     {"--soc", "Ascend950", "--shape", "2,128", "--threshold", "0", "--dtype", "int8"},
     {"\"dType\": 4", "\"bufferNum\": 11"}},
    /* one-dim (ThresholdGradV2D, a Var): fp32 8/4/1, n = 256: ubFormer = floor(245760 / 8 / 128) * 128 /
     * 4 = 7680; blockNum 1 < 32 and 7680 * 4 * 8 > 8 KB: min(7680, ceil(8 * 4 / 128) * 128 / 4 = 32),
     * at least 8192 / 8 / 4 = 256: ubFormer 256. */
    {"threshold_backward",
     {"--soc", "Ascend950", "--shape", "2,128", "--threshold", "1"},
     {"\"op\": \"ThresholdGradV2D\"", "\"schMode\": 201", "\"ubFormer\": 256", "\"ubTail\": 256", "\"blockNum\": 1",
      "\"threshold\": 1"}},
    /* fp16 10/4/1 on 1024 x 1024: ubFormer 6144, ubOuter 171 (tail 4096), blockFormer 3, blockNum 57:
     * no half-core adjustment. */
    {"threshold_backward",
     {"--soc", "Ascend950", "--shape", "1024,1024", "--dtype", "fp16", "--threshold", "0.5"},
     {"\"dType\": 1", "\"ubFormer\": 6144", "\"ubTail\": 4096", "\"blockNum\": 57", "\"blockFormer\": 3",
      "\"blockTail\": 3", "\"threshold\": 0.5"}},
    /* NDDMA: gradOutput {1, 128}, self {64, 128}: budget floor(245760 * 8 / (8 * 32)) = 7680; the UB
     * split on axis 0: ubFormer = 7680 / 128 = 60, ubOuter 2, ubTail 4; two blocks; schMode 1. */
    {"threshold_backward",
     {"--soc", "Ascend950", "--grad-shape", "1,128", "--self-shape", "64,128"},
     {"\"schMode\": 1", "\"shapeLen\": 2", "\"ubSplitAxis\": 0", "\"ubFormer\": 60", "\"ubOuter\": 2", "\"ubTail\": 4",
      "\"blockNum\": 2", "\"elemNum\": 7680", "\"inputStrides\": [[0, 1], [128, 1]]"}},
    /* LeakyReluGrad (a Var, fp32 8/4/1) with its slope; bf16 dType 2. */
    {"leaky_relu_backward",
     {"--soc", "Ascend950", "--shape", "2,128", "--negative-slope", "0.01"},
     {"\"op\": \"LeakyReluGrad\"", "\"schMode\": 201", "\"dType\": 3", "\"ubFormer\": 256",
      "\"negativeSlope\": 0.00999999978"}},
    {"leaky_relu_backward", {"--soc", "Ascend950", "--shape", "2,128", "--dtype", "bf16"}, {"\"dType\": 2"}},
    /* Ascend910B profile (48 cores, UB 196608): the same scheme, the source says so. */
    {"threshold_backward",
     {"--soc", "Ascend910B", "--shape", "2,128", "--threshold", "0"},
     {"built-in kernel is closed", "\"schMode\": 202", "\"tileNum\": 512"}},
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

/* A UB that cannot hold one aligned block of the broadcast kernel's buffers fails the plan. */
START_TEST(test_small_ub_fails)
{
    const char *argv[] = {"--soc", "Ascend950", "--ub", "4096", "--grad-shape", "1,128", "--self-shape", "64,128"};
    char json[4096];
    size_t len = 0;
    ck_assert_int_ne(aclnnCpuGetTilingPlan("threshold_backward", 8, argv, json, sizeof json, &len), ACL_SUCCESS);
}
END_TEST

static Suite *relu_tiling_suite(void)
{
    Suite *s = suite_create("relu_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_loop_test(tc, test_plans, 0, (int)N_ELEMS(k_cases));
    tcase_add_test(tc, test_small_ub_fails);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(relu_tiling_suite()); }
