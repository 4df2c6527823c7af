/* The tiling lab: aclnnCpuGetTilingPlan (an API's host tiling plan as JSON, from options spelled as
 * the aclnn-cpu-tiling command line) and aclnnCpuGetTilingUsage (those options), for every API of
 * the registry. The options come from the API's row: --dtype / --shape for every tensor, then
 * --<word>-dtype / --<word>-shape per tensor parameter, --<attribute> per attribute parameter,
 * --strategy among the operator's strategies, and the platform's --soc, --cores, --ub. The tool
 * (tools/aclnn-cpu-tiling.c) and the Python package (aclnn_cpu.tiling) both call this, so the plan,
 * its JSON and the option rules exist once. The JSON holds CANN's tiling data as the strategy
 * describes it, and with --schedule then "schedule": what the engine runs for the plan, in one
 * format for every strategy (describe_schedule); without it the JSON is CANN's data alone. Pure apart from reading the
 * settings (the host profile's thread count and cache budget): no setting changes, no I/O. */
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
#include "common/acpu_checked.h"
#include "lab/acpu_lab.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"
#include "settings/acpu_settings.h"

#define API "aclnnCpuGetTilingPlan"

/* ---- option names from the registry ------------------------------------------------------------- */

static bool is_tensor(acpu_param_kind k) { return k <= ACPU_P_TINOUT_CONST; }
static bool is_output(acpu_param_kind k) { return k == ACPU_P_TOUT || k == ACPU_P_TOUT_CONST; }

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

/* A finite number (JSON has no NaN or infinity), as a float and as a double. */
static bool parse_real(const char *s, acpu_attr_value *v)
{
    char *end = NULL;
    errno = 0;
    double d = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE || !isfinite(d))
        return false;
    float f = strtof(s, NULL);
    if (!isfinite(f))
        return false;
    v->f = f;
    v->d = d;
    v->b = d != 0.0;
    v->i = fabs(d) < 9.2e18 ? (int64_t)d : 0;
    return true;
}

static const struct {
    const char *name;
    aclDataType dt;
} k_dtype_names[] = {{"float32", ACL_FLOAT},  {"float", ACL_FLOAT},   {"fp32", ACL_FLOAT},    {"float16", ACL_FLOAT16},
                     {"fp16", ACL_FLOAT16},   {"half", ACL_FLOAT16},  {"bfloat16", ACL_BF16}, {"bf16", ACL_BF16},
                     {"float64", ACL_DOUBLE}, {"double", ACL_DOUBLE}, {"int8", ACL_INT8},     {"uint8", ACL_UINT8},
                     {"int16", ACL_INT16},    {"int32", ACL_INT32},   {"int64", ACL_INT64},   {"bool", ACL_BOOL}};

static bool parse_dtype(const char *s, aclDataType *out)
{
    for (size_t i = 0; i < sizeof k_dtype_names / sizeof k_dtype_names[0]; ++i) {
        if (ascii_iequal(s, k_dtype_names[i].name)) {
            *out = k_dtype_names[i].dt;
            return true;
        }
    }
    return false;
}

/* Comma-separated dims -> up to ACPU_BC_MAX_RANK dims; "" and "scalar" are 0-dim. The element count
 * must fit in int64_t. */
