/* The benchmark's cases, read from the operator registry: one case per API (named by its snake
 * name, attributes at the operator's defaults) and one per row of the variants table below (named
 * attribute values on an API, e.g. "elures"). A new registry API is a new case with no edit here.
 *
 * Input data, from the name of the API parameter that carries each operator input (an operator
 * input no parameter carries, kernel mode only: its IR name), compared without case:
 *   - a gradient: a name containing "grad", or "dy"                -> uniform in [-1, 1]
 *   - a forward result: "output", "outputs", "result", "y"        -> the forward API's output
 *   - anything else ("self", "x", "selfOrResult", "features")      -> uniform in [-8, 8]
 * The forward API of a backward API is its snake name without "_backward" ("sigmoid_backward" ->
 * "sigmoid", "gelu_backward_v2" -> "gelu_v2"), run with its own default attributes on the case's
 * forward input (or on fresh [-8, 8] data when the case has none). Without that API in the registry
 * (or when it refuses the dtype) the result is drawn uniformly from the documented fallback range
 * of kResultRanges ([-1, 1] for a forward not listed there), and a note says so.
 * Element j of operator input k comes from seed k + 1, so every case, size and run sees the same
 * values. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

BenchCase bench_cases[BENCH_MAX_CASES];
int bench_num_cases;

/* ---- the variants table ---------------------------------------------------------------------------- */

#define BENCH_MAX_VARIANT_SETS 3

typedef struct {
    const char *name; /* the case's name */
    const char *api;  /* the API's snake name; a row whose API the registry lacks is left out */
    const char *note;
    struct {
        const char *attr; /* operator attribute name */
        double value;
    } set[BENCH_MAX_VARIANT_SETS];
    struct {
        const char *param; /* an input that holds a forward result in this variant */
        const char *forward;
        float lo, hi; /* its fallback range */
    } result;
} BenchVariant;

static const BenchVariant kVariants[] = {
    /* The old CSV's "elures": ELU's gradient from the forward result (the other ELU kernel). */
    {"elures",
     "elu_backward",
     "isResult true: selfOrResult holds ELU's result",
     {{"is_result", 1}},
     {"selfOrResult", "elu", -1.0f, 8.0f}},
    /* aclnnThresholdBackward at threshold 0 runs ReluGrad (the registry's pick_op), not ThresholdGradV2D:
     * the family's ReLU gradient, which the default threshold (1) never reaches. */
    {"relu_backward",
     "threshold_backward",
     "threshold 0: the API runs ReluGrad",
     {{"threshold", 0}},
     {NULL, NULL, 0, 0}},
};
#define NUM_VARIANTS ((int)(sizeof kVariants / sizeof kVariants[0]))

int bench_variant_count(void) { return NUM_VARIANTS; }
const char *bench_variant_name(int k) { return kVariants[k].name; }
const char *bench_variant_api(int k) { return kVariants[k].api; }

/* Fallback ranges of forward results, by forward API (alpha = 1 where the forward has one). */
static const struct {
    const char *forward;
    float lo, hi;
} kResultRanges[] = {
    {"sigmoid", 0.0f, 1.0f},
    {"tanh", -1.0f, 1.0f},
    {"elu", -1.0f, 8.0f},
};

/* ---- roles ----------------------------------------------------------------------------------------- */

const char *bench_role_name(int role)
{
    static const char *const names[] = {"gradient", "forward input", "forward result"};
    return role >= 0 && role <= BENCH_ROLE_RESULT ? names[role] : "?";
}

static void lower(const char *s, char *buf, size_t size)
{
    size_t i = 0;
    for (; s[i] != '\0' && i + 1 < size; i++)
        buf[i] = (char)tolower((unsigned char)s[i]);
    buf[i] = '\0';
}

static int role_of(const char *name)
{
    char l[64];
    lower(name, l, sizeof l);
    if (strstr(l, "grad") != NULL || strcmp(l, "dy") == 0)
        return BENCH_ROLE_GRAD;
    if (!strcmp(l, "output") || !strcmp(l, "outputs") || !strcmp(l, "result") || !strcmp(l, "y"))
        return BENCH_ROLE_RESULT;
    return BENCH_ROLE_INPUT;
}

