/* aclnn-cpu-registry: the operator registry (src/ops/registry.c) as the library describes it.
 *   aclnn-cpu-registry --json            the JSON of aclnnCpuGetOpRegistry
 *   aclnn-cpu-registry --markdown        doc/OPERATORS.md (the docs' operator and dtype tables; the
 *                                        doc_operators test checks the file against this output)
 *   aclnn-cpu-registry --ge-protos DIR   an operator proto header per operator in DIR
 *                                        (<snake type>_proto.h, REG_OP as CANN's op_proto headers
 *                                        write it) and all_ops.h including them: the install's
 *                                        opp/built-in/op_proto/inc (doc/TOOLKIT.md#graph-mode)
 * Exit status: 0 success, 1 failure, 2 bad arguments. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "ops/acpu_op_node.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"

static const char *const k_group_names[ACPU_PG_COUNT] = {"Ascend910", "Ascend910B / Ascend910_93", "Ascend950 / host"};

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
            printf(" `%s`%s", pname(api, i),
                   api->params[i].kind == ACPU_P_SCALAR_OPT ? " (may be NULL)"
                   : api->params[i].kind == ACPU_P_STRING   ? " (char *)"
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
        case ACPU_CK_SCALAR_CAST_TO: printf("`%s` castable to `%s`'s dtype", pname(api, k->a), pname(api, k->b)); break;
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
    printf(".\n\n| parameter | %s | %s | %s |\n|---|---|---|---|\n", k_group_names[0], k_group_names[1],
           k_group_names[2]);
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (p->kind > ACPU_P_TINOUT_CONST) {
            const acpu_attr_def *a = &api->op->attrs[p->slot];
            printf("| %s | attribute `%s` (%s) | | |\n", p->name, a->name,
                   p->kind == ACPU_P_SCALAR_OPT ? "aclScalar, optional"
                   : p->kind == ACPU_P_SCALAR   ? "aclScalar"
                   : p->kind == ACPU_P_BOOL     ? "bool"
                   : p->kind == ACPU_P_INT      ? "int64_t"
                                                : "char *");
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

static void snake_of(const char *type, char *out, size_t size);
static void float_literal(double v, char *buf, size_t size);

/* Graph mode: every operator is a GE op type (doc/TOOLKIT.md#graph-mode). */
static void markdown_graph(void)
{
    const acpu_node_iface *nodes = acpu_node_iface_get();
    char names[256];
    printf("\n## Graph mode: the GE op types\n\n"
           "Every operator above runs as a node of a GE graph (`ge::Session::RunGraph`), its kernel op type\n"
           "being its GE op type; the install's `opp/built-in/op_proto/inc/<proto>` declares it (REG_OP),\n"
           "`all_ops.h` all of them. Inputs in IR order (an input the kernel never reads is marked *unread*);\n"
           "dtypes: the IR's TensorType lists (BF16 not on Ascend910).\n\n"
           "| GE op type | inputs -> output | dtypes | attributes (defaults) | proto |\n|---|---|---|---|---|\n");
    for (int i = 0; i < nodes->op_count(); i++) {
        const acpu_node_op *op = nodes->op_at(i);
        char snake[96];
        snake_of(op->type, snake, sizeof snake);
        printf("| %s | ", op->type);
        for (int j = 0; j < op->n_ir_in; j++)
            printf("%s%s%s", j ? ", " : "", op->in[j], j >= op->n_in ? " (*unread*)" : "");
        printf(" -> %s | %s | ", op->out, acpu_dtype_set_str(op->in_dtypes[0], names, sizeof names));
        for (int k = 0; k < op->n_attrs; k++) {
            const acpu_node_attr *a = &op->attrs[k];
            char num[64];
            printf("%s%s = ", k ? ", " : "", a->name);
            switch (a->dflt.type) {
            case ACPU_NODE_ATTR_BOOL: printf("%s", a->dflt.b ? "true" : "false"); break;
            case ACPU_NODE_ATTR_INT: printf("%lld", (long long)a->dflt.i); break;
            case ACPU_NODE_ATTR_STRING: printf("\"%s\"", a->dflt.s != NULL ? a->dflt.s : ""); break;
            default:
                float_literal(a->dflt.f, num, sizeof num);
                printf("%s", num);
                break;
            }
        }
        printf(" | `%s_proto.h` |\n", snake);
    }
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
    markdown_graph();
    return 0;
}

