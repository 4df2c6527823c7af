/* Tiling plans of the ELU forward family (doc/CANN.md#elu): aclnnElu / aclnnInplaceElu through the
 * tiling lab (the atvoss element-wise scheme with EluDag's constants, tiling key 101, workspace
 * 16 MiB, EluTilingData = EleBaseTilingData + alpha, scale, inputScale) worked by hand per dtype and
 * profile, and the graph-only operator EluGrad's plan (its registry row's strategy, called directly)
 * against ops-nn's tiling UT (activation/elu_grad/tests/ut/op_host/arch35/test_elu_grad_tiling.cpp:
 * the raw tiling data and tiling keys it asserts). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "ops/acpu_registry.h"
#include "tiling/acpu_platform.h"
#include "tiling/acpu_tiling.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* The lab's JSON for an API and options; asserts success. */
static void plan(const char *op, const char *const *argv, int argc, char *json, size_t size)
{
    size_t len = 0;
    aclnnStatus rc = aclnnCpuGetTilingPlan(op, argc, argv, json, size, &len);
    ck_assert_msg(rc == ACL_SUCCESS, "%s: %d (%s)", op, rc, aclGetRecentErrMsg());
}

static void expect_has(const char *json, const char *want)
{
    ck_assert_msg(strstr(json, want) != NULL, "plan lacks '%s': %s", want, json);
}

/* {1,64,2,64} (the UT's shape, 8192 elements) on Ascend950 (64 cores, UB 245760), by dtype:
 * cores = ceil(8192 * minDtypeBits / 32768), blockFormer = ceil(8192 / cores) rounded up to 512,
 * ubFormer = 245760 * 8 / (BufferNum 4 * maxDtypeBits) rounded down to 256 * 8 / minDtypeBits. */