/* "sigmoid_backward" -> "sigmoid"; "gelu_backward_v2" -> "gelu_v2"; a name without "_backward"
 * gives itself (no forward). */
static void forward_name(const char *snake, char *buf, size_t size)
{
    const char *at = strstr(snake, "_backward");
    if (at == NULL) {
        snprintf(buf, size, "%s", snake);
        return;
    }
    snprintf(buf, size, "%.*s%s", (int)(at - snake), snake, at + strlen("_backward"));
}

static int is_inplace_api(const acpu_api_def *api)
{
    for (int i = 0; i < api->n_params; i++)
        if (api->params[i].kind == ACPU_P_TINOUT || api->params[i].kind == ACPU_P_TINOUT_CONST)
            return 1;
    return 0;
}

static void set_result(BenchInput *in, const char *forward, float lo, float hi)
{
    in->role = BENCH_ROLE_RESULT;
    in->lo = lo;
    in->hi = hi;
    snprintf(in->forwardName, sizeof in->forwardName, "%s", forward);
    const acpu_api_def *f = acpu_api_find(forward);
    in->forward = f != NULL && !is_inplace_api(f) && strcmp(f->snake, forward) == 0 ? f : NULL;
}

static void set_role(BenchInput *in, const char *apiSnake)
{
    in->role = role_of(in->name);
    in->lo = in->role == BENCH_ROLE_GRAD ? -1.0f : -8.0f;
    in->hi = in->role == BENCH_ROLE_GRAD ? 1.0f : 8.0f;
    if (in->role != BENCH_ROLE_RESULT)
        return;
    char fwd[48];
    forward_name(apiSnake, fwd, sizeof fwd);
    float lo = -1.0f, hi = 1.0f;
    for (size_t k = 0; k < sizeof kResultRanges / sizeof kResultRanges[0]; k++)
        if (strcmp(kResultRanges[k].forward, fwd) == 0)
            lo = kResultRanges[k].lo, hi = kResultRanges[k].hi;
    set_result(in, fwd, lo, hi);
}

/* ---- building the list ----------------------------------------------------------------------------- */

static int attr_index(const acpu_op_def *op, const char *names, int *type)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *save = NULL, *tok = strtok_r(buf, "|", &save); tok != NULL; tok = strtok_r(NULL, "|", &save))
        for (int k = 0; k < op->n_attrs; k++)
            if (strcmp(op->attrs[k].name, tok) == 0) {
                if (type != NULL)
                    *type = (int)op->attrs[k].type;
                return k;
            }
    return -1;
}

int bench_case_attr(const BenchCase *c, const char *names, acpu_attr_value *v, int *type)
{
    int k = attr_index(c->api->op, names, type);
    if (k < 0)
        return -1;
    *v = c->attrs[k];
    return 0;
}

static void init_case(BenchCase *c, const acpu_api_def *api, const char *name)
{
    const acpu_op_def *op = api->op;
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->api = api;
    for (int k = 0; k < op->n_attrs; k++)
        c->attrs[k] = op->attrs[k].dflt;
    c->numIn = op->n_in;
    for (int j = 0; j < op->n_in; j++)
        c->in[j].name = op->in[j];
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        int tensorIn = p->kind == ACPU_P_TIN || p->kind == ACPU_P_TINOUT || p->kind == ACPU_P_TINOUT_CONST;
        if (tensorIn && p->slot < op->n_in) {
            c->bound[p->slot] = 1;
            c->in[p->slot].name = p->name;
        }
        if (p->kind == ACPU_P_TINOUT || p->kind == ACPU_P_TINOUT_CONST)
            c->inplace = 1, c->inplaceSlot = p->slot;
    }
    for (int j = 0; j < op->n_in; j++) {
        set_role(&c->in[j], api->snake);
        c->numReads += c->bound[j];
    }
}

