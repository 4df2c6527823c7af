/* EluGradV2 host tiling (spec 2.6): Appendix C.1 field by field, the tiling UT cases of 2.8.3,
 * the MaxTile numbers of step 6, invariants over pseudo-random calls on several profiles, and
 * the aclnn-cpu-tiling tool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_proc.h"
#include "tiling/acpu_elu_tiling.h"
#include "tiling/acpu_platform.h"

/* ---- helpers -------------------------------------------------------------------------------- */

static acpu_platform profile(acpu_soc soc, uint32_t cores, uint64_t ub)
{
    acpu_platform p;
    acpu_platform_init(&p, soc, cores, ub);
    return p;
}

/* The UT platform of spec 2.8.3 / C.1: 910B, UB 196608, `cores` AIV cores. */
static acpu_platform ut_platform(uint32_t cores)
{
    acpu_platform p = profile(ACPU_SOC_ASCEND910B, 0u, 0u);
    p.core_num = cores;
    return p;
}

static acpu_elu_tiling_args elu_args(aclDataType in, aclDataType out, uint64_t n, float alpha, float scale,
                                     float input_scale, bool is_result)
{
    return (acpu_elu_tiling_args){.n = n,
                                  .in_dtype = in,
                                  .out_dtype = out,
                                  .alpha = alpha,
                                  .scale = scale,
                                  .input_scale = input_scale,
                                  .is_result = is_result};
}

static acpu_elu_plan plan_of(const acpu_platform *p, const acpu_elu_tiling_args *a)
{
    acpu_elu_plan plan;
    memset(&plan, 0xa5, sizeof plan);
    ck_assert_int_eq(acpu_elu_tiling(p, a, &plan), 0);
    return plan;
}

/* ---- profiles ------------------------------------------------------------------------------- */

START_TEST(test_profiles)
{
    acpu_platform p = profile(ACPU_SOC_ASCEND910B, 0u, 0u);
    ck_assert_uint_eq(p.core_num, 48u);
    ck_assert_uint_eq(p.ub_bytes, 196608u);
    ck_assert_uint_eq(p.core_chunk, 1024u);
    ck_assert_uint_eq(p.compute_chunk, 4096u);
    ck_assert_uint_eq(p.max_cores, 64u);
    p = profile(ACPU_SOC_ASCEND950, 0u, 0u);
    ck_assert_uint_eq(p.core_num, 64u);
    ck_assert_uint_eq(p.ub_bytes, 245760u);
    p = profile(ACPU_SOC_HOST, 7u, 65536u);
    ck_assert_uint_eq(p.core_num, 7u);
    ck_assert_uint_eq(p.ub_bytes, 65536u);
    ck_assert_uint_eq(p.compute_chunk, 4096u);

    acpu_soc soc = ACPU_SOC_HOST;
    ck_assert(acpu_soc_parse("ascend910b", &soc) && soc == ACPU_SOC_ASCEND910B);
    ck_assert(acpu_soc_parse("ASCEND910_93", &soc) && soc == ACPU_SOC_ASCEND910_93);
    ck_assert(acpu_soc_parse("Ascend910_95", &soc) && soc == ACPU_SOC_ASCEND950);
    ck_assert(acpu_soc_parse("Ascend910", &soc) && soc == ACPU_SOC_ASCEND910);
    ck_assert(acpu_soc_parse("HOST", &soc) && soc == ACPU_SOC_HOST);
    ck_assert(!acpu_soc_parse("Ascend310P", &soc));
    ck_assert(!acpu_soc_parse("", &soc));
    ck_assert_str_eq(acpu_soc_name(ACPU_SOC_ASCEND910_93), "Ascend910_93");
    ck_assert(acpu_soc_has_bf16(ACPU_SOC_ASCEND910B) && !acpu_soc_has_bf16(ACPU_SOC_ASCEND910));
    ck_assert(acpu_soc_has_bf16(ACPU_SOC_HOST) && acpu_soc_has_bf16(ACPU_SOC_ASCEND950));
    ck_assert_str_eq(acpu_elu_sch_mode_name(ACPU_ELU_FLOAT16_EXP_FAST), "FLOAT16_EXP_FAST");
    ck_assert_str_eq(acpu_elu_sch_mode_name(ACPU_ELU_SAFE_EXP), "SAFE_EXP");
}
END_TEST

