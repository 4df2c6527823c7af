/* aclnn-cpu-tiling: prints the tiling plan an operator gets on a platform profile, as one JSON
 * object on one line. Exit status: 0 success, 1 planning failed, 2 bad arguments. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "tiling/acpu_elu_tiling.h"
#include "tiling/acpu_platform.h"
#include "tiling/acpu_silu_tiling.h"
#include "tiling/acpu_softplus_tiling.h"

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

/* "aclnn-cpu-tiling: <what> '<arg>'" and the usage on stderr; returns the usage exit status. */
static int usage_error(const char *what, const char *arg)
{
    if (arg != NULL)
        fprintf(stderr, "aclnn-cpu-tiling: %s '%s'\n%s", what, arg, k_usage);
    else
        fprintf(stderr, "aclnn-cpu-tiling: %s\n%s", what, k_usage);
    return EXIT_USAGE;
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
        if (dim > (uint64_t)INT64_MAX || (dim != 0u && *n > (uint64_t)INT64_MAX / dim))
            return false; /* as aclCreateTensor: element counts fit int64 */
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

/* Applies argv[first..argc) to ctx. Returns -1 when all parsed, 0 after --help, else EXIT_USAGE. */
static int parse_options(int argc, char **argv, int first, const opt_spec *specs, size_t count, void *ctx)
{
    for (int i = first; i < argc; ++i) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(k_usage, stdout);
            return 0;
        }
        if (strncmp(arg, "--", 2) != 0)
            return usage_error("unexpected argument", arg);
        const char *eq = strchr(arg + 2, '=');
        size_t name_len = eq ? (size_t)(eq - (arg + 2)) : strlen(arg + 2);
        const opt_spec *spec = NULL;
        for (size_t k = 0; k < count && spec == NULL; ++k)
            if (strlen(specs[k].name) == name_len && strncmp(specs[k].name, arg + 2, name_len) == 0)
                spec = &specs[k];
        if (spec == NULL)
            return usage_error("unknown option", arg);
        const char *value = NULL;
        if (spec->takes_value) {
            if (eq == NULL && i + 1 >= argc)
                return usage_error("missing value for option", arg);
            value = eq ? eq + 1 : argv[++i];
        } else if (eq != NULL) {
            return usage_error("no value allowed for option", arg);
        }
        if (!spec->handle(ctx, value))
            return usage_error("bad value for option", arg);
    }
    return -1;
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

/* Host numbers come from the library's platform settings (threads, cache budget); Ascend
 * profiles take their defaults and then the overrides. 0 on success. */
