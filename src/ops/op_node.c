/* Operators as graph nodes (ops/acpu_op_node.h): an API row per operator, made once from its
 * operator row, so that a node runs the shared phase-1 / phase-2 path of every API. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ops/acpu_op_call.h"
#include "ops/acpu_op_node.h"
#include "tiling/acpu_broadcast.h"

_Static_assert(ACPU_NODE_MAX_ATTRS == ACPU_MAX_ATTRS, "a node passes every attribute of its operator");
_Static_assert(ACPU_NODE_MAX_INPUTS > ACPU_TILING_MAX_INPUTS, "a node has room for an unread IR input");
_Static_assert((int)ACPU_NODE_ATTR_FLOAT == (int)ACPU_ATTR_FLOAT && (int)ACPU_NODE_ATTR_BOOL == (int)ACPU_ATTR_BOOL &&
                   (int)ACPU_NODE_ATTR_INT == (int)ACPU_ATTR_INT && (int)ACPU_NODE_ATTR_STRING == (int)ACPU_ATTR_STRING,
               "node attribute types are the registry's");
_Static_assert(ACPU_NODE_MAX_DIMS == ACPU_BC_MAX_RANK, "node shapes have the broadcast rank limit");

/* Where the output's shape comes from on a profile group (acpu_node_iface.infer). */
typedef enum { RULE_SAME = 0, RULE_BROADCAST_OUT, RULE_BROADCAST_TO } shape_rule;

typedef struct {
    acpu_node_op node; /* first: a node pointer is its entry's address */
    const acpu_op_def *op;
    acpu_api_def row;
    bool runnable; /* the row could be made (parameters and checks fit) */
    shape_rule rule[ACPU_PG_COUNT];
    int to_slot[ACPU_PG_COUNT]; /* RULE_BROADCAST_TO: the input the others broadcast to */
} node_entry;

#define ACPU_NODE_MAX_OPS 96
static node_entry g_nodes[ACPU_NODE_MAX_OPS];
static int g_node_count;
static pthread_once_t g_nodes_once = PTHREAD_ONCE_INIT;

/* ---- the rows -------------------------------------------------------------------------------- */

/* The operator slot a tensor parameter of `api` names, or -1 (the output, a scalar, an in-place
 * tensor: in-place APIs never broadcast). */
static int input_slot(const acpu_api_def *api, int param)
{
    return api->params[param].kind == ACPU_P_TIN ? api->params[param].slot : -1;
}

/* The shape rule of the operator's API rows on group g: the first broadcast check of a row whose
 * operator it is. */
static shape_rule rule_of(const acpu_op_def *op, acpu_profile_group g, int *to_slot)
{
    *to_slot = 0;
    for (int a = 0; a < acpu_api_count; a++) {
        const acpu_api_def *api = acpu_apis[a];
        if (api->op != op)
            continue;
        for (int i = 0; i < api->n_checks; i++) {
            const acpu_check *k = &api->checks[i];
            if (k->profiles != 0 && !(k->profiles & ACPU_PG_BIT(g)))
                continue;
            if (k->kind == ACPU_CK_BROADCAST_OUT && op->n_in == 2)
                return RULE_BROADCAST_OUT;
            if (k->kind == ACPU_CK_BROADCAST_TO && input_slot(api, k->a) >= 0 && input_slot(api, k->b) >= 0) {
                *to_slot = input_slot(api, k->b);
                return RULE_BROADCAST_TO;
            }
        }
    }
    return RULE_SAME;
}

static acpu_param_kind attr_kind(acpu_attr_type t)
{
    switch (t) {
    case ACPU_ATTR_BOOL: return ACPU_P_BOOL;
    case ACPU_ATTR_INT: return ACPU_P_INT;
    case ACPU_ATTR_STRING: return ACPU_P_STRING;
    default: return ACPU_P_FLOAT;
    }
}

static bool add_check(acpu_api_def *row, acpu_check k)
{
    if (row->n_checks >= ACPU_MAX_CHECKS)
        return false;
    row->checks[row->n_checks++] = k;
    return true;
}

/* The kernel computes the call's dtype: the IR's lists may name a dtype no kernel of the operator
 * has (EluGrad's double, Sigmoid's complex types). */