START_TEST(test_no_cores_fails)
{
    acpu_platform p = profile(ACPU_SOC_HOST, 0u, 65536u);
    acpu_elu_tiling_args a = elu_args(ACL_FLOAT, ACL_FLOAT, 100u, 1.0f, 1.0f, 1.0f, false);
    acpu_elu_plan plan;
    ck_assert_int_eq(acpu_elu_tiling(&p, &a, &plan), -1);
}
END_TEST

/* acpu_tiling_plan refuses, for every strategy alike, a schedule the engine could not run, whatever
 * the strategy itself let through: a strategy that plans a zero tile, no core or an empty segment. */
static acpu_schedule g_fake_sched;

static int fake_plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)p, (void)c, (void)params;
    r->sched = g_fake_sched;
    r->sch = "fake";
    return 0;
}

START_TEST(test_unrunnable_schedules_refused)
{
    static const acpu_strategy fake = {.name = "fake", .plan = fake_plan};
    const acpu_tiling_choice choice = {&fake, NULL};
    acpu_platform p = profile(ACPU_SOC_HOST, 2u, 65536u);
    acpu_tiling_call c;
    memset(&c, 0, sizeof c);
    c.n = 100;
    acpu_tiling_result r;
    const acpu_schedule ok = {.kind = ACPU_SCHED_RANGES,
                              .total = 100,
                              .core_num = 1,
                              .tile = 64,
                              .small_core_len = 100,
                              .last_core_len = 100};
    g_fake_sched = ok;
    ck_assert_int_eq(acpu_tiling_plan(&choice, &p, &c, &r), 0);
    g_fake_sched.tile = 0; /* the engine would divide by it */
    ck_assert_int_eq(acpu_tiling_plan(&choice, &p, &c, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.why, "tile holds no element"));
    g_fake_sched = ok;
    g_fake_sched.core_num = 0;
    ck_assert_int_eq(acpu_tiling_plan(&choice, &p, &c, &r), -1);
    ck_assert_ptr_nonnull(strstr(r.why, "no core"));
    const acpu_schedule split = {.kind = ACPU_SCHED_SPLIT,
                                 .total = 100,
                                 .core_num = 1,
                                 .tile = 10,
                                 .a_o = 10,
                                 .a_i = 1,
                                 .a_i_tail = 1,
                                 .axis_len = 10,
                                 .inner = 10,
                                 .tiles_main = 10};
    g_fake_sched = split;
    ck_assert_int_eq(acpu_tiling_plan(&choice, &p, &c, &r), 0);
    g_fake_sched.a_i = 0;
    ck_assert_int_eq(acpu_tiling_plan(&choice, &p, &c, &r), -1);
    g_fake_sched = ok;
    g_fake_sched.total = 0; /* an empty call runs nothing: its plan is not checked */
    g_fake_sched.tile = 0;
    ck_assert_int_eq(acpu_tiling_plan(&choice, &p, &c, &r), 0);
}
END_TEST

/* ---- Appendix C.1 ----------------------------------------------------------------------------- */

typedef struct {
    aclDataType in, out;
    uint64_t n;
    float alpha;
    bool is_result;
    acpu_elu_sch_mode key;
    uint32_t block_dim;
    uint64_t tile, cores, big, big_data, small_data, last;
    uint32_t buffer_open;
} c1_row;

#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

