/* aclnn-cpu-registry: the operator registry (src/ops/registry.c) as the library describes it.
 *   aclnn-cpu-registry --json       the JSON of aclnnCpuGetOpRegistry
 *   aclnn-cpu-registry --markdown   doc/OPERATORS.md (the docs' operator and dtype tables; the
 *                                   doc_operators test checks the file against this output)
 * Exit status: 0 success, 1 failure, 2 bad arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"

static const char *const k_group_names[ACPU_PG_COUNT] = {"Ascend910", "Ascend910B / Ascend910_93",
                                                         "Ascend950 / host"};

static int print_json(void)
{
    size_t len = 0;
    if (aclnnCpuGetOpRegistry(NULL, 0, &len) != ACL_SUCCESS)
        return 1;
    char *buf = malloc(len + 1u);
    if (buf == NULL || aclnnCpuGetOpRegistry(buf, len + 1u, &len) != ACL_SUCCESS) {
        free(buf);
        return 1;
    }
    printf("%s\n", buf);
    free(buf);
    return 0;
}

static void signature(const acpu_api_def *api)
{
    printf("`%s(", api->name);
    for (int i = 0; i < api->n_params; i++)
        printf("%s%s", i ? ", " : "", api->params[i].name);
    printf(")`");
}

static const char *pname(const acpu_api_def *api, int i) { return api->params[i].name; }

static const char *profiles_of(uint8_t bits)
{
    static char buf[96];
    if (bits == 0)
        return "";
    snprintf(buf, sizeof buf, " (on %s%s%s%s%s)", bits & ACPU_PG_BIT(ACPU_PG_910) ? "Ascend910" : "",
             (bits & ACPU_PG_BIT(ACPU_PG_910)) && (bits & ~ACPU_PG_BIT(ACPU_PG_910)) ? ", " : "",
             bits & ACPU_PG_BIT(ACPU_PG_A2A3) ? "Ascend910B, Ascend910_93" : "",
             (bits & ACPU_PG_BIT(ACPU_PG_A2A3)) && (bits & ACPU_PG_BIT(ACPU_PG_950)) ? ", " : "",
             bits & ACPU_PG_BIT(ACPU_PG_950) ? "Ascend950, host" : "");
    return buf;
}

/* The API's validation order, as phase 1 runs it. */
static void markdown_checks(const acpu_api_def *api)
{
    int step = 1;
    printf("\nValidation, in order (phase 1):\n\n%d. `workspaceSize`, `executor` not NULL (161001)\n", step++);
    printf("%d. handles%s:", step++, api->n_null_order > 0 ? " in CANN's order" : " in parameter order");
    for (int q = 0; q < api->n_params; q++) {
        int i = api->n_null_order > 0 ? (q < api->n_null_order ? api->null_order[q] : -1) : q;
        if (i >= 0 && (api->params[i].kind <= ACPU_P_SCALAR_OPT || api->params[i].kind == ACPU_P_STRING))
            printf(" `%s`%s", pname(api, i), api->params[i].kind == ACPU_P_SCALAR_OPT ? " (may be NULL)"
                                             : api->params[i].kind == ACPU_P_STRING  ? " (char *)"
                                                                                     : "");
    }
    printf(": NULL 161001, not live 161002\n");
    for (int i = 0; i < api->n_checks; i++) {
        const acpu_check *k = &api->checks[i];
        printf("%d. ", step++);
        switch (k->kind) {
        case ACPU_CK_DTYPE: printf("`%s` dtype in the profile's list", pname(api, k->a)); break;
        case ACPU_CK_SAME_DTYPE: printf("`%s` dtype equals `%s`'s", pname(api, k->a), pname(api, k->b)); break;
        case ACPU_CK_PROMOTE_OUT:
            printf("`%s` dtype is the promotion of `%s`'s and `%s`'s", pname(api, k->a), pname(api, k->b),
                   pname(api, k->c));
            break;
        case ACPU_CK_CAST_OUT:
            printf("`%s` dtype in its list and a cast target of `%s`'s", pname(api, k->a), pname(api, k->b));
            break;
        case ACPU_CK_SCALAR_CAST:
            printf("`%s` castable to %s", pname(api, k->a), acpu_dtype_name((aclDataType)k->b));
            break;
        case ACPU_CK_RANK: printf("`%s` has at most 8 dims", pname(api, k->a)); break;
        case ACPU_CK_SAME_SHAPE: printf("`%s` shape equals `%s`'s", pname(api, k->a), pname(api, k->b)); break;
        case ACPU_CK_BROADCAST_TO: printf("`%s` broadcasts to `%s`'s shape", pname(api, k->a), pname(api, k->b)); break;
        case ACPU_CK_BROADCAST_OUT:
            printf("`%s` shape is the broadcast of `%s`'s and `%s`'s", pname(api, k->a), pname(api, k->b),
                   pname(api, k->c));
            break;
        case ACPU_CK_OWN: printf("%s", api->own_doc != NULL ? api->own_doc : "the API's own check"); break;
        case ACPU_CK_SCALAR_DTYPE: printf("`%s` dtype in its list (an absent scalar passes)", pname(api, k->a)); break;
        case ACPU_CK_SCALAR_CAST_TO:
            printf("`%s` castable to `%s`'s dtype", pname(api, k->a), pname(api, k->b));
            break;
        case ACPU_CK_PROMOTE_CAST:
            printf("the promotion of `%s`'s and `%s`'s dtypes exists, is in the list and casts to `%s`'s",
                   pname(api, k->b), pname(api, k->c), pname(api, k->a));
            break;
        case ACPU_CK_SAME_FORMAT: printf("`%s` format equals `%s`'s", pname(api, k->a), pname(api, k->b)); break;
        case ACPU_CK_PROMOTE_CAST_OUT:
            printf("`%s` dtype in its list and a cast target of the promotion of `%s`'s and `%s`'s", pname(api, k->a),
                   pname(api, k->b), pname(api, k->c));
            break;
        case ACPU_CK_NOT_PRIVATE_FORMAT:
            printf("`%s`'s and `%s`'s formats not private (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...)", pname(api, k->a),
                   pname(api, k->b));
            break;
        case ACPU_CK_CAN_CAST: printf("`%s` dtype castable to `%s`'s", pname(api, k->b), pname(api, k->a)); break;
        default: printf("check kind %d", k->kind); break;
        }
        printf("%s%s\n", k->kind == ACPU_CK_OWN ? "" : " (161002)", profiles_of(k->profiles));
    }
    printf("%d. an empty tensor (a 0 dim): success, workspace 0, nothing written\n", step++);
    printf("%d. data present (161001), views inside their storage, the output's overlap rule (161002)\n", step++);
    printf("%d. the tiling: 561002 when the profile cannot hold one tile\n", step);
}