START_TEST(test_elu_950_by_dtype)
{
    static const struct {
        const char *dtype, *fields;
    } cases[] = {
        {"float16", "\"dim0\": 8192, \"coreNum\": 4, \"ubFormer\": 30720, \"blockFormer\": 2048, \"blockNum\": 4, "
                    "\"ubLoopOfFormerBlock\": 1, \"ubLoopOfTailBlock\": 1, \"ubTailOfFormerBlock\": 2048, "
                    "\"ubTailOfTailBlock\": 2048, \"elemNum\": 30720, \"scheMode\": 1"},
        {"bfloat16", "\"dim0\": 8192, \"coreNum\": 4, \"ubFormer\": 30720, \"blockFormer\": 2048, \"blockNum\": 4"},
        {"float32", "\"dim0\": 8192, \"coreNum\": 8, \"ubFormer\": 15360, \"blockFormer\": 1024, \"blockNum\": 8, "
                    "\"ubLoopOfFormerBlock\": 1, \"ubLoopOfTailBlock\": 1, \"ubTailOfFormerBlock\": 1024, "
                    "\"ubTailOfTailBlock\": 1024, \"elemNum\": 15360, \"scheMode\": 1"},
        /* DOUBLE runs on CANN's AiCpu (no AiCore tiling): planned with the fp32 row */
        {"float64", "\"dim0\": 8192, \"coreNum\": 8, \"ubFormer\": 15360, \"blockFormer\": 1024, \"blockNum\": 8"},
    };
    char json[4096];
    for (size_t k = 0; k < N_ELEMS(cases); k++)
        for (int inplace = 0; inplace < 2; inplace++) {
            const char *argv[] = {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", cases[k].dtype};
            plan(inplace ? "inplace_elu" : "elu", argv, 6, json, sizeof json);
            expect_has(json, "{\"op\": \"Elu\", \"soc\": \"Ascend950\", \"strategy\": \"elewise\"");
            expect_has(json, "\"tilingKey\": 101");
            expect_has(json, "\"workspace\": 16777216");
            expect_has(json, "\"dag\": \"EluDag\"");
            expect_has(json, cases[k].fields);
            expect_has(json, "\"alpha\": 1, \"scale\": 1, \"inputScale\": 1}");
        }
}
END_TEST

/* The scalars follow the base fields (EluTilingData), as fp32 values. */
START_TEST(test_elu_scalars)
{
    char json[4096];
    const char *argv[] = {"--soc",   "Ascend950", "--shape",       "5",  "--alpha", "1.3",
                          "--scale", "1.05",      "--input-scale", "0.9"};
    plan("elu", argv, 10, json, sizeof json);
    expect_has(json, "\"scheMode\": 1, \"alpha\": 1.29999995, \"scale\": 1.04999995, \"inputScale\": 0.899999976}");
    expect_has(json, "\"dim0\": 5, \"coreNum\": 1, \"ubFormer\": 15360, \"blockFormer\": 512, \"blockNum\": 1");
}
END_TEST

/* {1024,1024} fp32: 64 cores (the cap), blockFormer 16384 over two UB passes of 15360. */
START_TEST(test_elu_large)
{
    char json[4096];
    const char *argv[] = {"--soc", "Ascend950", "--shape", "1024,1024"};
    plan("elu", argv, 4, json, sizeof json);
    expect_has(json, "\"blockDim\": 64");
    expect_has(json,
               "\"dim0\": 1048576, \"coreNum\": 64, \"ubFormer\": 15360, \"blockFormer\": 16384, \"blockNum\": 64, "
               "\"ubLoopOfFormerBlock\": 2, \"ubLoopOfTailBlock\": 2, \"ubTailOfFormerBlock\": 1024, "
               "\"ubTailOfTailBlock\": 1024");
}
END_TEST

/* The other profiles: the Ascend950 kernel's scheme with their cores and UB (the source says so). */
START_TEST(test_elu_other_profiles)
{
    char json[4096];
    const char *argv[] = {"--soc", "Ascend910B", "--shape", "1024,1024", "--dtype", "float16"};
    plan("elu", argv, 6, json, sizeof json);
    /* 48 cores; blockFormer ceil(1048576 / 48) = 21846 -> 22016; UB 196608: 196608 * 8 / 64 = 24576 */
    expect_has(json, "built-in kernel is closed");
    expect_has(json,
               "\"dim0\": 1048576, \"coreNum\": 48, \"ubFormer\": 24576, \"blockFormer\": 22016, \"blockNum\": 48");
    const char *argv2[] = {"--soc", "Ascend910", "--shape", "1000"};
    plan("elu", argv2, 4, json, sizeof json);
    expect_has(json, "\"dim0\": 1000, \"coreNum\": 1, \"ubFormer\": 12288, \"blockFormer\": 1024, \"blockNum\": 1");
}
END_TEST

/* ---- EluGrad: the registry row's strategy on ops-nn's tiling UT case ---------------------------------- */

typedef struct {
    const char *names[32];
    uint64_t values[32];
    int n;
} field_record;

static void rec_u64(void *ctx, const char *name, uint64_t v)
{
    field_record *r = ctx;
    ck_assert_int_lt(r->n, 32);
    r->names[r->n] = name;
    r->values[r->n++] = v;
}
static void rec_i64(void *ctx, const char *name, int64_t v) { rec_u64(ctx, name, (uint64_t)v); }
static void rec_real(void *ctx, const char *name, double v) { (void)ctx, (void)name, (void)v; }
static void rec_flag(void *ctx, const char *name, bool v) { rec_u64(ctx, name, v); }
static void rec_str(void *ctx, const char *name, const char *v) { (void)ctx, (void)name, (void)v; }
static void rec_list(void *ctx, const char *name, const int64_t *v, int64_t n)
{
    (void)ctx, (void)name, (void)v, (void)n;
}
static void rec_rows(void *ctx, const char *name, const int64_t *v, int64_t c, int64_t n, int64_t s)
{
    (void)ctx, (void)name, (void)v, (void)c, (void)n, (void)s;
}
static void rec_begin(void *ctx, const char *name) { (void)ctx, (void)name; }
static void rec_end(void *ctx) { (void)ctx; }

static uint64_t field(const field_record *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->names[i], name) == 0)
            return r->values[i];
    ck_abort_msg("no field %s", name);
    return 0;
}

/* test_elu_grad_tiling.cpp: shape {1,64,2,64}, CORE_NUM 64, UB_SIZE 245760. The raw data as int64s:
 * dim0, coreNum | ubFormer << 32, blockFormer, blockNum, ubLoopOfFormerBlock, ubLoopOfTailBlock,
 * ubTailOfFormerBlock, ubTailOfTailBlock, elemNum, scheMode; key GET_TPL_TILING_KEY(scheMode, dType). */
