/* The Sigmoid family's tilings (doc/CANN.md#sigmoid): the older ElewiseTiling helper ("E'", opbase
 * elewise_tiling.cpp) with Sigmoid's and SigmoidGrad's compute maps (bufferDivisor 128 / 64 and
 * 192 / 96 bits per element), through the tiling lab, against the ops-nn tiling UTs (Ascend950:
 * 64 cores, UB 245760; their tiling keys opKey * 10^14 + 100) and hand-derived data: the cores of
 * 4 KiB of input, blockFormer rounded up to 512 elements, the UB loops and tails. The UTs' data
 * strings are commented out upstream and predate the 512-element rounding for two of the three
 * (doc/CANN.md#sigmoid); the code is followed. */
#include "acpu_test_plan.h"

static char g_json[ACPU_PLAN_BYTES];

/* dim0, blockFormer, ubFormer, ubLoopOfFormerBlock, ubLoopOfTailBlock, ubTailOfFormerBlock,
 * ubTailOfTailBlock, elemNum: SigmoidTilingData's order */
static void expect_data(const char *json, const int64_t want[8], int line)
{
    static const char *const names[8] = {"dim0",
                                         "blockFormer",
                                         "ubFormer",
                                         "ubLoopOfFormerBlock",
                                         "ubLoopOfTailBlock",
                                         "ubTailOfFormerBlock",
                                         "ubTailOfTailBlock",
                                         "elemNum"};
    for (int i = 0; i < 8; i++)
        ck_assert_msg(acpu_plan_i64(json, names[i]) == want[i], "line %d: %s = %lld, want %lld (%s)", line, names[i],
                      (long long)acpu_plan_i64(json, names[i]), (long long)want[i], json);
}

START_TEST(test_sigmoid_ut)
{
    /* sigmoid_test_0: fp16 {16,1,4,4,8}: one core, ubFormer 245760 * 8 / 64 = 30720 */
    ACPU_PLAN(g_json, "sigmoid", "--soc", "Ascend950", "--shape", "16,1,4,4,8", "--dtype", "fp16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 100000000000100);
    expect_data(g_json, (const int64_t[]){2048, 2048, 30720, 1, 1, 2048, 2048, 30720}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 1);
    ck_assert_int_eq(acpu_plan_i64(g_json, "workspace"), 32);
    /* sigmoid_test_1: bf16 1010880 elements: 64 cores, ceil(15795 / 512) * 512 = 15872, 64 blocks,
     * the last 10944 */
    ACPU_PLAN(g_json, "sigmoid", "--soc", "Ascend950", "--shape", "12,13,9,10,12,6", "--dtype", "bf16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 200000000000100);
    expect_data(g_json, (const int64_t[]){1010880, 15872, 30720, 1, 1, 15872, 10944, 30720}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 64);
    /* sigmoid_test_2: fp32 {16}: ubFormer 245760 * 8 / 128 = 15360, blockFormer 512 */
    ACPU_PLAN(g_json, "sigmoid", "--soc", "Ascend950", "--shape", "16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 300000000000100);
    expect_data(g_json, (const int64_t[]){16, 512, 15360, 1, 1, 512, 16, 15360}, __LINE__);
    /* sigmoid_test_3: an empty x fails the tiling (the API returns before it) */
    char json[ACPU_PLAN_BYTES];
    ck_assert_int_eq(acpu_plan_try(json, "sigmoid", (const char *const[]){"--shape", "0,9,1", NULL}),
                     ACLNN_ERR_INNER_TILING_ERROR);
}
END_TEST

/* Several UB loops: 1M fp32 on 8 cores with UB 65536: 8 cores of 131072, ubFormer 4096: 32 loops. */
START_TEST(test_sigmoid_loops)
{
    ACPU_PLAN(g_json, "sigmoid", "--soc", "Ascend950", "--cores", "8", "--ub", "65536", "--shape", "1048576");
    expect_data(g_json, (const int64_t[]){1048576, 131072, 4096, 32, 32, 4096, 4096, 4096}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 8);
    /* 100000 fp32: 98 cores' worth, 64 cores: ceil(1563 / 512) * 512 = 2048, 49 blocks, the last 1696 */
    ACPU_PLAN(g_json, "sigmoid", "--soc", "Ascend950", "--shape", "100000");
    expect_data(g_json, (const int64_t[]){100000, 2048, 15360, 1, 1, 2048, 1696, 15360}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 49);
    /* DOUBLE (AiCpu on the device) is planned as fp32 */
    ACPU_PLAN(g_json, "sigmoid", "--soc", "Ascend950", "--shape", "16", "--dtype", "double");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 300000000000100);
}
END_TEST

/* SigmoidGrad(y, dy): ubFormer 245760 * 8 / 192 = 10240 (fp32), * 8 / 96 = 20480 (16-bit). */
START_TEST(test_sigmoid_grad_ut)
{
    ACPU_PLAN(g_json, "sigmoid_backward", "--soc", "Ascend950", "--shape", "16,1,4,4,8", "--dtype", "fp16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 100000000000100);
    expect_data(g_json, (const int64_t[]){2048, 2048, 20480, 1, 1, 2048, 2048, 20480}, __LINE__);
    ACPU_PLAN(g_json, "sigmoid_backward", "--soc", "Ascend950", "--shape", "12,13,9,10,12,6", "--dtype", "bf16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 200000000000100);
    expect_data(g_json, (const int64_t[]){1010880, 15872, 20480, 1, 1, 15872, 10944, 20480}, __LINE__);
    ACPU_PLAN(g_json, "sigmoid_backward", "--soc", "Ascend950", "--shape", "16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 300000000000100);
    expect_data(g_json, (const int64_t[]){16, 512, 10240, 1, 1, 512, 16, 10240}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "workspace"), 32);
    /* a broadcast call plans the broadcast shape (the op_api's BroadcastTo comes first) */
    ACPU_PLAN(g_json, "sigmoid_backward", "--soc", "Ascend950", "--grad-shape", "3,1", "--output-shape", "1,5");
    ck_assert_int_eq(acpu_plan_i64(g_json, "dim0"), 15);
}
END_TEST

static Suite *sigmoid_tiling_suite(void)
{
    Suite *s = suite_create("sigmoid_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_test(tc, test_sigmoid_ut);
    tcase_add_test(tc, test_sigmoid_loops);
    tcase_add_test(tc, test_sigmoid_grad_ut);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(sigmoid_tiling_suite()); }