static void markdown_api(const acpu_api_def *api)
{
    char names[512];
    printf("\n### %s\n\n", api->name);
    signature(api);
    printf(" runs kernel `%s`; tiling strategies in order:", api->op->type);
    for (int i = 0; i < api->op->n_tilings; i++)
        printf(" %s", api->op->tilings[i].strategy->name);
    printf(".\n\n| parameter | %s | %s | %s |\n|---|---|---|---|\n", k_group_names[0], k_group_names[1], k_group_names[2]);
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (p->kind > ACPU_P_TINOUT_CONST) {
            const acpu_attr_def *a = &api->op->attrs[p->slot];
            printf("| %s | attribute `%s` (%s) | | |\n", p->name, a->name,
                   p->kind == ACPU_P_SCALAR_OPT ? "aclScalar, optional" : p->kind == ACPU_P_SCALAR ? "aclScalar"
                   : p->kind == ACPU_P_BOOL ? "bool" : p->kind == ACPU_P_INT ? "int64_t" : "char *");
            continue;
        }
        printf("| %s |", p->name);
        const char *same = acpu_api_param_same_as(api, i);
        for (int g = 0; g < ACPU_PG_COUNT; g++) {
            uint64_t set;
            if (acpu_api_param_dtypes(api, i, (acpu_profile_group)g, &set))
                printf(" %s |", acpu_dtype_set_str(set, names, sizeof names));
            else if (acpu_api_param_promoted_dtypes(api, i, (acpu_profile_group)g, &set))
                printf(" any, the promotion in %s |", acpu_dtype_set_str(set, names, sizeof names));
            else
                printf(" as %s |", same != NULL ? same : "its operator");
        }
        printf("\n");
    }
    markdown_checks(api);
}

static int print_markdown(void)
{
    printf("# Operators\n\n"
           "Generated by `aclnn-cpu-registry --markdown` from the operator registry (src/ops/registry.c); the\n"
           "`doc_operators` test fails when this file and the registry disagree (rebuild it with\n"
           "`cmake --build <build> --target doc_operators_update`). Behaviour per API: [BEHAVIOUR.md](BEHAVIOUR.md);\n"
           "CANN's rules: [CANN.md](CANN.md); accuracy: [NUMERICS.md](NUMERICS.md).\n\n"
           "| API | kernel | inputs -> output | attributes |\n|---|---|---|---|\n");
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_api_def *api = acpu_apis[i];
        const acpu_op_def *op = api->op;
        printf("| %s | %s | ", api->name, op->type);
        for (int j = 0; j < op->n_in; j++)
            printf("%s%s", j ? ", " : "", op->in[j]);
        printf(" -> %s | ", op->out);
        for (int j = 0; j < op->n_attrs; j++)
            printf("%s%s", j ? ", " : "", op->attrs[j].name);
        printf(" |\n");
    }
    printf("\n## Dtypes per API and profile\n");
    for (int i = 0; i < acpu_api_count; i++)
        markdown_api(acpu_apis[i]);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--json") == 0)
        return print_json();
    if (argc == 2 && strcmp(argv[1], "--markdown") == 0)
        return print_markdown();
    fprintf(stderr, "usage: aclnn-cpu-registry --json | --markdown\n");
    return 2;
}