/* clang-format off */ /* a table: one row per line */
static const c1_row k_c1[] = {
    {F32, F32, 1, 1.0f, false, 2, 1, 64, 1, 0, 0, 0, 1, 0},
    {F32, F32, 1024, 1.0f, false, 2, 1, 1024, 1, 0, 0, 0, 1024, 0},
    {F32, F32, 1025, 1.0f, false, 2, 2, 576, 2, 1, 576, 512, 449, 0},
    {F32, F32, 1025, 1.0f, true, 3, 2, 4096, 2, 1, 576, 512, 449, 0},
    {F32, F32, 4096, 1.0f, true, 3, 4, 4096, 4, 0, 1024, 1024, 1024, 0},
    {F32, F32, 49152, 1.0f, false, 2, 48, 1024, 48, 0, 1024, 1024, 1024, 0},
    {F32, F32, 49153, 1.0f, false, 0, 48, 1088, 48, 1, 1088, 1024, 961, 0},
    {F32, F32, 100000, 1.0f, false, 0, 48, 2112, 48, 27, 2112, 2048, 2016, 0},
    {F32, F32, 100000, 1.0f, true, 1, 48, 4096, 48, 27, 2112, 2048, 2016, 0},
    {F32, F32, 1048576, 1.0f, false, 0, 48, 4096, 48, 16, 21888, 21824, 21824, 1},
    {F16, F16, 3000, 1.0f, true, 3, 3, 1024, 3, 0, 1024, 1024, 952, 0},
    {F16, F16, 4096, 1.0f, false, 2, 4, 1024, 4, 0, 1024, 1024, 1024, 0},
    {F16, F16, 4100, 1.0f, false, 2, 5, 896, 5, 3, 896, 768, 644, 0},
    {F16, F16, 65536, 1.0f, false, 6, 48, 1408, 48, 32, 1408, 1280, 1280, 0},
    {F16, F16, 65536, 1.2f, false, 0, 48, 1408, 48, 32, 1408, 1280, 1280, 0},
    {F16, F16, 1048576, 1.0f, false, 6, 48, 11008, 48, 32, 21888, 21760, 21760, 1},
    {BF16, BF16, 2048, 1.0f, true, 3, 2, 1024, 2, 0, 1024, 1024, 1024, 0},
    {BF16, BF16, 4000, 1.0f, false, 2, 4, 1024, 4, 0, 1024, 1024, 928, 0},
    {BF16, BF16, 4096, 1.0f, false, 2, 4, 1024, 4, 0, 1024, 1024, 1024, 0},
    {BF16, BF16, 65536, 1.0f, true, 5, 48, 1408, 48, 32, 1408, 1280, 1280, 0},
    {BF16, BF16, 1048576, 1.0f, false, 4, 48, 11008, 48, 32, 21888, 21760, 21760, 1},
    {F16, F32, 5000, 1.0f, true, 3, 5, 1024, 5, 4, 1024, 960, 904, 0},
    {BF16, F32, 300, 1.0f, true, 3, 1, 320, 1, 0, 0, 0, 300, 0},
};
/* clang-format on */

START_TEST(test_appendix_c1)
{
    const c1_row *r = &k_c1[_i];
    acpu_platform p = ut_platform(48u);
    acpu_elu_tiling_args a = elu_args(r->in, r->out, r->n, r->alpha, 1.0f, 1.0f, r->is_result);
    acpu_elu_plan plan = plan_of(&p, &a);
    const acpu_elu_tiling_data *d = &plan.data;
    ck_assert_msg(plan.sch_mode == r->key, "row %d: schMode %d, expected %d", _i, (int)plan.sch_mode, (int)r->key);
    ck_assert_uint_eq(plan.block_dim, r->block_dim);
    ck_assert_uint_eq(plan.workspace, 0u);
    ck_assert_uint_eq(d->totalLength, r->n);
    ck_assert_uint_eq(d->tileDataNum, r->tile);
    ck_assert_uint_eq(d->coreNum, r->cores);
    ck_assert_uint_eq(d->bigCoreNum, r->big);
    ck_assert_uint_eq(d->bigCoreDataNum, r->big_data);
    ck_assert_uint_eq(d->smallCoreDataNum, r->small_data);
    ck_assert_uint_eq(d->lastCoreDataNum, r->last);
    ck_assert_uint_eq(d->bufferOpen, r->buffer_open);
    ck_assert_uint_eq(d->computeChunk, 4096u);
    ck_assert(d->alpha == r->alpha && d->scale == 1.0f && d->inputScale == 1.0f);
    ck_assert_uint_eq(d->isResult, r->is_result ? 1u : 0u);
}
END_TEST

/* ---- spec 2.8.3 tiling UT cases, on 48 and on 40 cores ---------------------------------------- */

