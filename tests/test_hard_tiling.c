/* Host tilings of the Hardtanh, Hardswish and Hardsigmoid families (doc/CANN.md#hard-tiling):
 *   - HardtanhGrad (atvoss element-wise): CANN's arch35 tiling UT test_hardtanh_grad_tiling.cpp,
 *     its tiling data word for word and its template arguments (tiling key 3), and its two failures
 *     as phase-1 refusals;
 *   - HardSigmoid (even with the kernel's UB reserve, bytes per element and cores per 16 KiB):
 *     test_hard_sigmoid_tiling.cpp's values;
 *   - HardSwishGradV2 arch35 (test_hard_swish_grad_v2_tiling.cpp's assertions) and arch22
 *     (test_hard_swish_grad_v2_tiling.cpp of op_host/arch22: tiling key 0; elementNumEachCore);
 *   - worked examples derived by hand from the host sources where the UTs assert nothing:
 *     ClipByValueV2's one-dim advance plan, HardSwish, HardSwishGrad, HardSigmoidGrad;
 *   - the schedules as the engine runs them: every element exactly once, and for HardSwishGradV2's
 *     arch22 plan each core's tiles exactly where the kernel's Process() puts them;
 *   - the tiling lab's JSON for each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "engine/acpu_engine.h"
#include "ops/acpu_registry.h"
#include "tiling/acpu_hard_tiling.h"
#include "tiling/acpu_platform.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

static acpu_platform profile(acpu_soc soc, uint32_t cores, uint64_t ub)
{
    acpu_platform p;
    acpu_platform_init(&p, soc, 8u, 262144u);
    if (cores != 0u)
        p.core_num = cores;
    if (ub != 0u)
        p.ub_bytes = ub;
    return p;
}

/* The registry's choice k of the API's operator. */
static const acpu_tiling_choice *choice_of(const char *api, int k)
{
    const acpu_api_def *a = acpu_api_find(api);
    ck_assert_ptr_nonnull(a);
    ck_assert_int_lt(k, a->op->n_tilings);
    return &a->op->tilings[k];
}

static acpu_tiling_call call_of(const char *api, uint64_t n, aclDataType dt)
{
    const acpu_api_def *a = acpu_api_find(api);
    acpu_tiling_call c;
    memset(&c, 0, sizeof c);
    c.n_in = a->op->n_in;
    for (int j = 0; j < c.n_in; j++) {
        c.in[j] = (acpu_bc_shape){.rank = 1, .dims = {(int64_t)n}};
        c.in_dt[j] = dt;
    }
    c.out = c.in[0];
    c.out_dt = c.compute_dt = dt;
    c.n = n;
    c.dense = true;
    acpu_api_default_attrs(a, c.attrs);
    return c;
}

static void plan_ok(const acpu_tiling_choice *ch, const acpu_platform *p, const acpu_tiling_call *c,
                    acpu_tiling_result *r)
{
    ck_assert_msg(ch->strategy->plan(p, c, ch->params, r) == 0, "%s: %s", ch->strategy->name, r->why);
}

/* ---- engine walks ----------------------------------------------------------------------------------- */

/* A kernel that records where each call lands, in call order (one thread). */
enum { MAX_CALLS = 4096 };
static const float *g_base;
static int g_calls;
static uint64_t g_start[MAX_CALLS], g_len[MAX_CALLS];

static void record_kernel(size_t n, const void *const *in, void *out, const void *params)
{
    (void)params;
    const float *x = in[0];
    float *o = out;
    ck_assert_int_lt(g_calls, MAX_CALLS);
    g_start[g_calls] = (uint64_t)(x - g_base);
    g_len[g_calls++] = n;
    for (size_t i = 0; i < n; i++)
        o[i] = x[i] + 1.0f;
}