/* ---- --ge-protos ------------------------------------------------------------------------------ */

/* GE's DT_ names of the dtypes operators take (GE DataType values are aclDataType's). */
static const struct {
    aclDataType dt;
    const char *name;
} k_ge_dtypes[] = {{ACL_FLOAT, "DT_FLOAT"},        {ACL_FLOAT16, "DT_FLOAT16"},     {ACL_BF16, "DT_BF16"},
                   {ACL_DOUBLE, "DT_DOUBLE"},      {ACL_INT8, "DT_INT8"},           {ACL_INT16, "DT_INT16"},
                   {ACL_INT32, "DT_INT32"},        {ACL_INT64, "DT_INT64"},         {ACL_UINT8, "DT_UINT8"},
                   {ACL_UINT16, "DT_UINT16"},      {ACL_UINT32, "DT_UINT32"},       {ACL_UINT64, "DT_UINT64"},
                   {ACL_BOOL, "DT_BOOL"},          {ACL_COMPLEX64, "DT_COMPLEX64"}, {ACL_COMPLEX128, "DT_COMPLEX128"},
                   {ACL_COMPLEX32, "DT_COMPLEX32"}};

static int write_dtypes(FILE *f, uint64_t set)
{
    int n = 0;
    fprintf(f, "TensorType({");
    for (size_t i = 0; i < sizeof k_ge_dtypes / sizeof k_ge_dtypes[0]; i++)
        if (set & ACPU_DT(k_ge_dtypes[i].dt))
            fprintf(f, "%s%s", n++ ? ", " : "", k_ge_dtypes[i].name);
    fprintf(f, "})");
    for (size_t i = 0; i < sizeof k_ge_dtypes / sizeof k_ge_dtypes[0]; i++)
        set &= ~ACPU_DT(k_ge_dtypes[i].dt);
    return set == 0 ? 0 : -1; /* a dtype without a DT_ name here: the table above misses it */
}

/* "SoftplusV2Grad" -> "softplus_v2_grad": an underscore before a capital that follows a lower-case
 * letter or a digit. */
static void snake_of(const char *type, char *out, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; type[i] != '\0' && k + 2 < size; i++) {
        unsigned char c = (unsigned char)type[i];
        if (i > 0 && isupper(c) && (islower((unsigned char)type[i - 1]) || isdigit((unsigned char)type[i - 1])))
            out[k++] = '_';
        out[k++] = (char)tolower(c);
    }
    out[k] = '\0';
}

/* The shortest decimal that reads back as the same float (the attribute's type), without an exponent
 * where one of at most 9 digits does ("20.0", not "2e+01"). */
static void float_literal(double v, char *buf, size_t size)
{
    int found = 0;
    for (int pass = 0; pass < 2 && !found; pass++) {
        for (int digits = 1; digits <= 9; digits++) {
            snprintf(buf, size, "%.*g", digits, v);
            if ((float)strtod(buf, NULL) == (float)v && (pass == 1 || strpbrk(buf, "eE") == NULL)) {
                found = 1;
                break;
            }
        }
    }
    if (strpbrk(buf, ".eEn") == NULL) /* "1" -> "1.0", as the protos write Float defaults */
        strncat(buf, ".0", size - strlen(buf) - 1);
}

