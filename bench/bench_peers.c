/* The peers table: for each case (a registry API by its snake name, or a variant of
 * bench_cases.c), oneDNN's eltwise algorithm kind with its alpha and beta, and PyTorch's aten call,
 * each with the attribute values its formula assumes, or the reason there is none. One row per
 * case; the attributes are the operator's by IR name ("a|b": the first the operator has). Rows for
 * APIs the registry does not have yet are kept for when it does; `aclnn_cpu_bench --check-peers`
 * (run by CTest) fails when a registry API has no row, a row names an algorithm, aten call or
 * attribute that does not exist, or a peer that runs disagrees with the library.
 *
 * Direction and data: a case with a gradient input runs oneDNN's backward primitive, its gradient as
 * diff_dst and its other input as src, or as dst for the *_use_dst_for_bwd kinds (whose input must
 * then hold a forward result); otherwise the forward primitive from the case's input to its output
 * (in place for an in-place API). oneDNN 2.6 has no celu, hardsigmoid, threshold or softplus with a
 * beta or threshold; PyTorch has no swish with beta != 1 and no mish_backward with out=. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define ATTR(name) {name, 0.0}
#define CONST(v) {NULL, (v)}
#define NONE {NULL, 0.0}
/* clang-format on */
#define SIXTH (1.0 / 6.0)

/* Row shorthands: oneDNN (alg, alpha, beta, requires...) then PyTorch (call, requires...). */
#define DNNL(alg, a, b, ...) .dnnlAlg = alg, .dnnlAlpha = a, .dnnlBeta = b, .dnnlRequires = {__VA_ARGS__}
#define NO_DNNL(why) .noDnnl = why
#define TORCH(call, ...) .torch = call, .torchRequires = {__VA_ARGS__}
#define NO_TORCH(why) .noTorch = why