static bool parse_dims(const char *s, acpu_bc_shape *shape)
{
    *shape = (acpu_bc_shape){0};
    if (s[0] == '\0' || ascii_iequal(s, "scalar"))
        return true;
    char buf[32];
    uint64_t n = 1u;
    for (const char *p = s;;) {
        size_t len = strcspn(p, ",");
        uint64_t dim = 0u;
        if (len == 0u || len >= sizeof buf || shape->rank == ACPU_BC_MAX_RANK)
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

/* ---- the options of a call -------------------------------------------------------------------- */

typedef struct {
    const acpu_api_def *api;
    acpu_soc soc;
    uint32_t cores; /* 0: the profile's own */
    uint64_t ub;    /* 0: the profile's own */
    int strategy;   /* index in the operator's list; -1: the default */
    bool schedule;  /* --schedule: also the engine's schedule */
    aclDataType dtype;
    bool has_shape;
    acpu_bc_shape shape;
    aclDataType p_dtype[ACPU_MAX_PARAMS];
    bool p_has_dtype[ACPU_MAX_PARAMS], p_has_shape[ACPU_MAX_PARAMS];
    acpu_bc_shape p_shape[ACPU_MAX_PARAMS];
    acpu_attr_value attrs[ACPU_MAX_ATTRS];
} lab_opts;

/* Applies one option (name without "--", value or NULL): 1 applied, 0 bad value, -1 unknown. */
static int apply_platform_option(lab_opts *o, const char *name, const char *v)
{
    uint64_t n = 0u;
    if (strcmp(name, "soc") == 0)
        return v != NULL && acpu_soc_parse(v, &o->soc);
    if (strcmp(name, "cores") == 0) {
        if (v == NULL || !parse_u64(v, &n) || n == 0u || n > INT32_MAX)
            return 0;
        o->cores = (uint32_t)n;
        return 1;
    }
    if (strcmp(name, "ub") == 0) {
        if (v == NULL || !parse_u64(v, &n) || n == 0u || n > INT64_MAX)
            return 0;
        o->ub = n;
        return 1;
    }
    if (strcmp(name, "schedule") == 0) {
        o->schedule = true;
        return 1;
    }
    if (strcmp(name, "strategy") == 0) {
        const acpu_op_def *op = o->api->op;
        for (int i = 0; v != NULL && i < op->n_tilings; i++) {
            if (ascii_iequal(v, op->tilings[i].strategy->name)) {
                o->strategy = i;
                return 1;
            }
        }
        return 0;
    }
    if (strcmp(name, "dtype") == 0)
        return v != NULL && parse_dtype(v, &o->dtype);
    if (strcmp(name, "shape") == 0) {
        o->has_shape = true;
        return v != NULL && parse_dims(v, &o->shape);
    }
    return -1;
}

static int apply_attr_option(lab_opts *o, const acpu_param_def *p, const char *v)
{
    acpu_attr_value *a = &o->attrs[p->slot];
    const acpu_attr_def *def = &o->api->op->attrs[p->slot];
    switch (p->kind) {
    case ACPU_P_BOOL:
        a->b = true;
        a->f = 1.0f;
        a->d = 1.0;
        a->i = 1;
        return 1;
    case ACPU_P_STRING:
        for (int64_t i = 0; def->choices != NULL && def->choices[i] != NULL; i++)
            if (strcmp(v, def->choices[i]) == 0) {
                a->i = i;
                return 1;
            }
        return 0;
    default: return parse_real(v, a);
    }
}

/* Whether option `name` takes a value; -1 when the API has no such option. */
static int option_takes_value(const lab_opts *o, const char *name)
{
    static const char *const platform[] = {"soc", "cores", "ub", "strategy", "dtype", "shape"};
    for (size_t i = 0; i < sizeof platform / sizeof platform[0]; i++)
        if (strcmp(name, platform[i]) == 0)
            return 1;
    if (strcmp(name, "schedule") == 0)
        return 0;
    char word[48], opt[64];
    for (int i = 0; i < o->api->n_params; i++) {
        const acpu_param_def *p = &o->api->params[i];
        if (is_tensor(p->kind)) {
            acpu_lab_tensor_word(p->name, word, sizeof word);
            snprintf(opt, sizeof opt, "%s-dtype", word);
            if (strcmp(name, opt) == 0)
                return 1;
            snprintf(opt, sizeof opt, "%s-shape", word);
            if (strcmp(name, opt) == 0)
                return 1;
        } else {
            acpu_lab_kebab(p->name, word, sizeof word);
            if (strcmp(name, word) == 0)
                return p->kind != ACPU_P_BOOL;
        }
    }
    return -1;
}

static int apply_option(lab_opts *o, const char *name, const char *v)
{
    int rc = apply_platform_option(o, name, v);
    if (rc >= 0)
        return rc;
    char word[48], opt[64];
    for (int i = 0; i < o->api->n_params; i++) {
        const acpu_param_def *p = &o->api->params[i];
        if (!is_tensor(p->kind)) {
            acpu_lab_kebab(p->name, word, sizeof word);
            if (strcmp(name, word) == 0)
                return apply_attr_option(o, p, v);
            continue;
        }
        acpu_lab_tensor_word(p->name, word, sizeof word);
        snprintf(opt, sizeof opt, "%s-dtype", word);
        if (strcmp(name, opt) == 0) {
            o->p_has_dtype[i] = true;
            return parse_dtype(v, &o->p_dtype[i]);
        }
        snprintf(opt, sizeof opt, "%s-shape", word);
        if (strcmp(name, opt) == 0) {
            o->p_has_shape[i] = true;
            return parse_dims(v, &o->p_shape[i]);
        }
    }
    return -1;
}

/* 161001 for a NULL entry of argv[0..argc) wherever it stands, before anything else is read. */
static aclnnStatus check_argv(int32_t argc, const char *const *argv)
{
    for (int32_t i = 0; i < argc; ++i) {
        if (argv[i] == NULL) {
            acpu_set_error(API ": argv[%d] is NULL", (int)i);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
    }
    return ACL_SUCCESS;
}

/* Applies argv[0..argc) (no NULL entry: check_argv): ACL_SUCCESS, or 161002 with a message naming
 * the argument. */
static aclnnStatus parse_options(lab_opts *o, int32_t argc, const char *const *argv)
{
    for (int32_t i = 0; i < argc; ++i) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0) {
            acpu_set_error(API ": unexpected argument '%s' (options start with --)", arg);
            return ACLNN_ERR_PARAM_INVALID;
        }
        char name[64];
        const char *eq = strchr(arg + 2, '=');
        size_t name_len = eq ? (size_t)(eq - (arg + 2)) : strlen(arg + 2);
        int takes = -1;
        if (name_len < sizeof name) {
            memcpy(name, arg + 2, name_len);
            name[name_len] = '\0';
            takes = option_takes_value(o, name);
        }
        if (takes < 0) {
            acpu_set_error(API ": unknown option '%s' for %s", arg, o->api->snake);
            return ACLNN_ERR_PARAM_INVALID;
        }
        const char *value = NULL;
        if (takes) {
            if (eq == NULL && i + 1 >= argc) {
                acpu_set_error(API ": missing value for option '%s'", arg);
                return ACLNN_ERR_PARAM_INVALID;
            }
            value = eq ? eq + 1 : argv[++i];
        } else if (eq != NULL) {
            acpu_set_error(API ": no value allowed for option '%s'", arg);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (apply_option(o, name, value) != 1) {
            acpu_set_error(API ": bad value for option '--%s': '%s'", name, value != NULL ? value : "");
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACL_SUCCESS;
}

/* ---- the call the options describe ------------------------------------------------------------- */

/* Ascend profiles: their defaults, then the overrides. Host: the library's thread count and cache
 * budget (read, never changed), then the overrides. */
static void make_platform(const lab_opts *o, acpu_platform *p)
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

/* "--word-shape" of a tensor parameter, for messages. */
static void shape_option(const acpu_param_def *p, bool has_own, char *buf, size_t size)
{
    char word[48];
    acpu_lab_tensor_word(p->name, word, sizeof word);
    if (has_own)
        snprintf(buf, size, "--%s-shape", word);
    else
        snprintf(buf, size, "--shape");
}

/* The shape checks of the API that hold on every profile (a broadcast to another tensor, equal
 * shapes): what any profile's call must satisfy. */
static aclnnStatus check_shapes(const lab_opts *o, const acpu_bc_shape *shapes)
{
    const acpu_api_def *api = o->api;
    for (int i = 0; i < api->n_checks; i++) {
        const acpu_check *k = &api->checks[i];
        bool ok = true;
        if (k->profiles != 0)
            continue;
        if (k->kind == ACPU_CK_BROADCAST_TO)
            ok = acpu_bc_broadcasts_to(&shapes[k->a], &shapes[k->b]);
        else if (k->kind == ACPU_CK_SAME_SHAPE)
            ok = acpu_bc_shape_equal(&shapes[k->a], &shapes[k->b]);
        if (ok)
            continue;
        char a[64], b[64];
        shape_option(&api->params[k->a], o->p_has_shape[k->a], a, sizeof a);
        shape_option(&api->params[k->b], o->p_has_shape[k->b], b, sizeof b);
        acpu_set_error(API ": %s (%s) must %s %s (%s) for %s", a, api->params[k->a].name,
                       k->kind == ACPU_CK_BROADCAST_TO ? "broadcast to" : "equal", b, api->params[k->b].name,
                       api->snake);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACL_SUCCESS;
}

/* Each tensor's dtype is one the operator's kernel takes at its slot (the IR's TensorType list). */
static aclnnStatus check_dtypes(const lab_opts *o, const aclDataType *dts)
{
    const acpu_api_def *api = o->api;
    const acpu_op_def *op = acpu_api_op_for(api, o->attrs); /* the operator these attributes run */
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (!is_tensor(p->kind))
            continue;
        uint64_t set = is_output(p->kind) ? op->out_dtypes : op->in_dtypes[p->slot];
        if ((unsigned)dts[i] < 64u && (set & ACPU_DT(dts[i])))
            continue;
        char word[48], names[256];
        acpu_lab_tensor_word(p->name, word, sizeof word);
        acpu_set_error(API ": bad value for --%s-dtype or --dtype: %s's dtype %s is not one %s's kernel takes (%s)",
                       word, p->name, acpu_dtype_name(dts[i]), op->type, acpu_dtype_set_str(set, names, sizeof names));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACL_SUCCESS;
}

/* The tiling call: tensors by operator slot, the output's dtype the promotion of the inputs' and its
 * shape their broadcast unless given. */
static aclnnStatus make_call(const lab_opts *o, acpu_tiling_call *c)
{
    const acpu_api_def *api = o->api;
    acpu_bc_shape shapes[ACPU_MAX_PARAMS] = {{0}};
    aclDataType dts[ACPU_MAX_PARAMS] = {0};
    int out = -1;
    memset(c, 0, sizeof *c);
    c->n_in = api->op->n_in;
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (!is_tensor(p->kind))
            continue;
        shapes[i] = o->p_has_shape[i] ? o->p_shape[i] : o->shape;
        dts[i] = o->p_has_dtype[i] ? o->p_dtype[i] : o->dtype;
        if (is_output(p->kind)) {
            out = i;
            continue;
        }
        c->in[p->slot] = shapes[i];
        c->in_dt[p->slot] = dts[i];
    }
    c->out = c->in[0];
    c->out_dt = c->in_dt[0];
    for (int j = 1; j < c->n_in; j++) {
        c->out_dt = acpu_promote(c->out_dt, c->in_dt[j]);
        if (!acpu_bc_infer_shape(&c->out, &c->in[j], &c->out)) {
            acpu_set_error(API ": the input shapes of %s do not broadcast (numpy rules)", api->snake);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (out >= 0) {
        if (o->p_has_shape[out])
            c->out = o->p_shape[out];
        else
            shapes[out] = c->out;
        if (o->p_has_dtype[out])
            c->out_dt = o->p_dtype[out];
    }
    aclnnStatus rc = check_shapes(o, shapes);
    if (rc != ACL_SUCCESS || (rc = check_dtypes(o, dts)) != ACL_SUCCESS)
        return rc;
    c->compute_dt = acpu_compute_dtype_out(api->compute, c->in_dt, c->n_in, c->out_dt);
    memcpy(c->attrs, o->attrs, sizeof c->attrs);
    c->dense = true;
    c->n = 1;
    for (int64_t d = 0; d < c->out.rank; d++) { /* each shape fits int64; a broadcast of two may not */
        if (!acpu_mul_u64(c->n, (uint64_t)c->out.dims[d], &c->n) || c->n > (uint64_t)INT64_MAX) {
            acpu_set_error(API ": the output shape of %s has more than INT64_MAX elements", api->snake);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACL_SUCCESS;
}

/* The strategy: the one --strategy names (it must accept the call), else the operator's first for
 * the profile that accepts it. */
static aclnnStatus pick(const lab_opts *o, const acpu_tiling_call *c, const acpu_tiling_choice **choice)
{
    const acpu_op_def *op = acpu_api_op_for(o->api, o->attrs);
    if (o->strategy >= 0) {
        *choice = &op->tilings[o->strategy];
        const char *why = (*choice)->strategy->refuses ? (*choice)->strategy->refuses(c) : NULL;
        if (why != NULL) {
            acpu_set_error(API ": %s", why);
            return ACLNN_ERR_PARAM_INVALID;
        }
        return ACL_SUCCESS;
    }
    *choice = acpu_tiling_pick(op->tilings, op->n_tilings, o->soc, c);
    if (*choice == NULL) {
        acpu_set_error(API ": no tiling strategy of %s takes profile %s with these shapes", op->type,
                       acpu_soc_name(o->soc));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACL_SUCCESS;
}

/* The schedule the engine runs for the plan (common/acpu_schedule.h), one format for every strategy:
 * "schedule": {"kind", "total", "core_num", "tile", "double_buffer", then the kind's fields under
 * the struct's names}. A kind this writer does not know reads "unknown" (the registry test fails). */
static void describe_schedule(const acpu_schedule *s, const acpu_field_sink *k)
{
    static const char *const kinds[] = {[ACPU_SCHED_RANGES] = "ranges",
                                        [ACPU_SCHED_SPLIT] = "split",
                                        [ACPU_SCHED_BLOCKS] = "blocks",
                                        [ACPU_SCHED_DEALT] = "dealt"};
    bool known = (unsigned)s->kind < sizeof kinds / sizeof kinds[0] && kinds[s->kind] != NULL;
    k->begin(k->ctx, "schedule");
    k->str(k->ctx, "kind", known ? kinds[s->kind] : "unknown");
    k->u64(k->ctx, "total", s->total);
    k->u64(k->ctx, "core_num", s->core_num);
    k->u64(k->ctx, "tile", s->tile);
    k->flag(k->ctx, "double_buffer", s->double_buffer);
    if (s->kind == ACPU_SCHED_RANGES) {
        k->u64(k->ctx, "big_core_num", s->big_core_num);
        k->u64(k->ctx, "big_core_len", s->big_core_len);
        k->u64(k->ctx, "small_core_len", s->small_core_len);
        k->u64(k->ctx, "last_core_len", s->last_core_len);
    }
    if (s->kind == ACPU_SCHED_SPLIT || s->kind == ACPU_SCHED_BLOCKS) {
        k->u64(k->ctx, "a_o", s->a_o);
        k->u64(k->ctx, "a_i", s->a_i);
        k->u64(k->ctx, "a_i_tail", s->a_i_tail);
        k->u64(k->ctx, "axis_len", s->axis_len);
        k->u64(k->ctx, "inner", s->inner);
    }
    if (s->kind == ACPU_SCHED_SPLIT || s->kind == ACPU_SCHED_DEALT) {
        k->u64(k->ctx, "tiles_main", s->tiles_main);
        k->u64(k->ctx, "cores_tail", s->cores_tail);
    }
    if (s->kind == ACPU_SCHED_BLOCKS) {
        k->u64(k->ctx, "block_former", s->block_former);
        k->u64(k->ctx, "block_tail", s->block_tail);
    }
    if (s->kind == ACPU_SCHED_DEALT)
        k->u64(k->ctx, "short_core", s->short_core);
    k->end(k->ctx);
}

static aclnnStatus plan_api(const acpu_api_def *api, int32_t argc, const char *const *argv, acpu_lab_json *j)
{
    lab_opts o = {.api = api, .soc = ACPU_SOC_HOST, .strategy = -1, .dtype = ACL_FLOAT};
    acpu_api_default_attrs(api, o.attrs);
    aclnnStatus rc = parse_options(&o, argc, argv);
    acpu_tiling_call c;
    const acpu_tiling_choice *choice = NULL;
    if (rc != ACL_SUCCESS || (rc = make_call(&o, &c)) != ACL_SUCCESS || (rc = pick(&o, &c, &choice)) != ACL_SUCCESS)
        return rc;
    acpu_platform platform;
    make_platform(&o, &platform);
    acpu_tiling_result r;
    const acpu_op_def *op = acpu_api_op_for(api, o.attrs); /* the operator these attributes run */
    if (acpu_tiling_plan(choice, &platform, &c, &r) != 0) {
        acpu_set_error(API ": %s %s tiling failed (%s)", op->type, choice->strategy->name, r.why);
        return ACLNN_ERR_INNER_TILING_ERROR;
    }
    acpu_lab_json_begin(j, op->type, acpu_soc_name(platform.soc));
    choice->strategy->describe(&platform, &c, choice->params, &r, &j->sink);
    if (o.schedule)
        describe_schedule(&r.sched, &j->sink);
    acpu_lab_json_end(j);
    return ACL_SUCCESS;
}

/* ---- entry ------------------------------------------------------------------------------------ */

ACL_FUNC_VISIBILITY const char *aclnnCpuTilingOpName(int32_t index)
{
    if (index < 0 || index >= acpu_api_count)
        return NULL;
    return acpu_apis[index]->snake;
}

ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetTilingPlan(const char *op, int32_t argc, const char *const *argv, char *json,
                                                      size_t jsonSize, size_t *jsonLength)
{
    if (op == NULL || jsonLength == NULL || (argv == NULL && argc > 0) || (json == NULL && jsonSize > 0)) {
        acpu_set_error(API ": %s must not be NULL", op == NULL           ? "op"
                                                    : jsonLength == NULL ? "jsonLength"
                                                    : argv == NULL       ? "argv"
                                                                         : "json");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *jsonLength = 0u;
    if (argc < 0) {
        acpu_set_error(API ": argc must be >= 0, got %d", (int)argc);
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus rc = check_argv(argc, argv); /* before the op name: a NULL entry is 161001 whatever else */
    if (rc != ACL_SUCCESS)
        return rc;
    const acpu_api_def *api = NULL;
    for (int i = 0; i < acpu_api_count && api == NULL; ++i)
        if (strcmp(op, acpu_apis[i]->snake) == 0)
            api = acpu_apis[i];
    if (api == NULL) {
        acpu_set_error(API ": unknown op '%.64s' (aclnn-cpu-tiling --help lists them)", op);
        return ACLNN_ERR_PARAM_INVALID;
    }
    acpu_lab_json *j = acpu_lab_json_new();
    if (j == NULL) {
        acpu_set_error(API ": out of memory");
        return ACLNN_ERR_INNER;
    }
    rc = plan_api(api, argc, argv, j);
    if (rc == ACL_SUCCESS)
        rc = acpu_lab_json_take(j, API, json, jsonSize, jsonLength);
    acpu_lab_json_free(j);
    return rc;
}