/* Runs the schedule over n elements on one thread; every element must be computed exactly once. */
static void walk(const acpu_schedule *s, uint64_t n)
{
    float *x = malloc(sizeof(float) * n), *o = malloc(sizeof(float) * n);
    ck_assert(x && o);
    for (uint64_t i = 0; i < n; i++) {
        x[i] = (float)(i % 1000);
        o[i] = -1.0f;
    }
    acpu_task t;
    memset(&t, 0, sizeof t);
    t.n_in = 1;
    t.in[0] = (acpu_view){.data = (char *)x, .rank = 1, .shape = {(int64_t)n}, .stride = {1}, .elem_size = 4};
    t.out = (acpu_view){.data = (char *)o, .rank = 1, .shape = {(int64_t)n}, .stride = {1}, .elem_size = 4};
    t.kernel = record_kernel;
    t.kernel_elem = 4;
    g_base = x;
    g_calls = 0;
    void *ws = malloc(acpu_engine_workspace(s, &t, 1) + 64);
    acpu_engine_run(s, &t, 1, ws);
    uint64_t covered = 0;
    for (int k = 0; k < g_calls; k++)
        covered += g_len[k];
    ck_assert_uint_eq(covered, n);
    for (uint64_t i = 0; i < n; i++)
        ACPU_TEST_EXPECT(o[i] == x[i] + 1.0f, "element %llu not computed once", (unsigned long long)i);
    free(ws);
    free(x);
    free(o);
}

/* ---- HardtanhGrad: the arch35 tiling UT -------------------------------------------------------------- */

/* The UT's tiling data as int64 words: EleBaseTilingData (coreNum and ubFormer share a word), then
 * minVal and maxVal as fp32 bits. */
static void hardtanh_grad_words(const acpu_elewise_data *d, float lo, float hi, int64_t *w)
{
    uint32_t lb, hb;
    memcpy(&lb, &lo, 4);
    memcpy(&hb, &hi, 4);
    int64_t v[11] = {d->dim0,
                     (int64_t)((uint64_t)d->ubFormer << 32 | (uint32_t)d->coreNum),
                     d->blockFormer,
                     d->blockNum,
                     d->ubLoopOfFormerBlock,
                     d->ubLoopOfTailBlock,
                     d->ubTailOfFormerBlock,
                     d->ubTailOfTailBlock,
                     d->elemNum,
                     d->scheMode,
                     (int64_t)((uint64_t)hb << 32 | lb)};
    memcpy(w, v, sizeof v);
}

START_TEST(test_hardtanh_grad_ut)
{
    static const struct {
        int64_t n;
        const char *data;
    } ut[] = {{1 * 64 * 2 * 64, "8192 26388279066626 4096 2 1 1 4096 4096 6144 1 4575657224629649408 "},
              {2 * 3 * 4, "24 26388279066625 512 1 1 1 512 24 6144 1 4575657224629649408 "},
              {8 * 26 * 100, "20800 26388279066630 3584 6 1 1 3584 2880 6144 1 4575657224629649408 "}};
    acpu_platform p = profile(ACPU_SOC_ASCEND950, 64, 245760);
    const acpu_tiling_choice *ch = choice_of("aclnnHardtanhBackward", 0);
    for (size_t k = 0; k < N_ELEMS(ut); k++) {
        acpu_tiling_call c = call_of("aclnnHardtanhBackward", (uint64_t)ut[k].n, ACL_FLOAT16);
        c.attrs[0].f = -2.0f; /* the UT's min_val, max_val */
        c.attrs[1].f = 1.0f;
        acpu_tiling_result r;
        plan_ok(ch, &p, &c, &r);
        int64_t w[11];
        hardtanh_grad_words((const acpu_elewise_data *)(const void *)r.record, -2.0f, 1.0f, w);
        char s[512] = "";
        for (int i = 0; i < 11; i++)
            snprintf(s + strlen(s), sizeof s - strlen(s), "%lld ", (long long)w[i]);
        ck_assert_str_eq(s, ut[k].data);
        walk(&r.sched, (uint64_t)ut[k].n);
    }
    /* fp32: BufferNum 9, ubFormer floor(245760 * 8 / (9 * 32)) rounded down to 256 */
    acpu_tiling_call c = call_of("aclnnHardtanhBackward", 100000, ACL_FLOAT);
    acpu_tiling_result r;
    plan_ok(ch, &p, &c, &r);
    const acpu_elewise_data *d = (const acpu_elewise_data *)(const void *)r.record;
    ck_assert_int_eq(d->ubFormer, 6656);
    ck_assert_int_eq(d->coreNum, 25);
    ck_assert_int_eq(d->blockFormer, 4096);
    walk(&r.sched, 100000);
}
END_TEST

