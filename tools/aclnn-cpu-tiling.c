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

#define EXIT_USAGE 2

static const char k_usage[] =
    "usage: aclnn-cpu-tiling OP [options]\n"
    "       aclnn-cpu-tiling --help\n"
    "\n"
    "Prints the host tiling plan of OP as one JSON object on one line.\n"
    "\n"
    "OP:\n"
    "  elu_backward         EluGradV2 (aclnnEluBackward)\n"
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
        if (dim != 0u && *n > UINT64_MAX / dim)
            return false;
        *n *= dim;
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
        fprintf(stderr, "aclnn-cpu-tiling: EluGradV2 tiling failed (no cores on the profile)\n");
        return EXIT_FAILURE;
    }
    print_elu_plan(platform.soc, &plan);
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* ---- main ------------------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);  /* options start at argv[2] */
} op_entry;

static const op_entry k_ops[] = {
    {"elu_backward", run_elu_backward},
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