static const BenchPeer kPeers[] = {
    /* ---- the ELU family ---- */
    {"elu_backward", DNNL("elu", ATTR("alpha"), NONE, {"scale", 1}, {"input_scale", 1}),
     TORCH("aten::elu_backward.grad_input")},
    {"elures", DNNL("elu_use_dst_for_bwd", ATTR("alpha"), NONE, {"scale", 1}, {"input_scale", 1}),
     TORCH("aten::elu_backward.grad_input")},
    {"elu", DNNL("elu", ATTR("alpha"), NONE, {"scale", 1}, {"input_scale", 1}), TORCH("aten::elu.out")},
    {"inplace_elu", DNNL("elu", ATTR("alpha"), NONE, {"scale", 1}, {"input_scale", 1}), TORCH("aten::elu_")},
    {"celu", NO_DNNL("oneDNN 2.6 has no celu"), TORCH("aten::celu.out")},
    {"inplace_celu", NO_DNNL("oneDNN 2.6 has no celu"), TORCH("aten::celu_")},
    /* ---- softplus ---- */
    {"softplus_backward", DNNL("soft_relu", NONE, NONE, {"beta", 1}), TORCH("aten::softplus_backward.grad_input"),
     .note = "oneDNN's soft_relu has no threshold: the inputs ([-8, 8]) stay below the default 20"},
    {"softplus", DNNL("soft_relu", NONE, NONE, {"beta", 1}), TORCH("aten::softplus.out"),
     .note = "oneDNN's soft_relu has no threshold: the inputs ([-8, 8]) stay below the default 20"},
    /* ---- SiLU, Swish ---- */
    {"silu_backward", DNNL("swish", CONST(1.0), NONE), TORCH("aten::silu_backward.grad_input")},
    {"silu", DNNL("swish", CONST(1.0), NONE), TORCH("aten::silu.out")},
    {"inplace_silu", DNNL("swish", CONST(1.0), NONE), TORCH("aten::silu_")},
    {"swish", DNNL("swish", ATTR("scale|beta"), NONE), TORCH("aten::silu.out", {"scale|beta", 1})},
    {"swish_backward", DNNL("swish", ATTR("scale|beta"), NONE),
     TORCH("aten::silu_backward.grad_input", {"scale|beta", 1})},
    /* ---- sigmoid, tanh ---- */
    {"sigmoid", DNNL("logistic", NONE, NONE), TORCH("aten::sigmoid.out")},
    {"inplace_sigmoid", DNNL("logistic", NONE, NONE), TORCH("aten::sigmoid_")},
    {"sigmoid_backward", DNNL("logistic_use_dst_for_bwd", NONE, NONE), TORCH("aten::sigmoid_backward.grad_input")},
    {"tanh", DNNL("tanh", NONE, NONE), TORCH("aten::tanh.out")},
    {"inplace_tanh", DNNL("tanh", NONE, NONE), TORCH("aten::tanh_")},
    {"tanh_backward", DNNL("tanh_use_dst_for_bwd", NONE, NONE), TORCH("aten::tanh_backward.grad_input")},
    /* ---- GELU (aclnnGelu and GeluBackward: the tanh form; the V2 APIs: `approximate`, 0/"none" = erf) */
    {"gelu", DNNL("gelu_tanh", NONE, NONE), TORCH("aten::gelu.out(tanh)")},
    {"gelu_v2", DNNL("gelu_erf", NONE, NONE, {"approximate", 0}), TORCH("aten::gelu.out")},
    {"gelu_backward", DNNL("gelu_tanh", NONE, NONE), TORCH("aten::gelu_backward.grad_input(tanh)")},
    {"gelu_backward_v2", DNNL("gelu_erf", NONE, NONE, {"approximate", 0}), TORCH("aten::gelu_backward.grad_input")},
    /* ---- Mish ---- */
    {"mish", DNNL("mish", NONE, NONE), TORCH("aten::mish.out")},
    {"inplace_mish", DNNL("mish", NONE, NONE), TORCH("aten::mish_")},
    {"mish_backward", DNNL("mish", NONE, NONE), TORCH("aten::mish_backward"),
     .note = "PyTorch 1.13's mish_backward has no out= form: it allocates its result"},
    /* ---- ReLU, threshold, leaky ReLU ---- */
    {"relu", DNNL("relu", CONST(0.0), NONE), TORCH("aten::relu.out")},
    {"inplace_relu", DNNL("relu", CONST(0.0), NONE), TORCH("aten::relu_")},
    {"threshold_backward", DNNL("relu", CONST(0.0), NONE, {"threshold", 0}),
     TORCH("aten::threshold_backward.grad_input")},
    {"relu_backward", DNNL("relu", CONST(0.0), NONE, {"threshold", 0}), TORCH("aten::threshold_backward.grad_input")},
    {"threshold", NO_DNNL("oneDNN has no threshold with a replacement value"), TORCH("aten::threshold.out")},
    {"inplace_threshold", NO_DNNL("oneDNN has no threshold with a replacement value"), TORCH("aten::threshold_")},
    {"leaky_relu", DNNL("relu", ATTR("negative_slope|alpha"), NONE), TORCH("aten::leaky_relu.out")},
    {"inplace_leaky_relu", DNNL("relu", ATTR("negative_slope|alpha"), NONE), TORCH("aten::leaky_relu_")},
    {"leaky_relu_backward", DNNL("relu", ATTR("negative_slope|alpha"), NONE, {"self_is_result", 0}),
     TORCH("aten::leaky_relu_backward.grad_input")},
    /* ---- hardtanh, hardswish, hardsigmoid ---- */
    {"hardtanh", DNNL("clip_v2", ATTR("min_val|clip_value_min|min"), ATTR("max_val|clip_value_max|max")),
     TORCH("aten::hardtanh.out")},
    {"inplace_hardtanh", DNNL("clip_v2", ATTR("min_val|clip_value_min|min"), ATTR("max_val|clip_value_max|max")),
     TORCH("aten::hardtanh_")},
    {"hardtanh_backward", DNNL("clip_v2", ATTR("min_val|min"), ATTR("max_val|max")),
     TORCH("aten::hardtanh_backward.grad_input")},
    {"hardswish", DNNL("hardswish", NONE, NONE), TORCH("aten::hardswish.out")},
    {"inplace_hardswish", DNNL("hardswish", NONE, NONE), TORCH("aten::hardswish_")},
    {"hardswish_backward", DNNL("hardswish", NONE, NONE), TORCH("aten::hardswish_backward.out")},
    {"hardswish_backward_v2", DNNL("hardswish", NONE, NONE), TORCH("aten::hardswish_backward.out"),
     .note = "the peers' gradient at x = -3 and 3 is V1's (no input hits them exactly)"},
    {"hardsigmoid", NO_DNNL("oneDNN 2.6 has no hardsigmoid"),
     TORCH("aten::hardsigmoid.out", {"alpha", SIXTH}, {"beta", 0.5})},
    {"inplace_hardsigmoid", NO_DNNL("oneDNN 2.6 has no hardsigmoid"),
     TORCH("aten::hardsigmoid_", {"alpha", SIXTH}, {"beta", 0.5})},
    {"hardsigmoid_backward", NO_DNNL("oneDNN 2.6 has no hardsigmoid"),
     TORCH("aten::hardsigmoid_backward.grad_input", {"alpha", SIXTH}, {"beta", 0.5})},
};
#define NUM_PEERS ((int)(sizeof kPeers / sizeof kPeers[0]))

