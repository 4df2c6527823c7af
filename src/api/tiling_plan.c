/* aclnnCpuGetTilingPlan: an operator's host tiling plan as JSON, from options spelled as the
 * aclnn-cpu-tiling command line. The tool (tools/aclnn-cpu-tiling.c) and the Python package
 * (aclnn_cpu.tiling) both call this, so the plan, its JSON and the option rules exist once.
 * Pure apart from reading the settings (the host profile's thread count and cache budget): no
 * setting changes, no I/O. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnn/acl_meta.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "acpu_settings.h"
#include "runtime/acpu_runtime.h"
#include "tiling/acpu_elu_tiling.h"
#include "tiling/acpu_platform.h"
#include "tiling/acpu_silu_tiling.h"
#include "tiling/acpu_softplus_tiling.h"

#define API "aclnnCpuGetTilingPlan"

/* ---- output: a bounded string builder (the JSON is at most a few KB) -------------------------- */

typedef struct {
    char buf[8192];
    size_t len;
    bool overflow;
} jbuf;

static void jprintf(jbuf *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void jprintf(jbuf *j, const char *fmt, ...)
{
    if (j->overflow)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(j->buf + j->len, sizeof j->buf - j->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof j->buf - j->len)
        j->overflow = true;
    else
        j->len += (size_t)n;
}

/* ---- value parsers: true on success ---------------------------------------------------------- */

static bool ascii_iequal(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; ++a, ++b) {
        char ca = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
        char cb = (*b >= 'A' && *b <= 'Z') ? (char)(*b - 'A' + 'a') : *b;
        if (ca != cb)
            return false;
    }
    return *a == *b;
}

/* Decimal digits only (no sign, no spaces), within uint64_t. */
static bool parse_u64(const char *s, uint64_t *out)
{
    if (s[0] < '0' || s[0] > '9')
        return false;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0')
        return false;
    *out = (uint64_t)v;
    return true;
}