static void check_single_tile_256(uint32_t cores, aclDataType dt, float alpha, float scale, float input_scale,
                                  bool is_result)
{
    acpu_platform p = ut_platform(cores);
    acpu_elu_tiling_args a = elu_args(dt, dt, 256u, alpha, scale, input_scale, is_result);
    acpu_elu_plan plan = plan_of(&p, &a);
    const acpu_elu_tiling_data *d = &plan.data;
    ck_assert_int_eq(plan.sch_mode, is_result ? ACPU_ELU_SINGLE_TILE_RESULT : ACPU_ELU_SINGLE_TILE_EXP);
    ck_assert_uint_eq(plan.block_dim, 1u);
    ck_assert_uint_eq(d->totalLength, 256u);
    ck_assert_uint_eq(d->tileDataNum, 256u);
    ck_assert_uint_eq(d->coreNum, 1u);
    ck_assert_uint_eq(d->bigCoreNum, 0u);
    ck_assert_uint_eq(d->bigCoreDataNum, 0u);
    ck_assert_uint_eq(d->smallCoreDataNum, 0u);
    ck_assert_uint_eq(d->lastCoreDataNum, 256u);
    ck_assert_uint_eq(d->bufferOpen, 0u);
    ck_assert_uint_eq(d->computeChunk, 4096u);
    ck_assert(d->alpha == alpha && d->scale == scale && d->inputScale == input_scale);
    ck_assert_uint_eq(d->isResult, is_result ? 1u : 0u);
}

START_TEST(test_ut_2_8_3)
{
    uint32_t cores = _i == 0 ? 48u : 40u;
    check_single_tile_256(cores, ACL_FLOAT, 1.3f, 0.7f, 1.1f, false);  /* float32_exp {1,2,8,16} */
    check_single_tile_256(cores, ACL_FLOAT16, 1.2f, 0.8f, 1.0f, true); /* float16_result */
    check_single_tile_256(cores, ACL_BF16, 1.0f, 1.0f, 1.0f, false);   /* bfloat16_exp */

    acpu_platform p = ut_platform(cores); /* empty_tensor {0} fp16 */
    acpu_elu_tiling_args a = elu_args(ACL_FLOAT16, ACL_FLOAT16, 0u, 1.0f, 1.0f, 1.0f, false);
    acpu_elu_plan plan = plan_of(&p, &a);
    const acpu_elu_tiling_data *d = &plan.data;
    ck_assert_int_eq(plan.sch_mode, ACPU_ELU_SAFE_EXP);
    ck_assert_uint_eq(plan.block_dim, 1u);
    ck_assert_uint_eq(d->totalLength, 0u);
    ck_assert_uint_eq(d->tileDataNum, 4096u);
    ck_assert_uint_eq(d->coreNum, 1u);
    ck_assert_uint_eq(d->bigCoreNum + d->bigCoreDataNum + d->smallCoreDataNum + d->lastCoreDataNum, 0u);
    ck_assert_uint_eq(d->bufferOpen, 0u);
    ck_assert_uint_eq(d->computeChunk, 4096u);
    ck_assert_uint_eq(plan.workspace, 0u);

    a.is_result = true; /* empty result form: key SAFE_RESULT */
    plan = plan_of(&p, &a);
    ck_assert_int_eq(plan.sch_mode, ACPU_ELU_SAFE_RESULT);
}
END_TEST

/* ---- spec 2.6 step 6: MaxTile with UB 196608 ------------------------------------------------- */

static void check_max_tile(aclDataType in, uint64_t n, float alpha, bool is_result, uint64_t dbl, uint64_t single)
{
    acpu_platform p = ut_platform(48u);
    acpu_elu_tiling_args a = elu_args(in, in, n, alpha, 1.0f, 1.0f, is_result);
    ck_assert_uint_eq(acpu_elu_max_tile(&p, &a, 2u), dbl);
    ck_assert_uint_eq(acpu_elu_max_tile(&p, &a, 1u), single);
}