/* Every oneDNN 2.6 eltwise algorithm kind (dnnl_eltwise_<name>): what a row may name. */
static const char *const kDnnlAlgs[] = {
    "relu",
    "tanh",
    "elu",
    "square",
    "abs",
    "sqrt",
    "linear",
    "bounded_relu",
    "soft_relu",
    "logistic",
    "exp",
    "gelu_tanh",
    "swish",
    "log",
    "clip",
    "clip_v2",
    "pow",
    "gelu_erf",
    "round",
    "logsigmoid",
    "mish",
    "hardswish",
    "relu_use_dst_for_bwd",
    "tanh_use_dst_for_bwd",
    "elu_use_dst_for_bwd",
    "sqrt_use_dst_for_bwd",
    "logistic_use_dst_for_bwd",
    "exp_use_dst_for_bwd",
    "clip_v2_use_dst_for_bwd",
};

int bench_dnnl_alg_known(const char *alg)
{
    for (size_t k = 0; k < sizeof kDnnlAlgs / sizeof kDnnlAlgs[0]; k++)
        if (strcmp(kDnnlAlgs[k], alg) == 0)
            return 1;
    return 0;
}

const BenchPeer *bench_peer_find(const char *caseName)
{
    for (int k = 0; k < NUM_PEERS; k++)
        if (strcmp(kPeers[k].name, caseName) == 0)
            return &kPeers[k];
    return NULL;
}

static double attr_number(const acpu_attr_value *v, int type)
{
    return type == ACPU_ATTR_BOOL ? (v->b ? 1.0 : 0.0) : type == ACPU_ATTR_FLOAT ? v->d : (double)v->i;
}

double bench_peer_arg(const BenchCase *c, BenchPeerArg a)
{
    if (a.attr == NULL)
        return a.value;
    acpu_attr_value v;
    int type = 0;
    if (bench_case_attr(c, a.attr, &v, &type) != 0) {
        fprintf(stderr, "aclnn_cpu_bench: peers table: %s: operator %s has no attribute %s\n", c->name,
                c->api->op->type, a.attr);
        exit(1);
    }
    return attr_number(&v, type);
}

/* "" when every required attribute has its value (float attributes: to float precision). */
static const char *requires_unmet(const BenchCase *c, const BenchAttrEq *req, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int r = 0; r < BENCH_MAX_REQUIRES && req[r].attr != NULL; r++) {
        acpu_attr_value v;
        int type = 0;
        if (bench_case_attr(c, req[r].attr, &v, &type) != 0) {
            snprintf(buf, size, "operator %s has no attribute %s", c->api->op->type, req[r].attr);
            return buf;
        }
        double have = attr_number(&v, type);
        if (fabs(have - req[r].value) > 1e-6 * fabs(req[r].value)) {
            snprintf(buf, size, "its formula assumes %s = %g, the case has %g", req[r].attr, req[r].value, have);
            return buf;
        }
    }
    return buf;
}

const char *bench_peer_skip(const BenchCase *c, int which, char *buf, size_t size)
{
    const BenchPeer *p = bench_peer_find(c->name);
    if (p == NULL) {
        snprintf(buf, size, "no row in the peers table");
        return buf;
    }
    const char *call = which == 0 ? p->dnnlAlg : p->torch;
    const char *why = which == 0 ? p->noDnnl : p->noTorch;
    if (call == NULL) {
        snprintf(buf, size, "no peer (%s)", why != NULL ? why : "no reason given");
        return buf;
    }
    return requires_unmet(c, which == 0 ? p->dnnlRequires : p->torchRequires, buf, size);
}

/* ---- the check ------------------------------------------------------------------------------------- */

static int problem(const char *fmt, const char *a, const char *b)
{
    printf("FAIL peers: ");
    printf(fmt, a, b);
    printf("\n");
    return 1;
}

