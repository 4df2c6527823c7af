/* aclnnCpuGetOpRegistry: the operator registry as JSON (the Python package builds its functions and
 * modules from it, the docs' tables are checked against it). */
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "lab/acpu_lab.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"

static const char *const k_kind_names[ACPU_P_KIND_COUNT] = {[ACPU_P_TIN] = "tensor",
                                                            [ACPU_P_TOUT] = "out",
                                                            [ACPU_P_TOUT_CONST] = "out",
                                                            [ACPU_P_TINOUT] = "inout",
                                                            [ACPU_P_TINOUT_CONST] = "inout",
                                                            [ACPU_P_SCALAR] = "scalar",
                                                            [ACPU_P_SCALAR_OPT] = "scalar_optional",
                                                            [ACPU_P_BOOL] = "bool",
                                                            [ACPU_P_INT] = "int",
                                                            [ACPU_P_STRING] = "string",
                                                            [ACPU_P_FLOAT] = "float"};
static const char *const k_attr_types[] = {"float", "bool", "int", "string"};
static const char *const k_group_names[ACPU_PG_COUNT] = {"Ascend910", "Ascend910B", "Ascend950"};

static void attr_json(acpu_lab_json *j, const acpu_attr_def *a)
{
    acpu_lab_printf(j, "{\"name\": ");
    acpu_lab_json_string(j, a->name);
    acpu_lab_printf(j, ", \"type\": \"%s\", \"default\": ", k_attr_types[a->type]);
    if (a->type == ACPU_ATTR_BOOL)
        acpu_lab_printf(j, "%s", a->dflt.b ? "true" : "false");
    else if (a->type == ACPU_ATTR_INT)
        acpu_lab_printf(j, "%lld", (long long)a->dflt.i);
    else if (a->type == ACPU_ATTR_STRING)
        acpu_lab_json_string(j, a->choices != NULL ? a->choices[a->dflt.i] : "");
    else
        acpu_lab_printf(j, "%.17g", a->dflt.d);
    if (a->choices != NULL) {
        acpu_lab_printf(j, ", \"choices\": [");
        for (int i = 0; a->choices[i] != NULL; i++) {
            acpu_lab_printf(j, i ? ", " : "");
            acpu_lab_json_string(j, a->choices[i]);
        }
        acpu_lab_printf(j, "]");
    }
    acpu_lab_printf(j, "}");
}

static void op_json(acpu_lab_json *j, const acpu_op_def *op)
{
    acpu_lab_printf(j, "{\"type\": ");
    acpu_lab_json_string(j, op->type);
    acpu_lab_printf(j, ", \"inputs\": [");
    for (int i = 0; i < op->n_in; i++) {
        acpu_lab_printf(j, i ? ", " : "");
        acpu_lab_json_string(j, op->in[i]);
    }
    acpu_lab_printf(j, "]");
    if (op->unread_in[0] != NULL) { /* IR inputs the kernel never reads (SwishGrad's y) */
        acpu_lab_printf(j, ", \"unread_inputs\": [");
        for (int i = 0; i < ACPU_TILING_MAX_INPUTS && op->unread_in[i] != NULL; i++) {
            acpu_lab_printf(j, i ? ", " : "");
            acpu_lab_json_string(j, op->unread_in[i]);
        }
        acpu_lab_printf(j, "]");
    }
    acpu_lab_printf(j, ", \"output\": ");
    acpu_lab_json_string(j, op->out);
    acpu_lab_printf(j, ", \"attrs\": [");
    for (int i = 0; i < op->n_attrs; i++) {
        acpu_lab_printf(j, i ? ", " : "");
        attr_json(j, &op->attrs[i]);
    }
    acpu_lab_printf(j, "], \"kernel\": \"%s\", \"strategies\": [", acpu_kernel_infos[op->kernel].name);
    for (int i = 0; i < op->n_tilings; i++)
        acpu_lab_printf(j, "%s\"%s\"", i ? ", " : "", op->tilings[i].strategy->name);
    acpu_lab_printf(j, "]}");
}