static aclnnStatus node_kernel_check(const acpu_api_def *api, const acpu_call *c)
{
    const acpu_op_def *op = api->op;
    acpu_kernel_id kid = op->pick_kernel != NULL ? op->pick_kernel(c->attrs) : op->kernel;
    aclDataType dt[ACPU_TILING_MAX_INPUTS];
    for (int j = 0; j < c->n_in; j++)
        dt[j] = c->in[j]->dtype;
    aclDataType cdt = acpu_compute_dtype(ACPU_COMPUTE_KEEP, dt, c->n_in);
    acpu_kdtype kdt = acpu_kdtype_of(cdt);
    if (kdt != ACPU_KDT_NONE && (acpu_kernel_infos[kid].dtypes & (1u << kdt)) != 0 && cdt == dt[0])
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s dtype %s is in the operator's IR list, but aclnn-cpu has no %s kernel for it", api->phase1,
                   c->in_name[0], acpu_dtype_name(dt[0]), op->type);
    return ACLNN_ERR_PARAM_INVALID;
}

/* The shape checks of one rule on the groups of `mask`. */
static bool add_shape_checks(acpu_api_def *row, const acpu_op_def *op, shape_rule rule, int to, uint8_t mask, int out)
{
    bool ok = true;
    switch (rule) {
    case RULE_BROADCAST_OUT:
        ok = add_check(
            row, (acpu_check){.kind = ACPU_CK_BROADCAST_OUT, .a = (uint8_t)out, .b = 0, .c = 1, .profiles = mask});
        break;
    case RULE_BROADCAST_TO:
        for (int j = 0; ok && j < op->n_in; j++)
            if (j != to)
                ok = add_check(
                    row,
                    (acpu_check){.kind = ACPU_CK_BROADCAST_TO, .a = (uint8_t)j, .b = (uint8_t)to, .profiles = mask});
        ok = ok &&
             add_check(row,
                       (acpu_check){.kind = ACPU_CK_SAME_SHAPE, .a = (uint8_t)out, .b = (uint8_t)to, .profiles = mask});
        break;
    default:
        for (int j = 1; ok && j < op->n_in; j++)
            ok = add_check(row, (acpu_check){.kind = ACPU_CK_SAME_SHAPE, .a = (uint8_t)j, .b = 0, .profiles = mask});
        ok = ok &&
             add_check(row, (acpu_check){.kind = ACPU_CK_SAME_SHAPE, .a = (uint8_t)out, .b = 0, .profiles = mask});
        break;
    }
    return ok;
}

static bool make_row(node_entry *e)
{
    const acpu_op_def *op = e->op;
    acpu_api_def *row = &e->row;
    if (op->n_in + op->n_attrs + 1 > ACPU_MAX_PARAMS || strlen(op->type) >= sizeof row->exec_name)
        return false;
    row->name = row->phase1 = row->short_name = row->snake = op->type;
    memcpy(row->exec_name, op->type, strlen(op->type) + 1);
    row->op = op;
    row->compute = ACPU_COMPUTE_KEEP;
    row->own = node_kernel_check;
    row->own_doc = "a kernel for the inputs' dtype";
    for (int j = 0; j < op->n_in; j++)
        row->params[row->n_params++] = (acpu_param_def){op->in[j], ACPU_P_TIN, (uint8_t)j};
    for (int k = 0; k < op->n_attrs; k++)
        row->params[row->n_params++] = (acpu_param_def){op->attrs[k].name, attr_kind(op->attrs[k].type), (uint8_t)k};
    int out = row->n_params;
    row->params[row->n_params++] = (acpu_param_def){op->out, ACPU_P_TOUT, 0};

    bool ok = true;
    for (int j = 0; ok && j < op->n_in; j++) {
        acpu_check k = {.kind = ACPU_CK_DTYPE, .a = (uint8_t)j};
        for (int g = 0; g < ACPU_PG_COUNT; g++) /* the Ascend910 profile has no BF16 anywhere */
            k.dtypes[g] = g == ACPU_PG_910 ? op->in_dtypes[j] & ~ACPU_DT(ACL_BF16) : op->in_dtypes[j];
        ok = add_check(row, k);
    }
    for (int j = 1; ok && j < op->n_in; j++)
        ok = add_check(row, (acpu_check){.kind = ACPU_CK_SAME_DTYPE, .a = (uint8_t)j, .b = 0});
    ok = ok && add_check(row, (acpu_check){.kind = ACPU_CK_SAME_DTYPE, .a = (uint8_t)out, .b = 0});
    for (int j = 0; ok && j < op->n_in; j++)
        ok = add_check(row, (acpu_check){.kind = ACPU_CK_RANK, .a = (uint8_t)j});
    /* one set of shape checks per distinct rule, on the groups that have it */
    uint8_t done = 0;
    for (int g = 0; ok && g < ACPU_PG_COUNT; g++) {
        if (done & ACPU_PG_BIT(g))
            continue;
        uint8_t mask = 0;
        for (int h = g; h < ACPU_PG_COUNT; h++)
            if (e->rule[h] == e->rule[g] && e->to_slot[h] == e->to_slot[g])
                mask |= (uint8_t)ACPU_PG_BIT(h);
        done |= mask;
        ok = add_shape_checks(row, op, e->rule[g], e->to_slot[g], mask, out);
    }
    return ok && add_check(row, (acpu_check){.kind = ACPU_CK_OWN});
}