/* The UT's failures (output shape or dtype not the input's) are phase-1 refusals here. */
START_TEST(test_hardtanh_grad_ut_failures)
{
    aclnnCpuSetPlatform("Ascend950", 0, 0);
    float a[2048] = {0}, b[2048] = {0}, o[2048];
    const int64_t s1[2] = {1, 1024}, s2[2] = {2, 1024}, st[2] = {1024, 1};
    aclTensor *x = aclCreateTensor(s1, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, s1, 2, a);
    aclTensor *g = aclCreateTensor(s1, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, s1, 2, b);
    aclTensor *big = aclCreateTensor(s2, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, s2, 2, o);
    aclTensor *half = aclCreateTensor(s1, 2, ACL_FLOAT16, st, 0, ACL_FORMAT_ND, s1, 2, o);
    aclScalar *lo = acpu_test_scalar_f32(-2.0f), *hi = acpu_test_scalar_f32(1.0f);
    const acpu_api_def *api = acpu_api_find("aclnnHardtanhBackward");
    acpu_arg args[5] = {{.p = g}, {.p = x}, {.p = lo}, {.p = hi}, {.p = big}};
    uint64_t ws;
    aclOpExecutor *e;
    ck_assert_int_eq(api->invoke(args, &ws, &e), ACLNN_ERR_PARAM_INVALID);
    args[4].p = half;
    ck_assert_int_eq(api->invoke(args, &ws, &e), ACLNN_ERR_PARAM_INVALID);
    aclDestroyTensor(x);
    aclDestroyTensor(g);
    aclDestroyTensor(big);
    aclDestroyTensor(half);
    aclDestroyScalar(lo);
    aclDestroyScalar(hi);
    aclnnCpuSetPlatform(NULL, 0, 0);
}
END_TEST

/* ---- HardSigmoid: test_hard_sigmoid_tiling.cpp ---------------------------------------------------- */

START_TEST(test_hard_sigmoid_ut)
{
    static const struct {
        uint64_t n;
        aclDataType dt;
        uint64_t block_dim, block_factor, ub_factor;
    } ut[] = {{262144, ACL_FLOAT, 64, 4096, 14848},  {3 * 257, ACL_FLOAT16, 1, 771, 19712},
              {2 * 7 * 65, ACL_BF16, 1, 910, 19712}, {129, ACL_INT32, 1, 129, 11840},
              {8192, ACL_FLOAT, 2, 4096, 14848},     {8191, ACL_FLOAT, 1, 8191, 14848},
              {1024, ACL_FLOAT, 1, 1024, 14848}};
    acpu_platform p = profile(ACPU_SOC_ASCEND950, 64, 245760);
    const acpu_tiling_choice *ch = choice_of("aclnnHardsigmoid", 0);
    for (size_t k = 0; k < N_ELEMS(ut); k++) {
        acpu_tiling_call c = call_of("aclnnHardsigmoid", ut[k].n, ut[k].dt);
        acpu_tiling_result r;
        plan_ok(ch, &p, &c, &r);
        const acpu_even_data *d = (const acpu_even_data *)(const void *)r.record;
        ck_assert_uint_eq(d->usedCoreNum, ut[k].block_dim);
        ck_assert_uint_eq(d->blockFactor, ut[k].block_factor);
        ck_assert_uint_eq(d->ubFactor, ut[k].ub_factor);
        ck_assert_uint_eq(d->totalNum, ut[k].n);
        walk(&r.sched, ut[k].n);
    }
    /* the API's alpha (1/6 as fp32) and beta land in the tiling data, as the UT's attribute case */
    acpu_tiling_call c = call_of("aclnnHardsigmoid", 1024, ACL_FLOAT);
    ck_assert(c.attrs[0].f == 1.0f / 6.0f && c.attrs[1].f == 0.5f);
}
END_TEST

