/* SoftplusV2's arch35 tiling (softplus_v2_tiling.cpp; doc/CANN.md#softplus-forward) through the
 * tiling lab: the ops-nn tiling UT's platform (64 cores, UB 196608) and hand-derived worked
 * examples of tileLength (the 8 KiB Select reserve, the two 256-byte-aligned masks, the 64-element
 * alignment and the shrinking loop), usedCoreNum (one core per 2 KiB at most), blockFactor,
 * invBeta (SafeInvBeta), the template argument and the schedule the engine runs. */
#include <math.h>

#include "acpu_test_plan.h"

static char g_json[ACPU_PLAN_BYTES];

/* fp32 {1024}, beta 1, threshold 20 (the UT's call): 4096 bytes give 2 cores of 512; the tile
 * floor((196608 - 8192) * 8 / 194) = 7769 -> 7744 (24 * 7744 + 2 * 1024 + 8192 = 196096 fits). */
START_TEST(test_ut_fp32)
{
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--cores", "64", "--ub", "196608", "--shape", "1024");
    ck_assert_int_eq(acpu_plan_i64(g_json, "totalLength"), 1024);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockFactor"), 512);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 2);
    ck_assert_int_eq(acpu_plan_i64(g_json, "tileLength"), 7744);
    ck_assert_int_eq(acpu_plan_i64(g_json, "D_T_X"), 0);
    ck_assert_int_eq(acpu_plan_i64(g_json, "workspace"), 0);
    ck_assert(acpu_plan_num(g_json, "beta") == 1.0 && acpu_plan_num(g_json, "threshold") == 20.0);
    ck_assert(acpu_plan_num(g_json, "invBeta") == 1.0);
}
END_TEST

/* 16-bit: 20 bytes per element; floor(188416 * 8 / 162) = 9304 -> 9280 (185600 + 2560 + 8192 fits);
 * 2048 bytes: one core. D_T_X is ge::DataType: FLOAT16 1, BF16 27. */
START_TEST(test_16bit)
{
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--ub", "196608", "--shape", "1024", "--dtype", "fp16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tileLength"), 9280);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 1);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockFactor"), 1024);
    ck_assert_int_eq(acpu_plan_i64(g_json, "D_T_X"), 1);
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--shape", "2049", "--dtype", "bf16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "D_T_X"), 27);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 3); /* 4098 bytes: 3 cores of 683 */
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockFactor"), 683);
}
END_TEST

/* The Ascend950 profile (UB 245760): (237568 * 8 / 194) = 9796 -> 9792, which fills the UB exactly. */
START_TEST(test_950_profile)
{
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--shape", "1024,1024");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tileLength"), 9792);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 64);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockFactor"), 16384);
    /* 100000 fp32: 196 cores' worth of 2 KiB, 64 cores of ceil(100000 / 64) = 1563 */
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--shape", "100000");
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 64);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockFactor"), 1563);
}
END_TEST

/* The tile loop: UB 16000 gives floor(7808 * 8 / 194) = 321 -> 320, whose 7680 + 512 + 8192 = 16384
 * bytes do not fit, so 256; UB 16384 keeps 320. CANN gives a UB of 8 KiB or less the minimum 64,
 * which overruns it: refused (561002, doc/DECISIONS.md#ub-too-small); 64 elements need
 * 1536 + 512 + 8192 = 10240 bytes, the least UB planned. */
START_TEST(test_tile_loop)
{
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--ub", "16000", "--shape", "4096");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tileLength"), 256);
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--ub", "16384", "--shape", "4096");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tileLength"), 320);
    ACPU_PLAN(g_json, "softplus", "--soc", "Ascend950", "--ub", "10240", "--shape", "4096");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tileLength"), 64);
    static const char *const small[] = {"10239", "8192", "100"};
    for (int i = 0; i < 3; i++) {
        const char *argv[] = {"--soc", "Ascend950", "--ub", small[i], "--shape", "4096", NULL};
        ck_assert_int_eq(acpu_plan_try(g_json, "softplus", argv), ACLNN_ERR_INNER_TILING_ERROR);
    }
}
END_TEST

/* invBeta: 1/beta in fp32, +inf for |beta| <= FLT_EPSILON (JSON: the string "inf"). */
START_TEST(test_inv_beta)
{
    ACPU_PLAN(g_json, "softplus", "--shape", "16", "--beta", "0.5");
    ck_assert(acpu_plan_num(g_json, "invBeta") == 2.0);
    ACPU_PLAN(g_json, "softplus", "--shape", "16", "--beta", "3");
    ck_assert((float)acpu_plan_num(g_json, "invBeta") == 1.0f / 3.0f); /* 9 digits round-trip an fp32 */
    ACPU_PLAN(g_json, "softplus", "--shape", "16", "--beta", "1e-8");
    ck_assert_ptr_nonnull(strstr(g_json, "\"invBeta\": \"inf\""));
    ACPU_PLAN(g_json, "softplus", "--shape", "16", "--beta", "0");
    ck_assert_ptr_nonnull(strstr(g_json, "\"invBeta\": \"inf\""));
    ACPU_PLAN(g_json, "softplus", "--shape", "16", "--beta", "-2");
    ck_assert(acpu_plan_num(g_json, "invBeta") == -0.5);
}
END_TEST

/* Every profile plans with the same scheme (its own cores and UB); a 0-dim self is one element. */
START_TEST(test_profiles)
{
    static const char *const socs[] = {"host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950"};
    for (size_t i = 0; i < sizeof socs / sizeof socs[0]; i++) {
        ACPU_PLAN(g_json, "softplus", "--soc", socs[i], "--shape", "300000");
        ck_assert_int_ge(acpu_plan_i64(g_json, "blockDim"), 1);
        ck_assert_int_eq(acpu_plan_i64(g_json, "blockFactor") * (acpu_plan_i64(g_json, "blockDim") - 1) < 300000, 1);
    }
    ACPU_PLAN(g_json, "softplus", "--shape", "scalar");
    ck_assert_int_eq(acpu_plan_i64(g_json, "totalLength"), 1);
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 1);
}
END_TEST

static Suite *softplus_v2_tiling_suite(void)
{
    Suite *s = suite_create("softplus_v2_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_test(tc, test_ut_fp32);
    tcase_add_test(tc, test_16bit);
    tcase_add_test(tc, test_950_profile);
    tcase_add_test(tc, test_tile_loop);
    tcase_add_test(tc, test_inv_beta);
    tcase_add_test(tc, test_profiles);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(softplus_v2_tiling_suite()); }