/* Applies a variant row to its case; -1 with a message when it names what the API lacks. */
static int apply_variant(BenchCase *c, const BenchVariant *v)
{
    c->variantNote = v->note;
    for (int s = 0; s < BENCH_MAX_VARIANT_SETS && v->set[s].attr != NULL; s++) {
        int type = 0, k = attr_index(c->api->op, v->set[s].attr, &type);
        if (k < 0) {
            fprintf(stderr, "aclnn_cpu_bench: variant %s: operator %s has no attribute %s\n", v->name, c->api->op->type,
                    v->set[s].attr);
            return -1;
        }
        double x = v->set[s].value;
        c->attrs[k] = (acpu_attr_value){.f = (float)x, .d = x, .i = (int64_t)x, .b = x != 0.0};
    }
    if (v->result.param == NULL)
        return 0;
    for (int j = 0; j < c->numIn; j++)
        if (strcmp(c->in[j].name, v->result.param) == 0) {
            set_result(&c->in[j], v->result.forward, v->result.lo, v->result.hi);
            return 0;
        }
    fprintf(stderr, "aclnn_cpu_bench: variant %s: %s has no input %s\n", v->name, c->api->name, v->result.param);
    return -1;
}

int bench_cases_build(void)
{
    bench_num_cases = 0;
    for (int a = 0; a < acpu_api_count; a++) {
        if (bench_num_cases == BENCH_MAX_CASES)
            goto too_many;
        init_case(&bench_cases[bench_num_cases++], acpu_apis[a], acpu_apis[a]->snake);
        for (int v = 0; v < NUM_VARIANTS; v++) {
            if (strcmp(kVariants[v].api, acpu_apis[a]->snake) != 0)
                continue;
            if (bench_num_cases == BENCH_MAX_CASES)
                goto too_many;
            BenchCase *c = &bench_cases[bench_num_cases++];
            init_case(c, acpu_apis[a], kVariants[v].name);
            if (apply_variant(c, &kVariants[v]) != 0)
                return -1;
        }
    }
    return 0;
too_many:
    fprintf(stderr, "aclnn_cpu_bench: more than %d cases: raise BENCH_MAX_CASES\n", BENCH_MAX_CASES);
    return -1;
}

int bench_case_find(const char *name)
{
    for (int k = 0; k < bench_num_cases; k++)
        if (strcmp(bench_cases[k].name, name) == 0)
            return k;
    return -1;
}

int bench_case_has_dtype(int op, int dtype) { return (bench_cases[op].dtypes >> dtype) & 1u; }

int bench_case_input_with_role(const BenchCase *c, int role)
{
    for (int j = 0; j < c->numIn; j++)
        if (c->bound[j] && c->in[j].role == role)
            return j;
    return -1;
}

/* ---- notes ------------------------------------------------------------------------------------------- */

/* Prints "# note: ..." once per distinct text. */
void bench_note(const char *text)
{
    static char seen[64][160];
    static int count;
    for (int k = 0; k < count; k++)
        if (strcmp(seen[k], text) == 0)
            return;
    if (count < 64)
        snprintf(seen[count++], sizeof seen[0], "%s", text);
    printf("# note: %s\n", text);
    fflush(stdout);
}

/* ---- tensors and calls ------------------------------------------------------------------------------- */

static void check_ok(int status, const char *what)
{
    if (status != 0) {
        fprintf(stderr, "aclnn_cpu_bench: %s failed: %d (%s)\n", what, status, aclGetRecentErrMsg());
        exit(1);
    }
}

static aclTensor *make_tensor(void *data, int dtype, size_t n)
{
    int64_t shape[1] = {(int64_t)n};
    aclTensor *t = aclCreateTensor(shape, 1, bench_dtype_acl(dtype), NULL, 0, ACL_FORMAT_ND, shape, 1, data);
    if (t == NULL) {
        fprintf(stderr, "aclnn_cpu_bench: aclCreateTensor failed (%s)\n", aclGetRecentErrMsg());
        exit(1);
    }
    return t;
}