static void make_node(node_entry *e)
{
    const acpu_op_def *op = e->op;
    acpu_node_op *n = &e->node;
    n->type = op->type;
    n->n_in = op->n_in;
    for (int j = 0; j < op->n_in; j++) {
        n->in[n->n_ir_in] = op->in[j];
        n->in_dtypes[n->n_ir_in++] = op->in_dtypes[j];
    }
    for (int j = 0; op->unread_in[j] != NULL && n->n_ir_in < ACPU_NODE_MAX_INPUTS; j++) {
        n->in[n->n_ir_in] = op->unread_in[j]; /* the IR lists it with the kernel's inputs' types */
        n->in_dtypes[n->n_ir_in++] = op->in_dtypes[0];
    }
    n->out = op->out;
    n->out_dtypes = op->out_dtypes;
    n->n_attrs = op->n_attrs;
    for (int k = 0; k < op->n_attrs; k++) {
        const acpu_attr_def *a = &op->attrs[k];
        acpu_node_attr *na = &n->attrs[k];
        na->name = a->name;
        na->choices = a->choices;
        na->ir_input = a->ir_input;
        na->dflt.type = (acpu_node_attr_type)a->type;
        na->dflt.f = a->dflt.d;
        na->dflt.b = a->dflt.b;
        na->dflt.i = a->dflt.i;
        na->dflt.s = a->type == ACPU_ATTR_STRING && a->choices != NULL ? a->choices[a->dflt.i] : NULL;
    }
}

static void make_nodes(void)
{
    int n = acpu_op_count < ACPU_NODE_MAX_OPS ? acpu_op_count : ACPU_NODE_MAX_OPS;
    for (int i = 0; i < n; i++) {
        node_entry *e = &g_nodes[i];
        e->op = acpu_ops[i];
        for (int g = 0; g < ACPU_PG_COUNT; g++)
            e->rule[g] = rule_of(e->op, (acpu_profile_group)g, &e->to_slot[g]);
        make_node(e);
        e->runnable = make_row(e);
    }
    g_node_count = n;
}

static void nodes_ready(void) { pthread_once(&g_nodes_once, make_nodes); }

/* ---- the interface ------------------------------------------------------------------------- */

static int node_op_count(void)
{
    nodes_ready();
    return g_node_count;
}

static const acpu_node_op *node_op_at(int i)
{
    nodes_ready();
    return i >= 0 && i < g_node_count ? &g_nodes[i].node : NULL;
}

static const acpu_node_op *node_op_find(const char *type)
{
    nodes_ready();
    for (int i = 0; type != NULL && i < g_node_count; i++)
        if (strcmp(g_nodes[i].node.type, type) == 0)
            return &g_nodes[i].node;
    return NULL;
}

/* The entry of a node pointer of the table, or NULL (with the message set). */
static const node_entry *entry_of(const acpu_node_op *n, const char *what)
{
    nodes_ready();
    for (int i = 0; n != NULL && i < g_node_count; i++) {
        if (n != &g_nodes[i].node)
            continue;
        if (g_nodes[i].runnable)
            return &g_nodes[i];
        acpu_set_error("%s: operator %s has more parameters or checks than a graph node holds", what, n->type);
        return NULL;
    }
    acpu_set_error("%s: not an operator of the registry", what);
    return NULL;
}

