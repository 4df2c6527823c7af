/* CeluV2's arch35 tiling (celu_v2_tiling_arch35.cpp; doc/CANN.md#celu) through the tiling lab: the
 * big/small-core scheme with CeluV2's parameters (32-byte blocks, BUFFER_NUM 2, 5 logical fp32
 * buffers per tile or 7 for 16-bit inputs), checked field by field on the ops-nn tiling UT's calls
 * (Ascend950: 64 cores, UB 245760) and hand-derived examples with tail blocks; the tiling data's
 * alpha and invAlpha; the refusal of |alpha| < 1e-7 and of dtypes outside the kernel's. */
#include "acpu_test_plan.h"

static char g_json[ACPU_PLAN_BYTES];

static void expect_fields(const char *json, const int64_t want[8], int line)
{
    static const char *const names[8] = {"smallCoreDataNum", "bigCoreDataNum",    "tileDataNum",     "smallTailDataNum",
                                         "bigTailDataNum",   "finalSmallTileNum", "finalBigTileNum", "tailBlockNum"};
    for (int i = 0; i < 8; i++)
        ck_assert_msg(acpu_plan_i64(json, names[i]) == want[i], "line %d: %s = %lld, want %lld (%s)", line, names[i],
                      (long long)acpu_plan_i64(json, names[i]), (long long)want[i], json);
}

/* {1, 64, 2, 64} fp32: 1024 blocks over 64 cores (16 blocks, 128 elements each); a tile of
 * 245760 / 32 / 2 / 5 = 768 blocks = 6144 fp32; one (partial) tile per core. */
START_TEST(test_ut_shapes)
{
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--shape", "1,64,2,64");
    expect_fields(g_json, (const int64_t[]){128, 136, 6144, 128, 136, 1, 1, 0}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 64);
    ck_assert_int_eq(acpu_plan_i64(g_json, "workspace"), 512 + 16777216);
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 0);
    /* fp16: 512 blocks, 8 per core (128 elements); a tile of 3840 / 7 = 548 blocks = 8768 */
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16");
    expect_fields(g_json, (const int64_t[]){128, 144, 8768, 128, 144, 1, 1, 0}, __LINE__);
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "bf16");
    expect_fields(g_json, (const int64_t[]){128, 144, 8768, 128, 144, 1, 1, 0}, __LINE__);
    /* {64} fp16: 4 blocks, 4 cores of 16 */
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--shape", "64", "--dtype", "fp16");
    expect_fields(g_json, (const int64_t[]){16, 32, 8768, 16, 32, 1, 1, 0}, __LINE__);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 4);
    /* {256, 1024} fp32: 512 blocks (4096 elements) per core, within one tile */
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--shape", "256,1024");
    expect_fields(g_json, (const int64_t[]){4096, 4104, 6144, 4096, 4104, 1, 1, 0}, __LINE__);
}
END_TEST

/* Tail blocks and several tiles: 1000 fp32 = 125 blocks on 64 cores: 61 big cores of 2 blocks (16),
 * 3 small of 1 (8); 1048576 fp32 on 16 cores with UB 65536: 8192 blocks each, tiles of
 * 65536 / 32 / 2 / 5 = 204 blocks (1632 fp32): 41 tiles, the last 32 blocks (256 elements). */
START_TEST(test_tails)
{
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--shape", "1000");
    expect_fields(g_json, (const int64_t[]){8, 16, 6144, 8, 16, 1, 1, 61}, __LINE__);
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend950", "--cores", "16", "--ub", "65536", "--shape", "1048576");
    expect_fields(g_json, (const int64_t[]){65536, 65544, 1632, 256, 264, 41, 41, 0}, __LINE__);
}
END_TEST

START_TEST(test_alpha)
{
    ACPU_PLAN(g_json, "celu", "--shape", "64", "--alpha", "2");
    ck_assert(acpu_plan_num(g_json, "alpha") == 2.0 && acpu_plan_num(g_json, "invAlpha") == 0.5);
    ACPU_PLAN(g_json, "celu", "--shape", "64", "--alpha", "-0.5");
    ck_assert(acpu_plan_num(g_json, "alpha") == -0.5 && acpu_plan_num(g_json, "invAlpha") == -2.0);
    ACPU_PLAN(g_json, "celu", "--shape", "64", "--alpha", "1e-7");
    char json[ACPU_PLAN_BYTES];
    static const char *const tiny[] = {"0", "1e-8", "-9e-8"};
    for (int i = 0; i < 3; i++) {
        aclnnStatus rc = acpu_plan_try(json, "celu", (const char *const[]){"--shape", "64", "--alpha", tiny[i], NULL});
        ck_assert_msg(rc == ACLNN_ERR_INNER_TILING_ERROR, "alpha %s: %d", tiny[i], rc);
        ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "alpha"));
    }
    ck_assert_int_ne(acpu_plan_try(json, "celu", (const char *const[]){"--shape", "64", "--dtype", "int8", NULL}),
                     ACLNN_SUCCESS);
}
END_TEST

/* The in-place API plans the same operator the same way. */
START_TEST(test_inplace_same_plan)
{
    char other[ACPU_PLAN_BYTES];
    ACPU_PLAN(g_json, "celu", "--soc", "Ascend910B", "--shape", "33,77", "--dtype", "fp16");
    ACPU_PLAN(other, "inplace_celu", "--soc", "Ascend910B", "--shape", "33,77", "--dtype", "fp16");
    ck_assert_str_eq(strstr(g_json, "\"strategy\""), strstr(other, "\"strategy\""));
}
END_TEST

static Suite *celu_tiling_suite(void)
{
    Suite *s = suite_create("celu_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_test(tc, test_ut_shapes);
    tcase_add_test(tc, test_tails);
    tcase_add_test(tc, test_alpha);
    tcase_add_test(tc, test_inplace_same_plan);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(celu_tiling_suite()); }