static int make_platform(const platform_opts *o, acpu_platform *p)
{
    if (o->soc != ACPU_SOC_HOST) {
        acpu_platform_init(p, o->soc, 0u, 0u);
        if (o->cores != 0u)
            p->core_num = o->cores;
        if (o->ub != 0u)
            p->ub_bytes = o->ub;
        return 0;
    }
    aclnnCpuPlatform host;
    memset(&host, 0, sizeof host);
    if (aclnnCpuSetPlatform("host", (int32_t)o->cores, (int64_t)o->ub) != ACL_SUCCESS ||
        aclnnCpuGetPlatform(&host) != ACL_SUCCESS || host.coreNum <= 0 || host.ubBytes <= 0) {
        fprintf(stderr, "aclnn-cpu-tiling: cannot read the host platform profile\n");
        return -1;
    }
    acpu_platform_init(p, ACPU_SOC_HOST, (uint32_t)host.coreNum, (uint64_t)host.ubBytes);
    return 0;
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

static void print_elu_plan(acpu_soc soc, const acpu_elu_plan *plan)
{
    const acpu_elu_tiling_data *d = &plan->data;
    printf("{\"op\": \"EluGradV2\", \"soc\": \"%s\", \"tilingKey\": %d, \"schMode\": \"%s\", "
           "\"blockDim\": %" PRIu32 ", \"workspace\": %" PRIu64 ", \"tilingData\": {",
           acpu_soc_name(soc), (int)plan->sch_mode, acpu_elu_sch_mode_name(plan->sch_mode), plan->block_dim,
           plan->workspace);
    printf("\"totalLength\": %" PRIu64 ", \"tileDataNum\": %" PRIu64 ", \"coreNum\": %" PRIu64
           ", \"bigCoreNum\": %" PRIu64 ", \"bigCoreDataNum\": %" PRIu64 ", \"smallCoreDataNum\": %" PRIu64
           ", \"lastCoreDataNum\": %" PRIu64 ", ",
           d->totalLength, d->tileDataNum, d->coreNum, d->bigCoreNum, d->bigCoreDataNum, d->smallCoreDataNum,
           d->lastCoreDataNum);
    printf("\"bufferOpen\": %" PRIu32 ", \"computeChunk\": %" PRIu32
           ", \"alpha\": %.9g, \"scale\": %.9g, \"inputScale\": %.9g, \"isResult\": %s}}\n",
           d->bufferOpen, d->computeChunk, (double)d->alpha, (double)d->scale, (double)d->inputScale,
           d->isResult ? "true" : "false");
}

static int run_elu_backward(int argc, char **argv)
{
    elu_opts o = {.plat = {.soc = ACPU_SOC_HOST},
                  .args = {.n = 1u, .in_dtype = ACL_FLOAT, .alpha = 1.0f, .scale = 1.0f, .input_scale = 1.0f}};
    int rc = parse_options(argc, argv, 2, k_elu_options, sizeof k_elu_options / sizeof k_elu_options[0], &o);
    if (rc >= 0)
        return rc;
    if (!o.has_out_dtype)
        o.args.out_dtype = o.args.in_dtype;
    acpu_platform platform;
    acpu_elu_plan plan;
    if (make_platform(&o.plat, &platform) != 0)
        return EXIT_FAILURE;
    if (acpu_elu_tiling(&platform, &o.args, &plan) != 0) {
        fprintf(stderr, "aclnn-cpu-tiling: EluGradV2 tiling failed (no cores on the profile, or n * typeSize past 2^64 bytes)\n");
        return EXIT_FAILURE;
    }
    print_elu_plan(platform.soc, &plan);
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
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
static void print_i64_list(const int64_t *v, int64_t n)
{
    putchar('[');
    for (int64_t i = 0; i < n; ++i)
        printf("%s%" PRId64, i > 0 ? ", " : "", v[i]);
    putchar(']');
}

/* "[[...], [...]]": `rows` lists of RANK values. */
static void print_i64_rows(const int64_t (*rows)[ACPU_SP_MAX_RANK], int64_t count, int64_t rank)
{
    putchar('[');
    for (int64_t i = 0; i < count; ++i) {
        if (i > 0)
            fputs(", ", stdout);
        print_i64_list(rows[i], rank);
    }
    putchar(']');
}

static void print_sp_head(acpu_soc soc, const char *strategy, uint32_t key, uint32_t block_dim, uint64_t workspace)
{
    printf("{\"op\": \"SoftplusV2Grad\", \"soc\": \"%s\", \"strategy\": \"%s\", \"tilingKey\": %" PRIu32
           ", \"blockDim\": %" PRIu32 ", \"workspace\": %" PRIu64 ", \"tilingData\": {",
           acpu_soc_name(soc), strategy, key, block_dim, workspace);
}

static void print_sp_arch35(acpu_soc soc, const acpu_sp_arch35_plan *plan)
{
    const acpu_sp_arch35_data *d = &plan->data;
    print_sp_head(soc, "arch35", plan->tiling_key, plan->block_dim, plan->workspace);
    printf("\"split\": {\"axis\": %" PRId64 ", \"a_i\": %" PRId64 ", \"a_o\": %" PRId64 ", \"a_i_tail\": %" PRId64
           "}, \"multiCore\": {\"num_cores\": %" PRId64 ", \"total_tiles\": %" PRId64 ", \"tiles_main\": %" PRId64
           ", \"cores_tail\": %" PRId64 "}, \"rank\": %" PRId64 ", \"per_buf_bytes\": %" PRId64
           ", \"max_bro_shape\": ",
           d->split.axis, d->split.a_i, d->split.a_o, d->split.a_i_tail, d->multiCore.num_cores,
           d->multiCore.total_tiles, d->multiCore.tiles_main, d->multiCore.cores_tail, d->rank, d->per_buf_bytes);
    print_i64_list(d->max_bro_shape, plan->RANK);
    fputs(", \"input_shapes\": ", stdout);
    print_i64_rows(d->input_shapes, d->num_inputs, plan->RANK);
    fputs(", \"input_strides\": ", stdout);
    print_i64_rows(d->input_strides, d->num_inputs, plan->RANK);
    fputs(", \"output_shapes\": ", stdout);
    print_i64_rows(d->output_shapes, 1, plan->RANK);
    fputs(", \"output_strides\": ", stdout);
    print_i64_rows(d->output_strides, 1, plan->RANK);
    printf(", \"beta\": %.9g, \"threshold\": %.9g}}\n", (double)d->beta, (double)d->threshold);
}

static void print_sp_910b(acpu_soc soc, const acpu_sp_910b_plan *plan)
{
    const acpu_sp_910b_data *d = &plan->data;
    print_sp_head(soc, "ascend910b", plan->tiling_key, plan->block_dim, plan->workspace);
    printf("\"smallCoreDataNum\": %" PRIu64 ", \"bigCoreDataNum\": %" PRIu64 ", \"finalBigTileNum\": %" PRIu64
           ", \"finalSmallTileNum\": %" PRIu64 ", \"tileDataNum\": %" PRIu64 ", \"smallTailDataNum\": %" PRIu64
           ", \"bigTailDataNum\": %" PRIu64 ", \"tailBlockNum\": %" PRIu64 ", ",
           d->smallCoreDataNum, d->bigCoreDataNum, d->finalBigTileNum, d->finalSmallTileNum, d->tileDataNum,
           d->smallTailDataNum, d->bigTailDataNum, d->tailBlockNum);
    printf("\"bigprocessDataNum_computes\": %" PRIu64 ", \"smallprocessDataNum_computes\": %" PRIu64
           ", \"tailbigprocessDataNum_computes\": %" PRIu64 ", \"tailsmallprocessDataNum_computes\": %" PRIu64
           ", \"typeLength\": %" PRIu64 ", \"beta\": %.9g, \"threshold\": %.9g}}\n",
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

/* Plans and prints; EXIT_FAILURE with a message when the tiling refuses the call. */
static int sp_plan_and_print(const acpu_platform *platform, const acpu_sp_tiling_args *args, sp_strategy strategy)
{
    if (strategy == SP_STRATEGY_910B) {
        acpu_sp_910b_plan plan;
        if (acpu_sp_tiling_910b(platform, args, &plan) != 0) {
            fprintf(stderr, "aclnn-cpu-tiling: SoftplusV2Grad ascend910b tiling failed (empty tensor, byte size "
                            "beyond 64 bits, or UB too small for one tile)\n");
            return EXIT_FAILURE;
        }
        print_sp_910b(platform->soc, &plan);
    } else {
        acpu_sp_arch35_plan plan;
        if (acpu_sp_tiling_arch35(platform, args, &plan) != 0) {
            bool bro = acpu_sp_check_broadcast(args->inputs, args->num_inputs, &args->output);
            fprintf(stderr, "aclnn-cpu-tiling: SoftplusV2Grad arch35 tiling failed (%s)\n",
                    bro ? "UB too small for one buffer, or an empty dimension it cannot split"
                        : "gradOutput's shape does not broadcast to self's");
            return EXIT_FAILURE;
        }
        print_sp_arch35(platform->soc, &plan);
    }
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int run_softplus_backward(int argc, char **argv)
{
    sp_opts o = {.plat = {.soc = ACPU_SOC_HOST}, .dtype = ACL_FLOAT, .beta = 1.0f, .threshold = 20.0f};
    int rc = parse_options(argc, argv, 2, k_sp_options, sizeof k_sp_options / sizeof k_sp_options[0], &o);
    if (rc >= 0)
        return rc;
    if (!o.has_grad_shape)
        o.grad_shape = o.self_shape;
    if (!acpu_sp_broadcasts_to(&o.grad_shape, &o.self_shape))
        return usage_error("--grad-shape must broadcast to --shape (numpy rules, the result equal to --shape)", NULL);
    bool same = acpu_sp_shape_equal(&o.grad_shape, &o.self_shape);
    sp_strategy strategy = sp_choose_strategy(&o, same);
    if (strategy == SP_STRATEGY_910B && !same)
        return usage_error("the ascend910b strategy needs --grad-shape equal to --shape", NULL);
    /* Inputs gradOutput and self; gradInput has self's shape. */
    acpu_sp_tiling_args args = {.inputs = {o.grad_shape, o.self_shape}, .num_inputs = 2, .output = o.self_shape,
                                .dtype = o.dtype, .beta = o.beta, .threshold = o.threshold};
    acpu_platform platform;
    if (make_platform(&o.plat, &platform) != 0)
        return EXIT_FAILURE;
    return sp_plan_and_print(&platform, &args, strategy);
}

/* ---- silu_backward ---------------------------------------------------------------------------- */

typedef struct {
    platform_opts plat;
    aclDataType dtypes[3];
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
    {"soc", true, silu_soc},           {"cores", true, silu_cores},         {"ub", true, silu_ub},
    {"dtype", true, silu_dtype},       {"self-dtype", true, silu_self_dtype}, {"out-dtype", true, silu_out_dtype},
    {"shape", true, silu_shape},       {"grad-shape", true, silu_grad_shape}, {"out-shape", true, silu_out_shape},
    {"strategy", true, silu_strategy},
};

static void print_silu_head(acpu_soc soc, const char *strategy, uint64_t key, uint32_t block_dim, uint64_t workspace)
{
    printf("{\"op\": \"SiluGrad\", \"soc\": \"%s\", \"strategy\": \"%s\", \"tilingKey\": %" PRIu64
           ", \"blockDim\": %" PRIu32 ", \"workspace\": %" PRIu64 ", ",
           acpu_soc_name(soc), strategy, key, block_dim, workspace);
}

static void print_silu_arch35(acpu_soc soc, const acpu_silu_arch35_plan *plan)
{
    const acpu_silu_arch35_data *d = &plan->data;
    print_silu_head(soc, "arch35", plan->tiling_key, plan->block_dim, plan->workspace);
    printf("\"opKey\": %" PRId64 ", \"bufferDivisor\": %" PRId64 ", \"tilingData\": {\"blockFormer\": %" PRId64
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
        printf(", \"%s\": ", arrays[i].name);
        print_i64_list(arrays[i].v, 8);
    }
    fputs("}}\n", stdout);
}

static void print_silu_910b(acpu_soc soc, const acpu_silu_910b_plan *plan)
{
    const acpu_silu_910b_data *d = &plan->data;
    print_silu_head(soc, "ascend910b", plan->tiling_key, plan->block_dim, plan->workspace);
    printf("\"tilingData\": {\"smallCoreDataNum\": %" PRIu64 ", \"bigCoreDataNum\": %" PRIu64
           ", \"tileDataNum\": %" PRIu64 ", \"tailBlockNum\": %" PRIu64 "}}\n",
           d->smallCoreDataNum, d->bigCoreDataNum, d->tileDataNum, d->tailBlockNum);
}

static int silu_plan_and_print(const acpu_platform *platform, const acpu_silu_tiling_args *args, bool b910)
{
    if (b910) {
        acpu_silu_910b_plan plan;
        if (acpu_silu_tiling_910b(platform, args, &plan) != 0) {
            fprintf(stderr, "aclnn-cpu-tiling: SiluGrad ascend910b tiling failed (empty tensor)\n");
            return EXIT_FAILURE;
        }
        print_silu_910b(platform->soc, &plan);
    } else {
        acpu_silu_arch35_plan plan;
        if (acpu_silu_tiling_arch35(platform, args, &plan) != 0) {
            fprintf(stderr, "aclnn-cpu-tiling: SiluGrad arch35 tiling failed (a dtype triple outside the kernel's "
                            "nine, shapes that do not broadcast to --out-shape, an empty dimension, or a UB too small)\n");
            return EXIT_FAILURE;
        }
        print_silu_arch35(platform->soc, &plan);
    }
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int run_silu_backward(int argc, char **argv)
{
    silu_opts o = {.plat = {.soc = ACPU_SOC_HOST}, .dtypes = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}};
    int rc = parse_options(argc, argv, 2, k_silu_options, sizeof k_silu_options / sizeof k_silu_options[0], &o);
    if (rc >= 0)
        return rc;
    if (!o.has_self_dtype)
        o.dtypes[1] = o.dtypes[0];
    if (!o.has_out_dtype)
        o.dtypes[2] = o.dtypes[0] == o.dtypes[1] ? o.dtypes[0] : ACL_FLOAT;
    if (!o.has_grad_shape)
        o.grad_shape = o.self_shape;
    if (!o.has_out_shape && !acpu_bc_infer_shape(&o.grad_shape, &o.self_shape, &o.out_shape))
        return usage_error("--grad-shape and --shape do not broadcast (numpy rules)", NULL);
    bool b910 = o.strategy == SP_STRATEGY_DEFAULT ? acpu_silu_soc_has_910b_tiling(o.plat.soc)
                                                  : o.strategy == SP_STRATEGY_910B;
    acpu_silu_tiling_args args = {.inputs = {o.grad_shape, o.self_shape}, .output = o.out_shape,
                                  .dtypes = {o.dtypes[0], o.dtypes[1], o.dtypes[2]}};
    acpu_platform platform;
    if (make_platform(&o.plat, &platform) != 0)
        return EXIT_FAILURE;
    return silu_plan_and_print(&platform, &args, b910);
}

/* ---- main ------------------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);  /* options start at argv[2] */
} op_entry;

static const op_entry k_ops[] = {
    {"elu_backward", run_elu_backward},
    {"softplus_backward", run_softplus_backward},
    {"silu_backward", run_silu_backward},
};

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing OP", NULL);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(k_usage, stdout);
        return EXIT_SUCCESS;
    }
    for (size_t i = 0; i < sizeof k_ops / sizeof k_ops[0]; ++i)
        if (strcmp(argv[1], k_ops[i].name) == 0)
            return k_ops[i].run(argc, argv);
    return usage_error("unknown OP", argv[1]);
}