START_TEST(test_max_tile)
{
    check_max_tile(ACL_FLOAT, 100000u, 1.0f, false, 7296u, 14592u); /* fp32 generic */
    check_max_tile(ACL_FLOAT, 65536u, 1.0f, true, 7296u, 14592u);
    check_max_tile(ACL_FLOAT16, 65536u, 1.2f, false, 11776u, 23680u); /* fp16 generic (attrs) */
    check_max_tile(ACL_FLOAT16, 65537u, 1.0f, false, 11776u, 23680u); /* fp16 generic (unaligned) */
    check_max_tile(ACL_BF16, 4000u, 1.0f, true, 11776u, 23680u);      /* bf16 generic */
    check_max_tile(ACL_FLOAT16, 65536u, 1.0f, false, 13184u, 26368u); /* fp16 fast */
    check_max_tile(ACL_BF16, 65536u, 1.0f, true, 13184u, 26368u);     /* bf16 fast */

    /* Seen in plans: a dedicated double-buffered path with a large per-core share is capped by
     * MaxTile(2); the generic paths are capped by the compute chunk, which is below it. */
    acpu_platform p = ut_platform(48u);
    acpu_elu_tiling_args a = elu_args(ACL_FLOAT16, ACL_FLOAT16, 48u * 128u * 1000u, 1.0f, 1.0f, 1.0f, false);
    acpu_elu_plan plan = plan_of(&p, &a);
    ck_assert_int_eq(plan.sch_mode, ACPU_ELU_FLOAT16_EXP_FAST);
    ck_assert_uint_eq(plan.data.tileDataNum, 13184u);
    ck_assert_uint_eq(plan.data.bufferOpen, 1u);
    a.in_dtype = a.out_dtype = ACL_BF16;
    plan = plan_of(&p, &a);
    ck_assert_int_eq(plan.sch_mode, ACPU_ELU_MIXED_EXP_FAST);
    ck_assert_uint_eq(plan.data.tileDataNum, 13184u);
    a.alpha = 1.5f;
    a.in_dtype = a.out_dtype = ACL_FLOAT16;
    plan = plan_of(&p, &a);
    ck_assert_int_eq(plan.sch_mode, ACPU_ELU_SAFE_EXP);
    ck_assert_uint_eq(plan.data.tileDataNum, 4096u);
    /* UB below the scratch: MaxTile is one block. */
    p.ub_bytes = 4096u;
    ck_assert_uint_eq(acpu_elu_max_tile(&p, &a, 2u), 128u);
}
END_TEST

/* ---- invariants over pseudo-random calls ------------------------------------------------------ */

static uint64_t lcg_state;

static uint32_t lcg_next(void)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg_state >> 33);
}

static uint64_t random_n(void)
{
    switch (lcg_next() % 6u) {
    case 0: return lcg_next() % 2100u;                    /* around the small limits */
    case 1: return lcg_next() % 70000u;                   /* up to a few cores' worth */
    case 2: return (uint64_t)(lcg_next() % 8192u) * 128u; /* aligned: fast paths */
    case 3: return lcg_next() % (1u << 24);
    case 4: return ((uint64_t)lcg_next() << 8) | (lcg_next() & 0xffu); /* up to 2^39 */
    default: return 4096u + lcg_next() % 16u * 128u + (lcg_next() % 4u == 0 ? lcg_next() % 128u : 0u);
    }
}

static aclDataType random_dtype(void)
{
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    return dts[lcg_next() % 3u];
}

static float random_attr(void)
{
    static const float vals[] = {1.0f, 1.0f, 1.0f, 1.0009f, 0.9991f, 1.002f, 1.2f, 0.5f, 0.0f};
    return vals[lcg_next() % (sizeof vals / sizeof vals[0])];
}

static acpu_elu_tiling_args random_args(void)
{
    acpu_elu_tiling_args a = elu_args(random_dtype(), ACL_FLOAT, random_n(), random_attr(), random_attr(),
                                      random_attr(), lcg_next() % 2u == 0u);
    uint32_t out_kind = lcg_next() % 4u;
    a.out_dtype = out_kind < 2u ? a.in_dtype : (out_kind == 2u ? ACL_FLOAT : ACL_FLOAT16);
    return a;
}

/* Independent restatement of the call's typeSize and chunkFloatBufferNum (spec 2.6 steps 2, 3, 6). */
static uint64_t ref_type_size(const acpu_elu_tiling_args *a)
{
    uint64_t ts = a->in_dtype == ACL_FLOAT ? 4u : 2u;
    if (a->is_result && a->in_dtype != a->out_dtype && a->out_dtype == ACL_FLOAT)
        ts = 4u;
    return ts;
}

static bool near1(float v) { return v - 1.0f <= 1e-3f && 1.0f - v <= 1e-3f; }

static bool ref_f16_fast(const acpu_elu_tiling_args *a)
{
    return a->in_dtype == ACL_FLOAT16 && !a->is_result && near1(a->alpha) && near1(a->scale) && near1(a->input_scale) &&
           a->n % 128u == 0u && a->n >= 4096u;
}

static bool ref_bf16_fast(const acpu_elu_tiling_args *a)
{
    return a->in_dtype == ACL_BF16 && a->n % 128u == 0u && a->n >= 4096u;
}

static uint64_t ref_scratch(const acpu_elu_tiling_args *a, uint64_t chunk)
{
    uint64_t cfb = (ref_f16_fast(a) || ref_bf16_fast(a)) ? 2u : (a->in_dtype == ACL_FLOAT ? 1u : 3u);
    return cfb * chunk * 4u + chunk + 1024u;
}