/* Tensors and scalars over given buffers (in[j] for bound inputs, out), no data written. */
static void bind_tensors(const BenchCase *c, int dtype, size_t n, BenchData *d)
{
    const acpu_api_def *api = c->api;
    d->c = c;
    d->dtype = dtype;
    d->n = n;
    for (int j = 0; j < c->numIn; j++)
        d->tin[j] = c->bound[j] ? make_tensor(d->in[j], dtype, n) : NULL;
    d->tout = c->inplace ? d->tin[c->inplaceSlot] : make_tensor(d->out, dtype, n);
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if ((p->kind == ACPU_P_SCALAR || p->kind == ACPU_P_SCALAR_OPT) && d->scalars[p->slot] == NULL) {
            float v = c->attrs[p->slot].f;
            d->scalars[p->slot] = aclCreateScalar(&v, ACL_FLOAT);
            if (d->scalars[p->slot] == NULL) {
                fprintf(stderr, "aclnn_cpu_bench: aclCreateScalar failed (%s)\n", aclGetRecentErrMsg());
                exit(1);
            }
        }
    }
}

static void unbind_tensors(BenchData *d)
{
    for (int j = 0; j < BENCH_MAX_IN; j++)
        if (d->tin[j] != NULL)
            aclDestroyTensor(d->tin[j]);
    if (d->tout != NULL && !d->c->inplace)
        aclDestroyTensor(d->tout);
    for (int k = 0; k < ACPU_MAX_ATTRS; k++)
        if (d->scalars[k] != NULL)
            aclDestroyScalar(d->scalars[k]);
}

aclnnStatus bench_case_phase1(const BenchData *d, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const BenchCase *c = d->c;
    const acpu_api_def *api = c->api;
    acpu_arg a[ACPU_MAX_PARAMS];
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        switch (p->kind) {
        case ACPU_P_TIN:
        case ACPU_P_TINOUT:
        case ACPU_P_TINOUT_CONST: a[i].p = d->tin[p->slot]; break;
        case ACPU_P_TOUT:
        case ACPU_P_TOUT_CONST: a[i].p = d->tout; break;
        case ACPU_P_SCALAR:
        case ACPU_P_SCALAR_OPT: a[i].p = d->scalars[p->slot]; break;
        case ACPU_P_BOOL: a[i].b = c->attrs[p->slot].b; break;
        case ACPU_P_INT: a[i].i = c->attrs[p->slot].i; break;
        case ACPU_P_STRING: a[i].s = api->op->attrs[p->slot].choices[c->attrs[p->slot].i]; break;
        default:
            fprintf(stderr, "aclnn_cpu_bench: %s: parameter %s has kind %d, unknown to the bench\n", api->name, p->name,
                    (int)p->kind);
            exit(1);
        }
    }
    return api->invoke(a, workspaceSize, executor);
}

aclnnStatus bench_case_call_once(const BenchData *d, aclrtStream stream)
{
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus st = bench_case_phase1(d, &ws, &exec);
    if (st != ACLNN_SUCCESS)
        return st;
    void *w = ws > 0 ? bench_xalloc(ws) : NULL;
    st = d->c->api->run(w, ws, exec, stream);
    if (st == ACLNN_SUCCESS && stream != NULL)
        st = aclrtSynchronizeStream(stream);
    free(w);
    return st;
}

/* The default case of an API (its forward's). */
static const BenchCase *case_of_api(const acpu_api_def *api)
{
    for (int k = 0; k < bench_num_cases; k++)
        if (bench_cases[k].api == api && bench_cases[k].variantNote == NULL)
            return &bench_cases[k];
    return NULL;
}

/* y = forward(x) through the forward API's default case: x feeds every forward input (a forward
 * has one), y is its output. 0 on success. */
static int run_forward(const BenchInput *in, int dtype, size_t n, const void *x, void *y)
{
    const BenchCase *f = in->forward != NULL ? case_of_api(in->forward) : NULL;
    if (f == NULL || f->inplace)
        return -1;
    BenchData d;
    memset(&d, 0, sizeof d);
    for (int j = 0; j < f->numIn; j++)
        d.in[j] = (void *)x;
    d.out = y;
    bind_tensors(f, dtype, n, &d);
    aclnnStatus st = bench_case_call_once(&d, NULL);
    unbind_tensors(&d);
    return st == ACLNN_SUCCESS ? 0 : -1;
}