/* ---- HardSwishGradV2: arch35 and arch22 UTs --------------------------------------------------------- */

START_TEST(test_hard_swish_grad_v2_arch35_ut)
{
    acpu_platform p = profile(ACPU_SOC_ASCEND950, 64, 245760);
    const acpu_tiling_choice *ch = choice_of("aclnnHardswishBackwardV2", 1);
    ck_assert_str_eq(ch->strategy->name, "even");
    static const struct {
        uint64_t n;
        aclDataType dt;
        bool dbl;
        uint64_t ub_factor, block_factor;
    } ut[] = {{64, ACL_FLOAT, false, 12288, 1},    {256, ACL_FLOAT16, false, 15360, 4},
              {2048, ACL_FLOAT, true, 7680, 32},   {2048, ACL_FLOAT16, true, 11136, 32},
              {2048, ACL_BF16, true, 11136, 32},   {131072, ACL_FLOAT, true, 7680, 2048},
              {1024, ACL_FLOAT, false, 12288, 16}, {1025, ACL_FLOAT, true, 7680, 17}};
    for (size_t k = 0; k < N_ELEMS(ut); k++) {
        acpu_tiling_call c = call_of("aclnnHardswishBackwardV2", ut[k].n, ut[k].dt);
        acpu_tiling_result r;
        plan_ok(ch, &p, &c, &r);
        const acpu_even_data *d = (const acpu_even_data *)(const void *)r.record;
        ck_assert_uint_eq(d->totalNum, ut[k].n);
        ck_assert(d->double_buffer == ut[k].dbl && r.sched.double_buffer == ut[k].dbl);
        ck_assert_uint_eq(d->ubFactor, ut[k].ub_factor);
        ck_assert_uint_eq(d->blockFactor, ut[k].block_factor);
        ck_assert_uint_le(d->blockFactor, d->totalNum);
        walk(&r.sched, ut[k].n);
    }
    /* HardSwishGrad (V1) has the same tiling */
    ck_assert_ptr_eq(choice_of("aclnnHardswishBackward", 0)->params, ch->params);
}
END_TEST

/* The kernel's Process() (hard_swish_grad_v2_220.h), written again: core b's tiles as (offset, count). */
static int kernel_tiles(uint64_t n, uint64_t each, uint64_t cores, uint64_t b, uint64_t *off, uint64_t *cnt)
{
    uint64_t total = n / each, remain = n % each;
    if (remain > 0)
        total++;
    uint64_t loops = total / cores, loop_remain = total % cores;
    if (loop_remain > 0 && b < loop_remain)
        loops++;
    uint64_t start = loops * b * each;
    if (loop_remain > 0 && b >= loop_remain)
        start += n % (each * cores);
    uint64_t last = loop_remain == 0 ? cores - 1 : loop_remain - 1;
    for (uint64_t i = 0; i < loops; i++) {
        off[i] = start + i * each;
        cnt[i] = remain > 0 && i == loops - 1 && b == last ? remain : each;
    }
    return (int)loops;
}