/* The problems of one row that is used by a case (its attribute names exist in the operator). */
static int check_row_attrs(const BenchCase *c, const BenchPeer *p)
{
    int bad = 0;
    acpu_attr_value v;
    const BenchPeerArg args[2] = {p->dnnlAlpha, p->dnnlBeta};
    for (int k = 0; k < 2 && p->dnnlAlg != NULL; k++)
        if (args[k].attr != NULL && bench_case_attr(c, args[k].attr, &v, NULL) != 0)
            bad += problem("%s: the oneDNN argument names attribute %s, which the operator lacks", c->name,
                           args[k].attr);
    for (int w = 0; w < 2; w++) {
        const BenchAttrEq *req = w == 0 ? p->dnnlRequires : p->torchRequires;
        for (int r = 0; r < BENCH_MAX_REQUIRES && req[r].attr != NULL; r++)
            if (bench_case_attr(c, req[r].attr, &v, NULL) != 0)
                bad += problem("%s: a peer requires attribute %s, which the operator lacks", c->name, req[r].attr);
    }
    /* the *_use_dst_for_bwd kinds read a forward result: the case's data input must hold one */
    if (p->dnnlAlg != NULL && strstr(p->dnnlAlg, "use_dst_for_bwd") != NULL) {
        int data = -1;
        for (int j = 0; j < c->numIn; j++)
            if (c->bound[j] && c->in[j].role != BENCH_ROLE_GRAD)
                data = j;
        if (data < 0 || c->in[data].role != BENCH_ROLE_RESULT)
            bad += problem("%s: oneDNN %s reads a forward result, but the case's input is not one", c->name,
                           p->dnnlAlg);
    }
    return bad;
}

static int check_row(const BenchPeer *p)
{
    int bad = 0;
    if (p->dnnlAlg == NULL && p->noDnnl == NULL)
        bad += problem("%s: neither a oneDNN algorithm nor a reason for none%s", p->name, "");
    if (p->dnnlAlg != NULL && !bench_dnnl_alg_known(p->dnnlAlg))
        bad += problem("%s: unknown oneDNN eltwise algorithm %s", p->name, p->dnnlAlg);
    if (p->torch == NULL && p->noTorch == NULL)
        bad += problem("%s: neither an aten call nor a reason for none%s", p->name, "");
    if (p->torch != NULL && bench_torch_available() && !bench_torch_has_call(p->torch))
        bad += problem("%s: bench_torch.cpp does not implement %s", p->name, p->torch);
    return bad;
}

int bench_peers_check_table(const char *const *extra, int numExtra)
{
    int bad = 0;
    for (int k = 0; k < NUM_PEERS; k++) {
        bad += check_row(&kPeers[k]);
        for (int j = 0; j < k; j++)
            if (strcmp(kPeers[j].name, kPeers[k].name) == 0)
                bad += problem("%s: two rows%s", kPeers[k].name, "");
    }
    for (int k = 0; k < bench_num_cases; k++) {
        const BenchPeer *p = bench_peer_find(bench_cases[k].name);
        if (p == NULL)
            bad += problem("%s (%s): no row in bench/bench_peers.c (add the peers, or a reason for none)",
                           bench_cases[k].name, bench_cases[k].api->name);
        else
            bad += check_row_attrs(&bench_cases[k], p);
    }
    for (int e = 0; e < numExtra; e++)
        if (bench_peer_find(extra[e]) == NULL)
            bad += problem("%s (--check-extra): no row in bench/bench_peers.c%s", extra[e], "");
    int unused = 0;
    for (int k = 0; k < NUM_PEERS; k++)
        unused += bench_case_find(kPeers[k].name) < 0;
    printf("# peers table: %d rows, %d cases in the registry (%d rows for APIs it does not have yet)\n", NUM_PEERS,
           bench_num_cases, unused);
    return bad;
}

/* ---- the PyTorch call descriptor ------------------------------------------------------------------- */

void bench_torch_call_of(const BenchData *d, const char *call, int verify, BenchTorchCall *out)
{
    const BenchCase *c = d->c;
    const acpu_op_def *op = c->api->op;
    memset(out, 0, sizeof *out);
    out->call = call;
    out->caseName = c->name;
    out->dtype = d->dtype;
    out->n = d->n;
    for (int j = 0; j < c->numIn && out->numIn < BENCH_TORCH_MAX_IN; j++) {
        if (!c->bound[j])
            continue;
        out->in[out->numIn] = d->in[j];
        out->inNames[out->numIn] = c->in[j].name;
        out->inRoles[out->numIn++] = c->in[j].role;
    }
    out->out = d->out;
    out->inplace = c->inplace;
    for (int k = 0; k < op->n_attrs && k < BENCH_TORCH_MAX_ATTRS; k++) {
        out->attrNames[k] = op->attrs[k].name;
        out->attrTypes[k] = (int)op->attrs[k].type;
        out->attrValues[k] = attr_number(&c->attrs[k], (int)op->attrs[k].type);
        if (op->attrs[k].type == ACPU_ATTR_STRING && op->attrs[k].choices != NULL)
            out->attrStrings[k] = op->attrs[k].choices[c->attrs[k].i];
        out->numAttrs = k + 1;
    }
    out->verify = verify;
}