static void dtype_list(acpu_lab_json *j, uint64_t set)
{
    char names[512];
    acpu_dtype_set_str(set, names, sizeof names);
    acpu_lab_printf(j, "[");
    bool first = true;
    for (char *p = names; *p != '\0';) {
        size_t len = strcspn(p, ",");
        acpu_lab_printf(j, "%s\"%.*s\"", first ? "" : ", ", (int)len, p);
        first = false;
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
    }
    acpu_lab_printf(j, "]");
}

static void param_json(acpu_lab_json *j, const acpu_api_def *api, int i)
{
    const acpu_param_def *p = &api->params[i];
    acpu_lab_printf(j, "{\"name\": ");
    acpu_lab_json_string(j, p->name);
    acpu_lab_printf(j, ", \"kind\": \"%s\", \"slot\": %d", k_kind_names[p->kind], p->slot);
    if (p->kind > ACPU_P_TINOUT_CONST) {
        acpu_lab_printf(j, "}");
        return;
    }
    uint64_t set;
    if (acpu_api_param_promoted_dtypes(api, i, ACPU_PG_950, &set)) {
        /* promoted with the other input: what calls with inputs of one dtype take */
        acpu_lab_printf(j, ", \"promoted_dtypes\": {");
        for (int g = 0; g < ACPU_PG_COUNT; g++) {
            acpu_api_param_promoted_dtypes(api, i, (acpu_profile_group)g, &set);
            acpu_lab_printf(j, "%s\"%s\": ", g ? ", " : "", k_group_names[g]);
            dtype_list(j, set);
        }
        acpu_lab_printf(j, "}");
    }
    if (!acpu_api_param_dtypes(api, i, ACPU_PG_950, &set)) {
        const char *same = acpu_api_param_same_as(api, i); /* the parameter whose dtype it must equal */
        if (same != NULL) {
            acpu_lab_printf(j, ", \"same_as\": ");
            acpu_lab_json_string(j, same);
        }
        acpu_lab_printf(j, "}");
        return;
    }
    acpu_lab_printf(j, ", \"dtypes\": {");
    for (int g = 0; g < ACPU_PG_COUNT; g++) {
        acpu_api_param_dtypes(api, i, (acpu_profile_group)g, &set);
        acpu_lab_printf(j, "%s\"%s\": ", g ? ", " : "", k_group_names[g]);
        dtype_list(j, set);
    }
    acpu_lab_printf(j, "}}");
}

static void api_json(acpu_lab_json *j, const acpu_api_def *api)
{
    acpu_lab_printf(j, "{\"name\": \"%s\", \"snake\": \"%s\", \"op\": \"%s\", \"params\": [", api->name, api->snake,
                    api->op->type);
    for (int i = 0; i < api->n_params; i++) {
        acpu_lab_printf(j, i ? ", " : "");
        param_json(j, api, i);
    }
    static const char *const rules[] = {"widen", "keep", "float_else_out"};
    acpu_lab_printf(j, "], \"broadcast\": %s, \"compute\": \"%s\"}",
                    acpu_api_broadcasts(api, ACPU_PG_950) ? "true" : "false", rules[api->compute]);
}

ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetOpRegistry(char *json, size_t jsonSize, size_t *jsonLength)
{
    if (jsonLength == NULL || (json == NULL && jsonSize > 0)) {
        acpu_set_error("aclnnCpuGetOpRegistry: %s must not be NULL", jsonLength == NULL ? "jsonLength" : "json");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *jsonLength = 0u;
    acpu_lab_json *j = acpu_lab_json_new();
    if (j == NULL) {
        acpu_set_error("aclnnCpuGetOpRegistry: out of memory");
        return ACLNN_ERR_INNER;
    }
    acpu_lab_printf(j, "{\"ops\": [");
    for (int i = 0; i < acpu_op_count; i++) {
        acpu_lab_printf(j, i ? ", " : "");
        op_json(j, acpu_ops[i]);
    }
    acpu_lab_printf(j, "], \"apis\": [");
    for (int i = 0; i < acpu_api_count; i++) {
        acpu_lab_printf(j, i ? ", " : "");
        api_json(j, acpu_apis[i]);
    }
    acpu_lab_printf(j, "]}");
    aclnnStatus rc = acpu_lab_json_take(j, "aclnnCpuGetOpRegistry", json, jsonSize, jsonLength);
    acpu_lab_json_free(j);
    return rc;
}