/* Spec 2.7 per-core ranges tile [0, n) in order, each non-empty. Returns the largest length. */
static uint64_t check_cover(const acpu_elu_tiling_data *d, uint64_t n)
{
    uint64_t next = 0u, biggest = 0u;
    for (uint64_t i = 0u; i < d->coreNum; ++i) {
        bool big = i < d->bigCoreNum;
        uint64_t start = big ? i * d->bigCoreDataNum
                             : d->bigCoreNum * d->bigCoreDataNum + (i - d->bigCoreNum) * d->smallCoreDataNum;
        uint64_t len = big ? d->bigCoreDataNum : d->smallCoreDataNum;
        if (i == d->coreNum - 1u)
            len = d->lastCoreDataNum;
        ck_assert_msg(start == next, "n=%llu core %llu starts at %llu, expected %llu", (unsigned long long)n,
                      (unsigned long long)i, (unsigned long long)start, (unsigned long long)next);
        ck_assert_msg(len > 0u, "n=%llu core %llu is empty", (unsigned long long)n, (unsigned long long)i);
        next = start + len;
        biggest = len > biggest ? len : biggest;
    }
    ck_assert_msg(next == n, "n=%llu covered up to %llu", (unsigned long long)n, (unsigned long long)next);
    return biggest;
}

static void check_invariants(const acpu_platform *p, const acpu_elu_tiling_args *a)
{
    acpu_elu_plan plan = plan_of(p, a);
    const acpu_elu_tiling_data *d = &plan.data;
    ck_assert_uint_eq(d->totalLength, a->n);
    ck_assert_uint_eq(d->computeChunk, p->compute_chunk);
    ck_assert(d->alpha == a->alpha && d->scale == a->scale && d->inputScale == a->input_scale);
    ck_assert_uint_eq(d->isResult, a->is_result ? 1u : 0u);
    ck_assert_uint_eq(plan.workspace, 0u);
    ck_assert_uint_eq(plan.block_dim, d->coreNum);
    ck_assert(d->coreNum >= 1u && d->coreNum <= p->core_num && d->coreNum <= p->max_cores);
    ck_assert_uint_gt(d->tileDataNum, 0u);
    ck_assert(plan.sch_mode != ACPU_ELU_FLOAT16_RESULT_FAST);
    if (a->n == 0u)
        return;
    uint64_t ts = ref_type_size(a), be = 256u / ts;
    ck_assert_msg(d->tileDataNum % be == 0u, "tile %llu not a multiple of %llu", (unsigned long long)d->tileDataNum,
                  (unsigned long long)be);
    uint64_t scratch = ref_scratch(a, p->compute_chunk), buf_num = d->bufferOpen ? 2u : 1u;
    if (p->ub_bytes > scratch) /* bufNum x 3 queues of tileDataNum elements beside the scratch */
        ck_assert_msg(buf_num * 3u * ts * d->tileDataNum + scratch <= p->ub_bytes,
                      "n=%llu tile %llu x%llu over UB %llu", (unsigned long long)a->n,
                      (unsigned long long)d->tileDataNum, (unsigned long long)buf_num, (unsigned long long)p->ub_bytes);
    uint64_t biggest = check_cover(d, a->n);
    if (d->bufferOpen) /* double buffering only with two or more tiles on the biggest core */
        ck_assert_uint_ge((biggest + d->tileDataNum - 1u) / d->tileDataNum, 2u);
    if (plan.sch_mode == ACPU_ELU_FLOAT16_EXP_FAST)
        ck_assert(ref_f16_fast(a));
    if (plan.sch_mode == ACPU_ELU_MIXED_EXP_FAST || plan.sch_mode == ACPU_ELU_MIXED_RESULT_FAST)
        ck_assert(ref_bf16_fast(a));
    /* On the Ascend profiles a single-tile schedule's one tile holds every core's range. */
    bool single = plan.sch_mode == ACPU_ELU_SINGLE_TILE_EXP || plan.sch_mode == ACPU_ELU_SINGLE_TILE_RESULT;
    if (single && p->soc != ACPU_SOC_HOST)
        ck_assert_uint_ge(d->tileDataNum, biggest);
}