static int write_proto(const char *dir, const acpu_node_op *op, char *file, size_t file_size)
{
    char snake[96], path[1024], guard[160];
    snake_of(op->type, snake, sizeof snake);
    snprintf(file, file_size, "%s_proto.h", snake);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(guard, sizeof guard, "ACLNN_CPU_OP_PROTO_%s_H_", snake);
    for (char *c = guard; *c != '\0'; c++)
        *c = (char)toupper((unsigned char)*c);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    int rc = 0;
    fprintf(f,
            "/* %s: generated by aclnn-cpu-registry --ge-protos from the operator registry (src/ops/registry.c).\n"
            " * The operator as aclnn-cpu's graph runner takes it: its IR inputs and output with the IR's dtype\n"
            " * lists, its attributes with the registry's defaults (doc/TOOLKIT.md#graph-mode). */\n",
            op->type);
    fprintf(f, "#ifndef %s\n#define %s\n\n#include \"graph/operator_reg.h\"\n\nnamespace ge {\n", guard, guard);
    fprintf(f, "REG_OP(%s)\n", op->type);
    for (int j = 0; j < op->n_ir_in; j++) {
        fprintf(f, "    .INPUT(%s, ", op->in[j]);
        rc |= write_dtypes(f, op->in_dtypes[j]);
        fprintf(f, ")\n");
    }
    for (int k = 0; k < op->n_attrs; k++) /* attributes CANN's IR has as inputs: x's dtypes, one element */
        if (op->attrs[k].ir_input != 0) {
            fprintf(f, "    .%s(%s, ", op->attrs[k].ir_input == 2 ? "OPTIONAL_INPUT" : "INPUT", op->attrs[k].name);
            rc |= write_dtypes(f, op->in_dtypes[0]);
            fprintf(f, ")\n");
        }
    fprintf(f, "    .OUTPUT(%s, ", op->out);
    rc |= write_dtypes(f, op->out_dtypes);
    fprintf(f, ")\n");
    for (int k = 0; k < op->n_attrs; k++) {
        const acpu_node_attr *a = &op->attrs[k];
        char num[64];
        if (a->ir_input != 0)
            continue;
        switch (a->dflt.type) {
        case ACPU_NODE_ATTR_BOOL: fprintf(f, "    .ATTR(%s, Bool, %s)\n", a->name, a->dflt.b ? "true" : "false"); break;
        case ACPU_NODE_ATTR_INT: fprintf(f, "    .ATTR(%s, Int, %lld)\n", a->name, (long long)a->dflt.i); break;
        case ACPU_NODE_ATTR_STRING:
            fprintf(f, "    .ATTR(%s, String, \"%s\")\n", a->name, a->dflt.s != NULL ? a->dflt.s : "");
            break;
        default:
            float_literal(a->dflt.f, num, sizeof num);
            fprintf(f, "    .ATTR(%s, Float, %s)\n", a->name, num);
            break;
        }
    }
    fprintf(f, "    .OP_END_FACTORY_REG(%s)\n} // namespace ge\n\n#endif /* %s */\n", op->type, guard);
    if (fclose(f) != 0 || rc != 0) {
        fprintf(stderr, "aclnn-cpu-registry: %s: %s\n", path, rc ? "a dtype has no GE DT_ name" : "write failed");
        return 1;
    }
    return 0;
}

static int write_protos(const char *dir)
{
    const acpu_node_iface *nodes = acpu_node_iface_get();
    char path[1024];
    snprintf(path, sizeof path, "%s/all_ops.h", dir);
    FILE *all = fopen(path, "w");
    if (all == NULL) {
        perror(path);
        return 1;
    }
    fprintf(all, "/* all_ops.h: generated by aclnn-cpu-registry --ge-protos: Data and Const (array_ops.h) and every\n"
                 " * operator of aclnn-cpu's registry. */\n#ifndef ACLNN_CPU_OP_PROTO_ALL_OPS_H_\n"
                 "#define ACLNN_CPU_OP_PROTO_ALL_OPS_H_\n\n#include \"array_ops.h\"\n");
    int rc = 0;
    for (int i = 0; i < nodes->op_count(); i++) {
        char file[128];
        rc |= write_proto(dir, nodes->op_at(i), file, sizeof file);
        fprintf(all, "#include \"%s\"\n", file);
    }
    fprintf(all, "\n#endif /* ACLNN_CPU_OP_PROTO_ALL_OPS_H_ */\n");
    return fclose(all) != 0 ? 1 : rc;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--json") == 0)
        return print_json();
    if (argc == 2 && strcmp(argv[1], "--markdown") == 0)
        return print_markdown();
    if (argc == 3 && strcmp(argv[1], "--ge-protos") == 0)
        return write_protos(argv[2]);
    fprintf(stderr, "usage: aclnn-cpu-registry --json | --markdown | --ge-protos DIR\n");
    return 2;
}