START_TEST(test_elu_grad_ut)
{
    static const struct {
        aclDataType dt;
        uint64_t key;
        int64_t raw[10];
    } cases[] = {
        {ACL_FLOAT16, 3, {8192, 26388279066626LL, 4096, 2, 1, 1, 4096, 4096, 6144, 1}},
        {ACL_BF16, 5, {8192, 26388279066626LL, 4096, 2, 1, 1, 4096, 4096, 6144, 1}},
        {ACL_FLOAT, 7, {8192, 28587302322178LL, 4096, 2, 1, 1, 4096, 4096, 6656, 1}},
    };
    const acpu_op_def *op = acpu_op_find("EluGrad");
    ck_assert_ptr_nonnull(op);
    ck_assert_int_eq(op->n_tilings, 1);
    acpu_platform p;
    acpu_platform_init(&p, ACPU_SOC_ASCEND950, 0, 0);
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        acpu_tiling_call c;
        memset(&c, 0, sizeof c);
        c.n_in = 2;
        acpu_bc_shape s = {.rank = 4, .dims = {1, 64, 2, 64}};
        c.in[0] = c.in[1] = c.out = s;
        c.in_dt[0] = c.in_dt[1] = c.out_dt = c.compute_dt = cases[k].dt;
        c.dense = true;
        c.n = 8192;
        acpu_tiling_result r;
        const acpu_tiling_choice *ch = &op->tilings[0];
        ck_assert_int_eq(ch->strategy->plan(&p, &c, ch->params, &r), 0);
        field_record rec = {.n = 0};
        acpu_field_sink sink = {&rec,    rec_u64,  rec_i64,  rec_real,  rec_flag,
                                rec_str, rec_list, rec_rows, rec_begin, rec_end};
        ch->strategy->describe(&p, &c, ch->params, &r, &sink);
        int64_t raw[10] = {(int64_t)field(&rec, "dim0"),
                           (int64_t)(field(&rec, "coreNum") | field(&rec, "ubFormer") << 32),
                           (int64_t)field(&rec, "blockFormer"),
                           (int64_t)field(&rec, "blockNum"),
                           (int64_t)field(&rec, "ubLoopOfFormerBlock"),
                           (int64_t)field(&rec, "ubLoopOfTailBlock"),
                           (int64_t)field(&rec, "ubTailOfFormerBlock"),
                           (int64_t)field(&rec, "ubTailOfTailBlock"),
                           (int64_t)field(&rec, "elemNum"),
                           (int64_t)field(&rec, "scheMode")};
        for (int i = 0; i < 10; i++)
            ck_assert_msg(raw[i] == cases[k].raw[i], "dtype %d word %d: %lld, UT %lld", (int)cases[k].dt, i,
                          (long long)raw[i], (long long)cases[k].raw[i]);
        /* the template arguments packed as ASCENDC_TPL_ARGS_DECL(EluGrad, scheMode 1 bit, dType) */
        uint64_t key = field(&rec, "scheMode") | field(&rec, "dType") << 1;
        ck_assert_uint_eq(key, cases[k].key);
        ck_assert_uint_eq(field(&rec, "blockDim"), 2);
        ck_assert_uint_eq(field(&rec, "workspace"), 16777216u);
    }
    /* the UT's failing cases are the shared path's checks here (an empty tensor is no plan) */
    acpu_tiling_call c;
    memset(&c, 0, sizeof c);
    c.n_in = 2;
    c.compute_dt = ACL_FLOAT;
    c.n = 0;
    acpu_tiling_result r;
    ck_assert_int_ne(op->tilings[0].strategy->plan(&p, &c, op->tilings[0].params, &r), 0);
}
END_TEST

/* test_tiling_fp16_large_shape_010: {1024,1024} fp16, tiling key 3. */
START_TEST(test_elu_grad_ut_large)
{
    const acpu_op_def *op = acpu_op_find("EluGrad");
    acpu_platform p;
    acpu_platform_init(&p, ACPU_SOC_ASCEND950, 0, 0);
    acpu_tiling_call c;
    memset(&c, 0, sizeof c);
    c.n_in = 2;
    c.compute_dt = c.out_dt = c.in_dt[0] = c.in_dt[1] = ACL_FLOAT16;
    c.n = 1048576;
    acpu_tiling_result r;
    ck_assert_int_eq(op->tilings[0].strategy->plan(&p, &c, op->tilings[0].params, &r), 0);
    field_record rec = {.n = 0};
    acpu_field_sink sink = {&rec,    rec_u64,  rec_i64,  rec_real,  rec_flag,
                            rec_str, rec_list, rec_rows, rec_begin, rec_end};
    op->tilings[0].strategy->describe(&p, &c, op->tilings[0].params, &r, &sink);
    ck_assert_uint_eq(field(&rec, "scheMode") | field(&rec, "dType") << 1, 3);
    /* cores = min(64, ceil(2^20 * 8 / 32768) = 256); blockFormer 16384 */
    ck_assert_uint_eq(field(&rec, "coreNum"), 64);
    ck_assert_uint_eq(field(&rec, "blockFormer"), 16384);
}
END_TEST

static Suite *elu_forward_tiling_suite(void)
{
    Suite *s = suite_create("elu_forward_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_test(tc, test_elu_950_by_dtype);
    tcase_add_test(tc, test_elu_scalars);
    tcase_add_test(tc, test_elu_large);
    tcase_add_test(tc, test_elu_other_profiles);
    tcase_add_test(tc, test_elu_grad_ut);
    tcase_add_test(tc, test_elu_grad_ut_large);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(elu_forward_tiling_suite()); }