START_TEST(test_hard_swish_grad_v2_arch22)
{
    /* the UT: {2, 4} in each dtype on 40 cores, UB 196608: key 0, one core */
    acpu_platform ut = profile(ACPU_SOC_ASCEND910B, 40, 196608);
    acpu_hsg_v2_data d;
    const char *why;
    ck_assert_int_eq(acpu_plan_hsg_v2_910b(&ut, 8, &d, &why), 0);
    ck_assert(d.elementNum == 8 && d.needCoreNum == 1 && d.ubSize == 196608 && d.elementNumEachCore == 4864);
    ck_assert(acpu_hsg_v2_910b_soc(ACPU_SOC_ASCEND910) && acpu_hsg_v2_910b_soc(ACPU_SOC_ASCEND910_93) &&
              !acpu_hsg_v2_910b_soc(ACPU_SOC_ASCEND950) && !acpu_hsg_v2_910b_soc(ACPU_SOC_HOST));
    ck_assert_str_eq(choice_of("aclnnHardswishBackwardV2", 0)->strategy->name, "arch22");
    /* the dealing, against the kernel's, for tails in every position and core counts */
    static const uint64_t ns[] = {1, 255, 4864, 4865, 9728, 100000, 1000000, 1000003, 233472, 238336};
    static const uint32_t cores[] = {1, 3, 7, 40, 48};
    for (size_t i = 0; i < N_ELEMS(ns); i++) {
        for (size_t k = 0; k < N_ELEMS(cores); k++) {
            acpu_platform p = profile(ACPU_SOC_ASCEND910B, cores[k], 196608);
            ck_assert_int_eq(acpu_plan_hsg_v2_910b(&p, ns[i], &d, &why), 0);
            acpu_schedule s;
            acpu_sched_hsg_v2_910b(&d, &s);
            walk(&s, ns[i]);
            int call = 0;
            for (uint64_t b = 0; b < d.needCoreNum; b++) {
                uint64_t off[256], cnt[256];
                int t = kernel_tiles(ns[i], 4864, d.needCoreNum, b, off, cnt);
                for (int j = 0; j < t; j++, call++)
                    ck_assert_msg(call < g_calls && g_start[call] == off[j] && g_len[call] == cnt[j],
                                  "n %llu cores %u core %llu tile %d", (unsigned long long)ns[i], cores[k],
                                  (unsigned long long)b, j);
            }
            ck_assert_int_eq(call, g_calls);
        }
    }
    /* more tiles than cores: needCoreNum is the profile's */
    acpu_platform p48 = profile(ACPU_SOC_ASCEND910B, 0, 0);
    ck_assert_int_eq(acpu_plan_hsg_v2_910b(&p48, 1000000, &d, &why), 0);
    ck_assert_uint_eq(d.needCoreNum, 48);
    acpu_platform tiny = profile(ACPU_SOC_ASCEND910B, 0, 10000);
    ck_assert_int_eq(acpu_plan_hsg_v2_910b(&tiny, 10, &d, &why), -1);
}
END_TEST

/* ---- worked examples -------------------------------------------------------------------------------- */

/* ClipByValueV2 on Ascend950 (64 cores, UB 245760): tileNum = floor(UB / 8 / 512) * 512 / MaxDtypeBytes,
 * reduced to 512 / MinDtypeBytes when 64 such blocks exceed n, or to (n / 64) rounded down to 512 bytes
 * when 64 tiles do; ubOuter tiles, blockFormer ceil(ubOuter / 64) (2 when 1), blockNum. */