void bench_case_fill(const BenchCase *c, int dtype, size_t n, void *const *in)
{
    for (int j = 0; j < c->numIn; j++)
        if (c->in[j].role != BENCH_ROLE_RESULT)
            bench_fill_uniform(dtype, in[j], n, (uint64_t)j + 1, c->in[j].lo, c->in[j].hi);
    int xj = -1;
    for (int j = 0; j < c->numIn && xj < 0; j++)
        xj = c->in[j].role == BENCH_ROLE_INPUT ? j : -1;
    for (int j = 0; j < c->numIn; j++) {
        const BenchInput *r = &c->in[j];
        if (r->role != BENCH_ROLE_RESULT)
            continue;
        void *x = xj >= 0 ? in[xj] : bench_xalloc(n * bench_dtype_size(dtype));
        if (xj < 0)
            bench_fill_uniform(dtype, x, n, (uint64_t)j + 101, -8.0f, 8.0f);
        if (run_forward(r, dtype, n, x, in[j]) != 0) {
            char text[160];
            snprintf(text, sizeof text, "%s %s: %s drawn from [%g, %g] (%s%s)", c->name, bench_dtype_name(dtype),
                     r->name, (double)r->lo, (double)r->hi,
                     r->forward == NULL ? "no forward API " : "forward API refused ", r->forwardName);
            bench_note(text);
            bench_fill_uniform(dtype, in[j], n, (uint64_t)j + 1, r->lo, r->hi);
        }
        if (xj < 0)
            free(x);
    }
}

static void *device_alloc(size_t bytes)
{
    void *p = NULL;
    check_ok(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    return p;
}

/* The case's buffers and tensors; fill: generate the inputs (else zeros: dtype probing). */
static void data_create(const BenchCase *c, int dtype, size_t n, BenchData *d, int fill)
{
    size_t bytes = n * bench_dtype_size(dtype);
    void *all[BENCH_MAX_IN];
    memset(d, 0, sizeof *d);
    for (int j = 0; j < c->numIn; j++) {
        all[j] = device_alloc(bytes);
        memset(all[j], 0, bytes);
        d->in[j] = c->bound[j] ? all[j] : NULL;
    }
    if (fill)
        bench_case_fill(c, dtype, n, all);
    for (int j = 0; j < c->numIn; j++)
        if (!c->bound[j])
            aclrtFree(all[j]);
    if (c->inplace) {
        d->out = d->in[c->inplaceSlot];
        d->pristine = bench_xalloc(bytes);
        memcpy(d->pristine, d->out, bytes);
    } else {
        d->out = device_alloc(bytes);
        memset(d->out, 0, bytes); /* touches every page before any timing */
    }
    bind_tensors(c, dtype, n, d);
}

void bench_data_create(const BenchCase *c, int dtype, size_t n, BenchData *d) { data_create(c, dtype, n, d, 1); }

void bench_data_restore(const BenchData *d)
{
    if (d->pristine != NULL)
        memcpy(d->out, d->pristine, d->n * bench_dtype_size(d->dtype));
}

void bench_data_destroy(BenchData *d)
{
    unbind_tensors(d);
    for (int j = 0; j < BENCH_MAX_IN; j++)
        if (d->in[j] != NULL)
            aclrtFree(d->in[j]);
    if (!d->c->inplace && d->out != NULL)
        aclrtFree(d->out);
    free(d->pristine);
    memset(d, 0, sizeof *d);
}

void bench_cases_probe(void)
{
    for (int k = 0; k < bench_num_cases; k++) {
        BenchCase *c = &bench_cases[k];
        c->dtypes = 0;
        for (int dt = 0; dt < BENCH_NUM_DTYPES; dt++) {
            BenchData d;
            uint64_t ws = 0;
            aclOpExecutor *exec = NULL;
            data_create(c, dt, 64, &d, 0);
            if (bench_case_phase1(&d, &ws, &exec) == ACLNN_SUCCESS) {
                c->dtypes |= 1u << dt;
                aclDestroyAclOpExecutor(exec);
            }
            bench_data_destroy(&d);
        }
    }
}