static void shape_text(const acpu_node_shape *s, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    if (s->rank == 0)
        snprintf(buf, size, "scalar");
    for (int d = 0; d < s->rank; d++) {
        int w = snprintf(buf + used, size - used, "%s%lld", d ? "x" : "", (long long)s->dims[d]);
        if (w < 0 || (size_t)w >= size - used)
            break;
        used += (size_t)w;
    }
}

static void to_bc(const acpu_node_shape *s, acpu_bc_shape *b)
{
    b->rank = s->rank;
    for (int d = 0; d < s->rank; d++)
        b->dims[d] = s->dims[d];
}

static aclnnStatus node_infer(const acpu_node_op *n, const acpu_node_shape *in, acpu_node_shape *out)
{
    const node_entry *e = entry_of(n, "acpu_node_iface.infer");
    if (e == NULL)
        return ACLNN_ERR_PARAM_INVALID;
    const acpu_op_def *op = e->op;
    for (int j = 0; j < op->n_in; j++) {
        if (in[j].rank < 0 || in[j].rank > ACPU_NODE_MAX_DIMS) {
            acpu_set_error("%s: %s must have at most %d dims, got %d", op->type, op->in[j], ACPU_NODE_MAX_DIMS,
                           in[j].rank);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    acpu_settings s;
    acpu_settings_get(&s);
    acpu_profile_group g = acpu_profile_group_of(s.platform.soc);
    *out = in[e->rule[g] == RULE_BROADCAST_TO ? e->to_slot[g] : 0];
    out->dtype = in[0].dtype;
    if (e->rule[g] != RULE_BROADCAST_OUT)
        return ACLNN_SUCCESS;
    acpu_bc_shape acc, next, both;
    to_bc(&in[0], &acc);
    for (int j = 1; j < op->n_in; j++) {
        to_bc(&in[j], &next);
        if (!acpu_bc_infer_shape(&acc, &next, &both)) {
            char a[160], b[160];
            shape_text(&in[0], a, sizeof a);
            shape_text(&in[j], b, sizeof b);
            acpu_set_error("%s: %s shape %s does not broadcast with %s shape %s", op->type, op->in[0], a, op->in[j], b);
            return ACLNN_ERR_PARAM_INVALID;
        }
        acc = both;
    }
    out->rank = (int)acc.rank;
    for (int d = 0; d < out->rank; d++)
        out->dims[d] = acc.dims[d];
    return ACLNN_SUCCESS;
}

static aclnnStatus node_plan(const acpu_node_op *n, const acpu_node_value *values, const aclTensor *const *in,
                             aclTensor *out, uint64_t *workspace_size, aclOpExecutor **executor)
{
    const node_entry *e = entry_of(n, "acpu_node_iface.plan");
    if (e == NULL)
        return ACLNN_ERR_PARAM_INVALID;
    const acpu_op_def *op = e->op;
    acpu_arg args[ACPU_MAX_PARAMS];
    int p = 0;
    for (int j = 0; j < op->n_in; j++)
        args[p++].p = in[j];
    for (int k = 0; k < op->n_attrs; k++, p++) {
        if ((int)values[k].type != (int)op->attrs[k].type) {
            static const char *const names[] = {"float", "bool", "int", "string"};
            acpu_set_error("%s: attribute %s must be a %s", op->type, op->attrs[k].name, names[op->attrs[k].type]);
            return ACLNN_ERR_PARAM_INVALID;
        }
        switch (op->attrs[k].type) {
        case ACPU_ATTR_BOOL: args[p].b = values[k].b; break;
        case ACPU_ATTR_INT: args[p].i = values[k].i; break;
        case ACPU_ATTR_STRING: args[p].s = values[k].s; break;
        default: args[p].d = values[k].f; break;
        }
    }
    args[p].p = out;
    return acpu_op_phase1(&e->row, args, workspace_size, executor);
}

static aclnnStatus node_run(const acpu_node_op *n, void *workspace, uint64_t workspace_size, aclOpExecutor *executor)
{
    const node_entry *e = entry_of(n, "acpu_node_iface.run");
    if (e == NULL)
        return ACLNN_ERR_PARAM_INVALID;
    return acpu_op_phase2(&e->row, workspace, workspace_size, executor, NULL);
}

static const acpu_node_iface k_node_iface = {ACPU_NODE_ABI, node_op_count, node_op_at, node_op_find,
                                             node_infer,    node_plan,     node_run};

ACLNN_API const acpu_node_iface *acpu_node_iface_get(void) { return &k_node_iface; }