START_TEST(test_clip_one_dim)
{
    static const struct {
        uint64_t n;
        aclDataType dt;
        int64_t tile, blocks, former, tail, flag;
    } ex[] = {{196608, ACL_FLOAT16, 3072, 32, 2, 2, 6},
              {2048, ACL_BF16, 256, 4, 2, 2, 6},
              {16777216, ACL_FLOAT, 7680, 63, 35, 15, 6},
              {1000, ACL_INT64, 64, 8, 2, 2, 6},
              {1, ACL_FLOAT, 128, 1, 1, 1, 7},
              {1000, ACL_INT8, 512, 1, 2, 2, 6},
              {40000, ACL_DOUBLE, 576, 35, 2, 2, 6},
              {65536, ACL_INT16, 1024, 32, 2, 2, 6}};
    acpu_platform p = profile(ACPU_SOC_ASCEND950, 64, 245760);
    for (size_t k = 0; k < N_ELEMS(ex); k++) {
        acpu_clip_data d;
        const char *why;
        ck_assert_int_eq(acpu_plan_clip_one_dim(&p, ex[k].n, ex[k].dt, &d, &why), 0);
        ck_assert_msg(d.tileNum == ex[k].tile && d.blockNum == ex[k].blocks && d.blockFormer == ex[k].former &&
                          d.blockTail == ex[k].tail && d.scalarFlag == ex[k].flag && d.dimLen == (int64_t)ex[k].n,
                      "case %zu: tile %lld blocks %lld former %lld tail %lld", k, (long long)d.tileNum,
                      (long long)d.blockNum, (long long)d.blockFormer, (long long)d.blockTail);
        ck_assert(d.aicore == (ex[k].dt != ACL_INT8 && ex[k].dt != ACL_DOUBLE && ex[k].dt != ACL_INT16));
        acpu_schedule s;
        acpu_sched_clip_one_dim(&d, &s);
        walk(&s, ex[k].n);
    }
    acpu_clip_data d;
    const char *why;
    ck_assert_int_eq(acpu_plan_clip_one_dim(&p, 10, ACL_BOOL, &d, &why), -1);
    acpu_platform tiny = profile(ACPU_SOC_ASCEND950, 64, 2048);
    ck_assert_int_eq(acpu_plan_clip_one_dim(&tiny, 10, ACL_FLOAT, &d, &why), -1);
}
END_TEST

/* HardSwish: FloorAlign(UB / 4 / 6 or 8, 32); HardSwishGrad as V2's arch35; HardSigmoidGrad: one core
 * below 1024, FloorAlign(UB / 4 / 8 or 7, 64). */
START_TEST(test_even_examples)
{
    static const struct {
        const char *api;
        uint64_t n;
        aclDataType dt;
        uint64_t cores, block_factor, ub_factor;
    } ex[] = {{"aclnnHardswish", 1000, ACL_FLOAT, 63, 16, 10240},
              {"aclnnHardswish", 1000, ACL_BF16, 63, 16, 7680},
              {"aclnnHardswish", 1 << 24, ACL_FLOAT16, 64, 262144, 7680},
              {"aclnnHardswishBackward", 64, ACL_FLOAT16, 64, 1, 15360},
              {"aclnnHardsigmoidBackward", 512, ACL_FLOAT, 1, 512, 7680},
              {"aclnnHardsigmoidBackward", 1023, ACL_FLOAT16, 1, 1023, 8768},
              {"aclnnHardsigmoidBackward", 4096, ACL_FLOAT16, 64, 64, 8768},
              {"aclnnHardsigmoidBackward", 100000, ACL_FLOAT, 64, 1563, 7680}};
    acpu_platform p = profile(ACPU_SOC_ASCEND950, 64, 245760);
    for (size_t k = 0; k < N_ELEMS(ex); k++) {
        acpu_tiling_call c = call_of(ex[k].api, ex[k].n, ex[k].dt);
        acpu_tiling_result r;
        plan_ok(choice_of(ex[k].api, 0), &p, &c, &r);
        const acpu_even_data *d = (const acpu_even_data *)(const void *)r.record;
        ck_assert_msg(
            d->usedCoreNum == ex[k].cores && d->blockFactor == ex[k].block_factor && d->ubFactor == ex[k].ub_factor,
            "%s %llu: cores %llu blockFactor %llu ubFactor %llu", ex[k].api, (unsigned long long)ex[k].n,
            (unsigned long long)d->usedCoreNum, (unsigned long long)d->blockFactor, (unsigned long long)d->ubFactor);
        if (ex[k].n <= 200000)
            walk(&r.sched, ex[k].n);
    }
}
END_TEST

/* ---- the lab ---------------------------------------------------------------------------------------- */