/* Ascend910B (48 and 40 cores), Ascend950, and host with 1, 2 or 7 cores and UB in [64 KiB, 1 MiB]. */
static acpu_platform invariant_profile(void)
{
    static const uint32_t host_cores[] = {1u, 2u, 7u};
    switch (lcg_next() % 6u) {
    case 0: return profile(ACPU_SOC_ASCEND910B, 0u, 0u);
    case 1: return ut_platform(40u);
    case 2: return profile(ACPU_SOC_ASCEND950, 0u, 0u);
    default: {
        uint32_t cores = host_cores[lcg_next() % 3u];
        return profile(ACPU_SOC_HOST, cores, 65536u + lcg_next() % (1048576u - 65536u + 1u));
    }
    }
}

START_TEST(test_invariants)
{
    lcg_state = 0x5eed0000u + (uint64_t)_i;
    for (int iter = 0; iter < 4000; ++iter) {
        acpu_platform p = invariant_profile();
        acpu_elu_tiling_args a = random_args();
        check_invariants(&p, &a);
    }
}
END_TEST

START_TEST(test_invariants_host_edges)
{
    static const uint32_t cores[] = {1u, 2u, 7u};
    static const uint64_t ubs[] = {65536u, 131072u, 262144u, 524288u, 1048576u};
    static const uint64_t ns[] = {1u, 127u, 128u, 4096u, 16383u, 16384u, 16385u, 32768u, 114688u, 114689u, 1u << 20};
    for (size_t c = 0; c < 3u; ++c)
        for (size_t u = 0; u < 5u; ++u)
            for (size_t k = 0; k < sizeof ns / sizeof ns[0]; ++k)
                for (int v = 0; v < 12; ++v) {
                    acpu_platform p = profile(ACPU_SOC_HOST, cores[c], ubs[u]);
                    aclDataType in = v % 3 == 0 ? ACL_FLOAT : (v % 3 == 1 ? ACL_FLOAT16 : ACL_BF16);
                    bool is_result = v >= 6;
                    aclDataType out = (v / 3) % 2 == 0 ? in : ACL_FLOAT;
                    acpu_elu_tiling_args a = elu_args(in, out, ns[k], 1.0f, 1.0f, 1.0f, is_result);
                    check_invariants(&p, &a);
                }
}
END_TEST

/* ---- the aclnn-cpu-tiling tool ---------------------------------------------------------------- */

START_TEST(test_tool_output)
{
    const char *tool = acpu_test_tool_path();
    char out[4096];
    int rc = acpu_test_run_tool(
        tool,
        "elu_backward --soc Ascend910B --dtype float16 --out-dtype float16 --shape 65536 --alpha 1 "
        "--scale 1 --input-scale 1",
        out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out, "{\"op\": \"EluGradV2\", \"soc\": \"Ascend910B\", \"tilingKey\": 6, \"schMode\": "
                          "\"FLOAT16_EXP_FAST\", \"blockDim\": 48, \"workspace\": 0, \"tilingData\": "
                          "{\"totalLength\": 65536, \"tileDataNum\": 1408, \"coreNum\": 48, \"bigCoreNum\": 32, "
                          "\"bigCoreDataNum\": 1408, \"smallCoreDataNum\": 1280, \"lastCoreDataNum\": 1280, "
                          "\"bufferOpen\": 0, \"computeChunk\": 4096, \"alpha\": 1, \"scale\": 1, "
                          "\"inputScale\": 1, \"isResult\": false}}\n");
    /* --schedule appends the engine's schedule; without it the JSON is CANN's data alone. */
    ck_assert_ptr_null(strstr(out, "\"schedule\""));
    rc = acpu_test_run_tool(
        tool, "elu_backward --soc ascend910b --dtype fp32 --shape 5,205 --is-result --alpha=1.3 --schedule", out,
        sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"inputScale\": 1, \"isResult\": true}, \"schedule\": {\"kind\": \"ranges\", "
                                      "\"total\": 1025, \"core_num\": 2, \"tile\": 4096, \"double_buffer\": false, "
                                      "\"big_core_num\": 1, \"big_core_len\": 576, \"small_core_len\": 512, "
                                      "\"last_core_len\": 449}}\n"));
    /* C.1 fp32 n=1025 is_result row, via a multi-dim shape, with defaults and a non-integer attr. */
    rc = acpu_test_run_tool(tool, "elu_backward --soc ascend910b --dtype fp32 --shape 5,205 --is-result --alpha=1.3",
                            out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out, "{\"op\": \"EluGradV2\", \"soc\": \"Ascend910B\", \"tilingKey\": 3, \"schMode\": "
                          "\"SINGLE_TILE_RESULT\", \"blockDim\": 2, \"workspace\": 0, \"tilingData\": "
                          "{\"totalLength\": 1025, \"tileDataNum\": 4096, \"coreNum\": 2, \"bigCoreNum\": 1, "
                          "\"bigCoreDataNum\": 576, \"smallCoreDataNum\": 512, \"lastCoreDataNum\": 449, "
                          "\"bufferOpen\": 0, \"computeChunk\": 4096, \"alpha\": 1.29999995, \"scale\": 1, "
                          "\"inputScale\": 1, \"isResult\": true}}\n");
    /* --cores override on an Ascend profile; a scalar shape. */
    rc = acpu_test_run_tool(
        tool, "elu_backward --soc Ascend950 --cores 40 --ub 196608 --dtype bf16 --shape 65536 --is-result", out,
        sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"soc\": \"Ascend950\", \"tilingKey\": 5, \"schMode\": \"MIXED_RESULT_FAST\", "
                                      "\"blockDim\": 40,"));
    rc = acpu_test_run_tool(tool, "elu_backward --soc Ascend910B --shape scalar", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"totalLength\": 1, \"tileDataNum\": 64,"));
}
END_TEST