/* A finite float (JSON has no NaN or infinity). */
static bool parse_float(const char *s, float *out)
{
    char *end = NULL;
    errno = 0;
    float v = strtof(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool parse_dtype(const char *s, aclDataType *out)
{
    static const struct {
        const char *name;
        aclDataType dt;
    } names[] = {{"float32", ACL_FLOAT}, {"float", ACL_FLOAT},   {"fp32", ACL_FLOAT},
                 {"float16", ACL_FLOAT16}, {"fp16", ACL_FLOAT16}, {"half", ACL_FLOAT16},
                 {"bfloat16", ACL_BF16},   {"bf16", ACL_BF16}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        if (ascii_iequal(s, names[i].name)) {
            *out = names[i].dt;
            return true;
        }
    }
    return false;
}

/* Comma-separated dims -> element count; "" and "scalar" are 0-dim (one element). */
static bool parse_shape(const char *s, uint64_t *n)
{
    *n = 1u;
    if (s[0] == '\0' || ascii_iequal(s, "scalar"))
        return true;
    char buf[32];
    for (const char *p = s;;) {
        size_t len = strcspn(p, ",");
        uint64_t dim = 0u;
        if (len == 0u || len >= sizeof buf)
            return false;
        memcpy(buf, p, len);
        buf[len] = '\0';
        if (!parse_u64(buf, &dim))
            return false;
        if (dim != 0u && *n > UINT64_MAX / dim)
            return false;
        *n *= dim;
        if (p[len] == '\0')
            return true;
        p += len + 1u;
    }
}

/* Comma-separated dims -> up to ACPU_SP_MAX_RANK dims; "" and "scalar" are 0-dim. The element
 * count must fit in int64_t. */
static bool parse_dims(const char *s, acpu_sp_shape *shape)
{
    *shape = (acpu_sp_shape){0};
    if (s[0] == '\0' || ascii_iequal(s, "scalar"))
        return true;
    char buf[32];
    uint64_t n = 1u;
    for (const char *p = s;;) {
        size_t len = strcspn(p, ",");
        uint64_t dim = 0u;
        if (len == 0u || len >= sizeof buf || shape->rank == ACPU_SP_MAX_RANK)
            return false;
        memcpy(buf, p, len);
        buf[len] = '\0';
        if (!parse_u64(buf, &dim) || dim > INT64_MAX || (dim != 0u && n > (uint64_t)INT64_MAX / dim))
            return false;
        n *= dim;
        shape->dims[shape->rank++] = (int64_t)dim;
        if (p[len] == '\0')
            return true;
        p += len + 1u;
    }
}

/* ---- option tables ---------------------------------------------------------------------------- */

typedef bool (*opt_handler)(void *ctx, const char *value);

typedef struct {
    const char *name;  /* without the leading "--" */
    bool takes_value;
    opt_handler handle;
} opt_spec;

/* Applies argv[0..argc) to ctx: ACL_SUCCESS, or 161002 with a message naming the argument. */
static aclnnStatus parse_options(const char *op, int32_t argc, const char *const *argv, const opt_spec *specs,
                                 size_t count, void *ctx)
{
    for (int32_t i = 0; i < argc; ++i) {
        const char *arg = argv[i];
        if (arg == NULL) {
            acpu_set_error(API ": argv[%d] is NULL", (int)i);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
        if (strncmp(arg, "--", 2) != 0) {
            acpu_set_error(API ": unexpected argument '%s' (options start with --)", arg);
            return ACLNN_ERR_PARAM_INVALID;
        }
        const char *eq = strchr(arg + 2, '=');
        size_t name_len = eq ? (size_t)(eq - (arg + 2)) : strlen(arg + 2);
        const opt_spec *spec = NULL;
        for (size_t k = 0; k < count && spec == NULL; ++k)
            if (strlen(specs[k].name) == name_len && strncmp(specs[k].name, arg + 2, name_len) == 0)
                spec = &specs[k];
        if (spec == NULL) {
            acpu_set_error(API ": unknown option '%s' for %s", arg, op);
            return ACLNN_ERR_PARAM_INVALID;
        }
        const char *value = NULL;
        if (spec->takes_value) {
            if (eq == NULL && (i + 1 >= argc || argv[i + 1] == NULL)) {
                acpu_set_error(API ": missing value for option '%s'", arg);
                return ACLNN_ERR_PARAM_INVALID;
            }
            value = eq ? eq + 1 : argv[++i];
        } else if (eq != NULL) {
            acpu_set_error(API ": no value allowed for option '%s'", arg);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (!spec->handle(ctx, value)) {
            acpu_set_error(API ": bad value for option '--%.*s': '%s'", (int)name_len, arg + 2,
                           value != NULL ? value : "");
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACL_SUCCESS;
}

/* ---- platform options (shared by every op) ---------------------------------------------------- */

typedef struct {
    acpu_soc soc;
    uint32_t cores;  /* 0: the profile's own */
    uint64_t ub;     /* 0: the profile's own */
} platform_opts;

static bool set_soc(platform_opts *o, const char *v) { return acpu_soc_parse(v, &o->soc); }

static bool set_cores(platform_opts *o, const char *v)
{
    uint64_t n = 0u;
    if (!parse_u64(v, &n) || n == 0u || n > INT32_MAX)
        return false;
    o->cores = (uint32_t)n;
    return true;
}

static bool set_ub(platform_opts *o, const char *v)
{
    uint64_t n = 0u;
    if (!parse_u64(v, &n) || n == 0u || n > INT64_MAX)
        return false;
    o->ub = n;
    return true;
}

/* Ascend profiles: their defaults, then the overrides. Host: the library's thread count and cache
 * budget (read, never changed), then the overrides. */
static void make_platform(const platform_opts *o, acpu_platform *p)
{
    if (o->soc != ACPU_SOC_HOST) {
        acpu_platform_init(p, o->soc, 0u, 0u);
        if (o->cores != 0u)
            p->core_num = o->cores;
        if (o->ub != 0u)
            p->ub_bytes = o->ub;
        return;
    }
    acpu_settings_host_platform(o->cores, o->ub, p);
}

/* ---- elu_backward ----------------------------------------------------------------------------- */

typedef struct {
    platform_opts plat;
    acpu_elu_tiling_args args;
    bool has_out_dtype;
} elu_opts;

static bool elu_soc(void *c, const char *v) { return set_soc(&((elu_opts *)c)->plat, v); }
static bool elu_cores(void *c, const char *v) { return set_cores(&((elu_opts *)c)->plat, v); }
static bool elu_ub(void *c, const char *v) { return set_ub(&((elu_opts *)c)->plat, v); }
static bool elu_dtype(void *c, const char *v) { return parse_dtype(v, &((elu_opts *)c)->args.in_dtype); }
static bool elu_shape(void *c, const char *v) { return parse_shape(v, &((elu_opts *)c)->args.n); }
static bool elu_alpha(void *c, const char *v) { return parse_float(v, &((elu_opts *)c)->args.alpha); }
static bool elu_scale(void *c, const char *v) { return parse_float(v, &((elu_opts *)c)->args.scale); }
static bool elu_input_scale(void *c, const char *v) { return parse_float(v, &((elu_opts *)c)->args.input_scale); }

static bool elu_out_dtype(void *c, const char *v)
{
    ((elu_opts *)c)->has_out_dtype = true;
    return parse_dtype(v, &((elu_opts *)c)->args.out_dtype);
}

static bool elu_is_result(void *c, const char *v)
{
    (void)v;
    ((elu_opts *)c)->args.is_result = true;
    return true;
}

static const opt_spec k_elu_options[] = {
    {"soc", true, elu_soc},           {"cores", true, elu_cores},         {"ub", true, elu_ub},
    {"dtype", true, elu_dtype},       {"out-dtype", true, elu_out_dtype}, {"shape", true, elu_shape},
    {"alpha", true, elu_alpha},       {"scale", true, elu_scale},         {"input-scale", true, elu_input_scale},
    {"is-result", false, elu_is_result},
};

static void print_elu_plan(jbuf *j, acpu_soc soc, const acpu_elu_plan *plan)
{
    const acpu_elu_tiling_data *d = &plan->data;
    jprintf(j, "{\"op\": \"EluGradV2\", \"soc\": \"%s\", \"tilingKey\": %d, \"schMode\": \"%s\", "
               "\"blockDim\": %" PRIu32 ", \"workspace\": %" PRIu64 ", \"tilingData\": {",
            acpu_soc_name(soc), (int)plan->sch_mode, acpu_elu_sch_mode_name(plan->sch_mode), plan->block_dim,
            plan->workspace);
    jprintf(j, "\"totalLength\": %" PRIu64 ", \"tileDataNum\": %" PRIu64 ", \"coreNum\": %" PRIu64
               ", \"bigCoreNum\": %" PRIu64 ", \"bigCoreDataNum\": %" PRIu64 ", \"smallCoreDataNum\": %" PRIu64
               ", \"lastCoreDataNum\": %" PRIu64 ", ",
            d->totalLength, d->tileDataNum, d->coreNum, d->bigCoreNum, d->bigCoreDataNum, d->smallCoreDataNum,
            d->lastCoreDataNum);
    jprintf(j, "\"bufferOpen\": %" PRIu32 ", \"computeChunk\": %" PRIu32
               ", \"alpha\": %.9g, \"scale\": %.9g, \"inputScale\": %.9g, \"isResult\": %s}}",
            d->bufferOpen, d->computeChunk, (double)d->alpha, (double)d->scale, (double)d->inputScale,
            d->isResult ? "true" : "false");
}

static aclnnStatus plan_elu_backward(int32_t argc, const char *const *argv, jbuf *j)
{
    elu_opts o = {.plat = {.soc = ACPU_SOC_HOST},
                  .args = {.n = 1u, .in_dtype = ACL_FLOAT, .alpha = 1.0f, .scale = 1.0f, .input_scale = 1.0f}};
    aclnnStatus rc = parse_options("elu_backward", argc, argv, k_elu_options,
                                   sizeof k_elu_options / sizeof k_elu_options[0], &o);
    if (rc != ACL_SUCCESS)
        return rc;
    if (!o.has_out_dtype)
        o.args.out_dtype = o.args.in_dtype;
    acpu_platform platform;
    acpu_elu_plan plan;
    make_platform(&o.plat, &platform);
    if (acpu_elu_tiling(&platform, &o.args, &plan) != 0) {
        acpu_set_error(API ": EluGradV2 tiling failed (no cores on the profile)");
        return ACLNN_ERR_INNER_TILING_ERROR;
    }
    print_elu_plan(j, platform.soc, &plan);
    return ACL_SUCCESS;
}

/* ---- softplus_backward ------------------------------------------------------------------------ */

typedef enum { SP_STRATEGY_DEFAULT, SP_STRATEGY_ARCH35, SP_STRATEGY_910B } sp_strategy;

typedef struct {
    platform_opts plat;
    aclDataType dtype;
    acpu_sp_shape self_shape, grad_shape;
    bool has_grad_shape;
    float beta, threshold;
    sp_strategy strategy;
} sp_opts;

static bool sp_soc(void *c, const char *v) { return set_soc(&((sp_opts *)c)->plat, v); }
static bool sp_cores(void *c, const char *v) { return set_cores(&((sp_opts *)c)->plat, v); }
static bool sp_ub(void *c, const char *v) { return set_ub(&((sp_opts *)c)->plat, v); }
static bool sp_dtype(void *c, const char *v) { return parse_dtype(v, &((sp_opts *)c)->dtype); }
static bool sp_shape(void *c, const char *v) { return parse_dims(v, &((sp_opts *)c)->self_shape); }
static bool sp_beta(void *c, const char *v) { return parse_float(v, &((sp_opts *)c)->beta); }
static bool sp_threshold(void *c, const char *v) { return parse_float(v, &((sp_opts *)c)->threshold); }

static bool sp_grad_shape(void *c, const char *v)
{
    ((sp_opts *)c)->has_grad_shape = true;
    return parse_dims(v, &((sp_opts *)c)->grad_shape);
}

static bool sp_strategy_opt(void *c, const char *v)
{
    sp_opts *o = c;
    if (ascii_iequal(v, "arch35"))
        o->strategy = SP_STRATEGY_ARCH35;
    else if (ascii_iequal(v, "ascend910b"))
        o->strategy = SP_STRATEGY_910B;
    else
        return false;
    return true;
}

static const opt_spec k_sp_options[] = {
    {"soc", true, sp_soc},         {"cores", true, sp_cores},           {"ub", true, sp_ub},
    {"dtype", true, sp_dtype},     {"shape", true, sp_shape},           {"grad-shape", true, sp_grad_shape},
    {"beta", true, sp_beta},       {"threshold", true, sp_threshold},   {"strategy", true, sp_strategy_opt},
};

/* "[v0, v1, ...]" of n values. */
static void print_i64_list(jbuf *j, const int64_t *v, int64_t n)
{
    jprintf(j, "[");
    for (int64_t i = 0; i < n; ++i)
        jprintf(j, "%s%" PRId64, i > 0 ? ", " : "", v[i]);
    jprintf(j, "]");
}

/* "[[...], [...]]": `rows` lists of RANK values. */
static void print_i64_rows(jbuf *j, const int64_t (*rows)[ACPU_SP_MAX_RANK], int64_t count, int64_t rank)
{
    jprintf(j, "[");
    for (int64_t i = 0; i < count; ++i) {
        if (i > 0)
            jprintf(j, ", ");
        print_i64_list(j, rows[i], rank);
    }
    jprintf(j, "]");
}

/* The fields every broadcast-tiled operator's plan starts with, up to and with the ", " after them. */
static void print_plan_head(jbuf *j, const char *op, acpu_soc soc, const char *strategy, uint64_t key,
                            uint32_t block_dim, uint64_t workspace)
{
    jprintf(j, "{\"op\": \"%s\", \"soc\": \"%s\", \"strategy\": \"%s\", \"tilingKey\": %" PRIu64
               ", \"blockDim\": %" PRIu32 ", \"workspace\": %" PRIu64 ", ",
            op, acpu_soc_name(soc), strategy, key, block_dim, workspace);
}

static void print_sp_head(jbuf *j, acpu_soc soc, const char *strategy, uint32_t key, uint32_t block_dim,
                          uint64_t workspace)
{
    print_plan_head(j, "SoftplusV2Grad", soc, strategy, key, block_dim, workspace);
    jprintf(j, "\"tilingData\": {");
}

static void print_sp_arch35(jbuf *j, acpu_soc soc, const acpu_sp_arch35_plan *plan)
{
    const acpu_sp_arch35_data *d = &plan->data;
    print_sp_head(j, soc, "arch35", plan->tiling_key, plan->block_dim, plan->workspace);
    jprintf(j, "\"split\": {\"axis\": %" PRId64 ", \"a_i\": %" PRId64 ", \"a_o\": %" PRId64 ", \"a_i_tail\": %" PRId64
               "}, \"multiCore\": {\"num_cores\": %" PRId64 ", \"total_tiles\": %" PRId64 ", \"tiles_main\": %" PRId64
               ", \"cores_tail\": %" PRId64 "}, \"rank\": %" PRId64 ", \"per_buf_bytes\": %" PRId64
               ", \"max_bro_shape\": ",
            d->split.axis, d->split.a_i, d->split.a_o, d->split.a_i_tail, d->multiCore.num_cores,
            d->multiCore.total_tiles, d->multiCore.tiles_main, d->multiCore.cores_tail, d->rank, d->per_buf_bytes);
    print_i64_list(j, d->max_bro_shape, plan->RANK);
    jprintf(j, ", \"input_shapes\": ");
    print_i64_rows(j, d->input_shapes, d->num_inputs, plan->RANK);
    jprintf(j, ", \"input_strides\": ");
    print_i64_rows(j, d->input_strides, d->num_inputs, plan->RANK);
    jprintf(j, ", \"output_shapes\": ");
    print_i64_rows(j, d->output_shapes, 1, plan->RANK);
    jprintf(j, ", \"output_strides\": ");
    print_i64_rows(j, d->output_strides, 1, plan->RANK);
    jprintf(j, ", \"beta\": %.9g, \"threshold\": %.9g}}", (double)d->beta, (double)d->threshold);
}

static void print_sp_910b(jbuf *j, acpu_soc soc, const acpu_sp_910b_plan *plan)
{
    const acpu_sp_910b_data *d = &plan->data;
    print_sp_head(j, soc, "ascend910b", plan->tiling_key, plan->block_dim, plan->workspace);
    jprintf(j, "\"smallCoreDataNum\": %" PRIu64 ", \"bigCoreDataNum\": %" PRIu64 ", \"finalBigTileNum\": %" PRIu64
               ", \"finalSmallTileNum\": %" PRIu64 ", \"tileDataNum\": %" PRIu64 ", \"smallTailDataNum\": %" PRIu64
               ", \"bigTailDataNum\": %" PRIu64 ", \"tailBlockNum\": %" PRIu64 ", ",
            d->smallCoreDataNum, d->bigCoreDataNum, d->finalBigTileNum, d->finalSmallTileNum, d->tileDataNum,
            d->smallTailDataNum, d->bigTailDataNum, d->tailBlockNum);
    jprintf(j, "\"bigprocessDataNum_computes\": %" PRIu64 ", \"smallprocessDataNum_computes\": %" PRIu64
               ", \"tailbigprocessDataNum_computes\": %" PRIu64 ", \"tailsmallprocessDataNum_computes\": %" PRIu64
               ", \"typeLength\": %" PRIu64 ", \"beta\": %.9g, \"threshold\": %.9g}}",
            d->bigprocessDataNum_computes, d->smallprocessDataNum_computes, d->tailbigprocessDataNum_computes,
            d->tailsmallprocessDataNum_computes, d->typeLength, (double)d->beta, (double)d->threshold);
}

/* Default strategy: ascend910b on the DAV_2201 profiles for equal shapes, arch35 otherwise. */
static sp_strategy sp_choose_strategy(const sp_opts *o, bool same)
{
    if (o->strategy != SP_STRATEGY_DEFAULT)
        return o->strategy;
    return acpu_sp_soc_has_910b_tiling(o->plat.soc) && same ? SP_STRATEGY_910B : SP_STRATEGY_ARCH35;
}

static aclnnStatus sp_plan_and_print(jbuf *j, const acpu_platform *platform, const acpu_sp_tiling_args *args,
                                     sp_strategy strategy)
{
    if (strategy == SP_STRATEGY_910B) {
        acpu_sp_910b_plan plan;
        if (acpu_sp_tiling_910b(platform, args, &plan) != 0) {
            acpu_set_error(API ": SoftplusV2Grad ascend910b tiling failed (empty tensor, byte size beyond 64 "
                               "bits, or UB too small for one tile)");
            return ACLNN_ERR_INNER_TILING_ERROR;
        }
        print_sp_910b(j, platform->soc, &plan);
    } else {
        acpu_sp_arch35_plan plan;
        if (acpu_sp_tiling_arch35(platform, args, &plan) != 0) {
            bool bro = acpu_sp_check_broadcast(args->inputs, args->num_inputs, &args->output);
            acpu_set_error(API ": SoftplusV2Grad arch35 tiling failed (%s)",
                           bro ? "UB too small for one buffer, or an empty dimension it cannot split"
                               : "gradOutput's shape does not broadcast to self's");
            return ACLNN_ERR_INNER_TILING_ERROR;
        }
        print_sp_arch35(j, platform->soc, &plan);
    }
    return ACL_SUCCESS;
}

static aclnnStatus plan_softplus_backward(int32_t argc, const char *const *argv, jbuf *j)
{
    sp_opts o = {.plat = {.soc = ACPU_SOC_HOST}, .dtype = ACL_FLOAT, .beta = 1.0f, .threshold = 20.0f};
    aclnnStatus rc = parse_options("softplus_backward", argc, argv, k_sp_options,
                                   sizeof k_sp_options / sizeof k_sp_options[0], &o);
    if (rc != ACL_SUCCESS)
        return rc;
    if (!o.has_grad_shape)
        o.grad_shape = o.self_shape;
    if (!acpu_sp_broadcasts_to(&o.grad_shape, &o.self_shape)) {
        acpu_set_error(API ": --grad-shape must broadcast to --shape (numpy rules, the result equal to --shape)");
        return ACLNN_ERR_PARAM_INVALID;
    }
    bool same = acpu_sp_shape_equal(&o.grad_shape, &o.self_shape);
    sp_strategy strategy = sp_choose_strategy(&o, same);
    if (strategy == SP_STRATEGY_910B && !same) {
        acpu_set_error(API ": the ascend910b strategy needs --grad-shape equal to --shape");
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Inputs gradOutput and self; gradInput has self's shape. */
    acpu_sp_tiling_args args = {.inputs = {o.grad_shape, o.self_shape}, .num_inputs = 2, .output = o.self_shape,
                                .dtype = o.dtype, .beta = o.beta, .threshold = o.threshold};
    acpu_platform platform;
    make_platform(&o.plat, &platform);
    return sp_plan_and_print(j, &platform, &args, strategy);
}

/* ---- silu_backward ---------------------------------------------------------------------------- */

typedef struct {
    platform_opts plat;
    aclDataType dtypes[3]; /* gradOutput, self, gradInput */
    bool has_self_dtype, has_out_dtype, has_grad_shape, has_out_shape;
    acpu_bc_shape self_shape, grad_shape, out_shape;
    sp_strategy strategy;
} silu_opts;

static bool silu_soc(void *c, const char *v) { return set_soc(&((silu_opts *)c)->plat, v); }
static bool silu_cores(void *c, const char *v) { return set_cores(&((silu_opts *)c)->plat, v); }
static bool silu_ub(void *c, const char *v) { return set_ub(&((silu_opts *)c)->plat, v); }
static bool silu_dtype(void *c, const char *v) { return parse_dtype(v, &((silu_opts *)c)->dtypes[0]); }
static bool silu_shape(void *c, const char *v) { return parse_dims(v, &((silu_opts *)c)->self_shape); }

static bool silu_self_dtype(void *c, const char *v)
{
    ((silu_opts *)c)->has_self_dtype = true;
    return parse_dtype(v, &((silu_opts *)c)->dtypes[1]);
}

static bool silu_out_dtype(void *c, const char *v)
{
    ((silu_opts *)c)->has_out_dtype = true;
    return parse_dtype(v, &((silu_opts *)c)->dtypes[2]);
}

static bool silu_grad_shape(void *c, const char *v)
{
    ((silu_opts *)c)->has_grad_shape = true;
    return parse_dims(v, &((silu_opts *)c)->grad_shape);
}

static bool silu_out_shape(void *c, const char *v)
{
    ((silu_opts *)c)->has_out_shape = true;
    return parse_dims(v, &((silu_opts *)c)->out_shape);
}

static bool silu_strategy(void *c, const char *v)
{
    sp_opts tmp = {.strategy = SP_STRATEGY_DEFAULT};
    bool ok = sp_strategy_opt(&tmp, v);
    ((silu_opts *)c)->strategy = tmp.strategy;
    return ok;
}

static const opt_spec k_silu_options[] = {
    {"soc", true, silu_soc},           {"cores", true, silu_cores},           {"ub", true, silu_ub},
    {"dtype", true, silu_dtype},       {"self-dtype", true, silu_self_dtype}, {"out-dtype", true, silu_out_dtype},
    {"shape", true, silu_shape},       {"grad-shape", true, silu_grad_shape}, {"out-shape", true, silu_out_shape},
    {"strategy", true, silu_strategy},
};

static void print_silu_arch35(jbuf *j, acpu_soc soc, const acpu_silu_arch35_plan *plan)
{
    const acpu_silu_arch35_data *d = &plan->data;
    print_plan_head(j, "SiluGrad", soc, "arch35", plan->tiling_key, plan->block_dim, plan->workspace);
    jprintf(j, "\"opKey\": %" PRId64 ", \"bufferDivisor\": %" PRId64 ", \"tilingData\": {\"blockFormer\": %" PRId64
            ", \"ubFormer\": %" PRId64 ", \"ubOuter\": %" PRId64 ", \"ubTail\": %" PRId64 ", \"blockTail\": %" PRId64
            ", \"shapeLen\": %" PRId64 ", \"ubSplitAxis\": %" PRId64 ", \"dimProductBeforeUbInner\": %" PRId64
            ", \"elemNum\": %" PRId64,
            plan->op_key, plan->buffer_divisor, d->blockFormer, d->ubFormer, d->ubOuter, d->ubTail, d->blockTail,
            d->shapeLen, d->ubSplitAxis, d->dimProductBeforeUbInner, d->elemNum);
    const struct {
        const char *name;
        const int64_t *v;
    } arrays[] = {{"input0Dims", d->input0Dims},       {"input1Dims", d->input1Dims},
                  {"outputDims", d->outputDims},       {"input0Strides", d->input0Strides},
                  {"input1Strides", d->input1Strides}, {"outputStrides", d->outputStrides}};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) {
        jprintf(j, ", \"%s\": ", arrays[i].name);
        print_i64_list(j, arrays[i].v, 8);
    }
    jprintf(j, "}}");
}

static void print_silu_910b(jbuf *j, acpu_soc soc, const acpu_silu_910b_plan *plan)
{
    const acpu_silu_910b_data *d = &plan->data;
    print_plan_head(j, "SiluGrad", soc, "ascend910b", plan->tiling_key, plan->block_dim, plan->workspace);
    jprintf(j, "\"tilingData\": {\"smallCoreDataNum\": %" PRIu64 ", \"bigCoreDataNum\": %" PRIu64
            ", \"tileDataNum\": %" PRIu64 ", \"tailBlockNum\": %" PRIu64 "}}",
            d->smallCoreDataNum, d->bigCoreDataNum, d->tileDataNum, d->tailBlockNum);
}

static aclnnStatus silu_plan_and_print(jbuf *j, const acpu_platform *platform, const acpu_silu_tiling_args *args,
                                       bool b910)
{
    if (b910) {
        acpu_silu_910b_plan plan;
        if (acpu_silu_tiling_910b(platform, args, &plan) != 0) {
            acpu_set_error(API ": SiluGrad ascend910b tiling failed (empty tensor)");
            return ACLNN_ERR_INNER_TILING_ERROR;
        }
        print_silu_910b(j, platform->soc, &plan);
    } else {
        acpu_silu_arch35_plan plan;
        if (acpu_silu_tiling_arch35(platform, args, &plan) != 0) {
            acpu_set_error(API ": SiluGrad arch35 tiling failed (a dtype triple outside the kernel's nine, shapes "
                               "that do not broadcast to --out-shape, an empty dimension, or a UB too small)");
            return ACLNN_ERR_INNER_TILING_ERROR;
        }
        print_silu_arch35(j, platform->soc, &plan);
    }
    return ACL_SUCCESS;
}

static aclnnStatus plan_silu_backward(int32_t argc, const char *const *argv, jbuf *j)
{
    silu_opts o = {.plat = {.soc = ACPU_SOC_HOST}, .dtypes = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}};
    aclnnStatus rc = parse_options("silu_backward", argc, argv, k_silu_options,
                                   sizeof k_silu_options / sizeof k_silu_options[0], &o);
    if (rc != ACL_SUCCESS)
        return rc;
    if (!o.has_self_dtype)
        o.dtypes[1] = o.dtypes[0];
    if (!o.has_out_dtype)
        o.dtypes[2] = o.dtypes[0] == o.dtypes[1] ? o.dtypes[0] : ACL_FLOAT;
    if (!o.has_grad_shape)
        o.grad_shape = o.self_shape;
    if (!o.has_out_shape && !acpu_bc_infer_shape(&o.grad_shape, &o.self_shape, &o.out_shape)) {
        acpu_set_error(API ": --grad-shape and --shape do not broadcast (numpy rules)");
        return ACLNN_ERR_PARAM_INVALID;
    }
    bool b910 = o.strategy == SP_STRATEGY_DEFAULT ? acpu_silu_soc_has_910b_tiling(o.plat.soc)
                                                  : o.strategy == SP_STRATEGY_910B;
    acpu_silu_tiling_args args = {.inputs = {o.grad_shape, o.self_shape}, .output = o.out_shape,
                                  .dtypes = {o.dtypes[0], o.dtypes[1], o.dtypes[2]}};
    acpu_platform platform;
    make_platform(&o.plat, &platform);
    return silu_plan_and_print(j, &platform, &args, b910);
}

/* ---- entry ------------------------------------------------------------------------------------ */

typedef struct {
    const char *name;
    aclnnStatus (*plan)(int32_t argc, const char *const *argv, jbuf *j);
} op_entry;

static const op_entry k_ops[] = {
    {"elu_backward", plan_elu_backward},
    {"softplus_backward", plan_softplus_backward},
    {"silu_backward", plan_silu_backward},
};

ACL_FUNC_VISIBILITY const char *aclnnCpuTilingOpName(int32_t index)
{
    if (index < 0 || (size_t)index >= sizeof k_ops / sizeof k_ops[0])
        return NULL;
    return k_ops[index].name;
}

ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetTilingPlan(const char *op, int32_t argc, const char *const *argv,
                                                      char *json, size_t jsonSize, size_t *jsonLength)
{
    if (op == NULL || jsonLength == NULL || (argv == NULL && argc > 0) || (json == NULL && jsonSize > 0)) {
        acpu_set_error(API ": %s must not be NULL",
                       op == NULL ? "op" : jsonLength == NULL ? "jsonLength" : argv == NULL ? "argv" : "json");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *jsonLength = 0u;
    if (argc < 0) {
        acpu_set_error(API ": argc must be >= 0, got %d", (int)argc);
        return ACLNN_ERR_PARAM_INVALID;
    }
    const op_entry *entry = NULL;
    for (size_t i = 0; i < sizeof k_ops / sizeof k_ops[0] && entry == NULL; ++i)
        if (strcmp(op, k_ops[i].name) == 0)
            entry = &k_ops[i];
    if (entry == NULL) {
        acpu_set_error(API ": unknown op '%s' (elu_backward, softplus_backward, silu_backward)", op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    jbuf *j = malloc(sizeof *j);
    if (j == NULL) {
        acpu_set_error(API ": out of memory");
        return ACLNN_ERR_INNER;
    }
    j->len = 0u;
    j->overflow = false;
    j->buf[0] = '\0';
    aclnnStatus rc = entry->plan(argc, argv, j);
    if (rc == ACL_SUCCESS && j->overflow) {
        acpu_set_error(API ": plan longer than %zu bytes", sizeof j->buf);
        rc = ACLNN_ERR_INNER;
    }
    if (rc == ACL_SUCCESS) {
        *jsonLength = j->len;
        if (json != NULL) {
            if (jsonSize <= j->len) {
                acpu_set_error(API ": json buffer of %zu bytes too small, the plan needs %zu (with the NUL)",
                               jsonSize, j->len + 1u);
                rc = ACLNN_ERR_PARAM_INVALID;
            } else {
                memcpy(json, j->buf, j->len + 1u);
            }
        }
    }
    free(j);
    return rc;
}