static void expect_plan(const char *op, int argc, const char *const *argv, const char *const *want, int n_want)
{
    char json[4096];
    size_t len = 0;
    aclnnStatus rc = aclnnCpuGetTilingPlan(op, argc, argv, json, sizeof json, &len);
    ck_assert_msg(rc == ACL_SUCCESS, "%s: %d (%s)", op, rc, aclGetRecentErrMsg());
    for (int i = 0; i < n_want; i++)
        ck_assert_msg(strstr(json, want[i]) != NULL, "%s: %s lacks %s", op, json, want[i]);
}

START_TEST(test_lab)
{
    const char *a1[] = {"--soc",   "Ascend950", "--shape", "1,64,2,64", "--dtype",
                        "float16", "--min",     "-2",      "--max",     "1"};
    const char *w1[] = {"\"strategy\": \"elewise\"", "\"tplArgs\": {\"schMode\": 1, \"dType\": 1}",
                        "\"ubFormer\": 6144", "\"minVal\": -2", "\"maxVal\": 1"};
    expect_plan("hardtanh_backward", 10, a1, w1, 5);
    const char *a2[] = {"--soc", "Ascend950", "--shape", "262144"};
    const char *w2[] = {"\"totalElements\": 262144", "\"blockFactor\": 4096", "\"ubFactor\": 14848",
                        "\"alpha\": 0.166666672",    "\"beta\": 0.5",         "\"blockDim\": 64"};
    expect_plan("hardsigmoid", 4, a2, w2, 6);
    const char *a3[] = {"--soc", "Ascend910B", "--shape", "2,4", "--dtype", "bfloat16"};
    const char *w3[] = {"\"strategy\": \"arch22\"", "\"tilingKey\": 0", "\"elementNumEachCore\": 4864",
                        "\"needCoreNum\": 1", "\"workspace\": 16777216"};
    expect_plan("hardswish_backward_v2", 6, a3, w3, 5);
    const char *a4[] = {"--soc", "Ascend950", "--shape", "64,32", "--dtype", "float16"};
    const char *w4[] = {"\"D_T_X\": 1", "\"BUFFER_MODE\": 1", "\"ubFactor\": 11136"};
    expect_plan("hardswish_backward", 6, a4, w4, 3);
    const char *a5[] = {"--soc", "Ascend950", "--shape", "48,16,16,16", "--dtype", "float16"};
    const char *w5[] = {"\"strategy\": \"one_dim_advance\"",
                        "\"schMode\": 202",
                        "\"dimLen\": 196608",
                        "\"tileNum\": 3072",
                        "\"blockNum\": 32",
                        "\"scalarFlag\": 6",
                        "\"workspace\": 16777216"};
    expect_plan("inplace_hardtanh", 6, a5, w5, 7);
    const char *a6[] = {"--soc", "Ascend950", "--shape", "1000", "--dtype", "bfloat16"};
    const char *w6[] = {"\"tplArgs\": {\"schMode\": 2}", "\"ubFactor\": 7680", "\"workspace\": 0"};
    expect_plan("inplace_hardswish", 6, a6, w6, 3);
    const char *a7[] = {"--soc", "Ascend950", "--shape", "1000", "--dtype", "int8"};
    const char *w7[] = {"AiCpu"};
    expect_plan("hardtanh", 6, a7, w7, 1);
}
END_TEST

static Suite *hard_tiling_suite(void)
{
    Suite *s = suite_create("hard_tiling");
    TCase *tc = tcase_create("plans");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hardtanh_grad_ut);
    tcase_add_test(tc, test_hardtanh_grad_ut_failures);
    tcase_add_test(tc, test_hard_sigmoid_ut);
    tcase_add_test(tc, test_hard_swish_grad_v2_arch35_ut);
    tcase_add_test(tc, test_hard_swish_grad_v2_arch22);
    tcase_add_test(tc, test_clip_one_dim);
    tcase_add_test(tc, test_even_examples);
    tcase_add_test(tc, test_lab);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(hard_tiling_suite()); }