START_TEST(test_tool_host_and_help)
{
    const char *tool = acpu_test_tool_path();
    char out[8192];
    int rc = acpu_test_run_tool(tool, "elu_backward --cores 2 --ub 262144 --dtype float16 --shape 1000000", out,
                                sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "{\"op\": \"EluGradV2\", \"soc\": \"host\", "));
    ck_assert_ptr_nonnull(strstr(out, "\"blockDim\": 2,"));
    ck_assert(strchr(out, '\n') == out + strlen(out) - 1u);
    rc = acpu_test_run_tool(tool, "--help", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "elu_backward"));
    rc = acpu_test_run_tool(tool, "elu_backward --help", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "--input-scale"));
}
END_TEST

/* clang-format off */ /* a table: one row per line */
static const char *const k_bad_args[] = {
    "",                                               /* no op */
    "relu_backward --shape 4",                        /* unknown op */
    "elu_backward --bogus 1",                         /* unknown option */
    "elu_backward --shape",                           /* missing value */
    "elu_backward --shape 4 --alpha",                 /* missing value */
    "elu_backward --alpha abc",                       /* unparsable number */
    "elu_backward --alpha 1.5x",
    "elu_backward --alpha nan",
    "elu_backward --cores x",
    "elu_backward --cores 0",
    "elu_backward --ub -5",
    "elu_backward --soc Ascend310P",                  /* unknown soc */
    "elu_backward --dtype int8",                      /* unknown dtype */
    "elu_backward --dtype float --out-dtype double",
    "elu_backward --shape 2,-3",                      /* negative dim */
    "elu_backward --shape 2,,3",
    "elu_backward --shape 4294967296,4294967296",     /* element count overflows */
    "elu_backward --is-result=1",
    "elu_backward stray",
};
/* clang-format on */

START_TEST(test_tool_bad_args)
{
    acpu_test_expect_tool_refuses(k_bad_args, sizeof k_bad_args / sizeof k_bad_args[0], 2);
}
END_TEST

static Suite *tiling_suite(void)
{
    Suite *s = suite_create("tiling");
    TCase *tc = tcase_create("elu_grad_v2");
    tcase_add_test(tc, test_profiles);
    tcase_add_test(tc, test_no_cores_fails);
    tcase_add_test(tc, test_unrunnable_schedules_refused);
    tcase_add_loop_test(tc, test_appendix_c1, 0, (int)(sizeof k_c1 / sizeof k_c1[0]));
    tcase_add_loop_test(tc, test_ut_2_8_3, 0, 2);
    tcase_add_test(tc, test_max_tile);
    tcase_add_loop_test(tc, test_invariants, 0, 3);
    tcase_add_test(tc, test_invariants_host_edges);
    suite_add_tcase(s, tc);
    TCase *tool = tcase_create("tool");
    tcase_add_test(tool, test_tool_output);
    tcase_add_test(tool, test_tool_host_and_help);
    tcase_add_test(tool, test_tool_bad_args);
    suite_add_tcase(s, tool);
    return s;
}

int main(void) { return acpu_test_main(tiling_suite()); }
