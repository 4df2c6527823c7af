/* aclnnCpuGetTilingUsage: the tiling lab's options for every API of the registry, as the tool's
 * usage text (tools/aclnn-cpu-tiling prints it). */
#include <stdio.h>
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "lab/acpu_lab.h"
#include "ops/acpu_registry.h"
#include "runtime/acpu_runtime.h"

static const char k_head[] = "usage: aclnn-cpu-tiling OP [options]\n"
                             "       aclnn-cpu-tiling --help\n"
                             "\n"
                             "Prints the host tiling plan of OP as one JSON object on one line.\n"
                             "\n"
                             "OP (the aclnn API in snake case, without aclnn) and its kernel:\n";

static const char k_common[] =
    "\n"
    "options of every OP:\n"
    "  --soc NAME           host (default), Ascend910, Ascend910B, Ascend910_93, Ascend950\n"
    "  --cores N            override the profile's vector-core count (N > 0)\n"
    "  --ub BYTES           override the profile's unified-buffer bytes per core (BYTES > 0)\n"
    "  --dtype T            every tensor's dtype (default float32): float32|float|fp32, float16|fp16|half,\n"
    "                       bfloat16|bf16, float64|double, int8, uint8, int16, int32, int64, bool\n"
    "  --shape D0,D1,...    every tensor's shape, up to 8 dims; \"\" or \"scalar\" is 0-dim (default scalar)\n"
    "  --strategy S         one of OP's strategies (default: the first for the profile that takes the\n"
    "                       call)\n"
    "  --schedule           also print \"schedule\": what the engine runs, one format for every strategy\n"
    "  The output's dtype defaults to the inputs' promotion, its shape to their broadcast.\n";

static void tensor_options(acpu_lab_json *j, const acpu_param_def *p)
{
    char word[48];
    acpu_lab_tensor_word(p->name, word, sizeof word);
    acpu_lab_printf(j, "  --%s-dtype T, --%s-shape D   %s\n", word, word, p->name);
}

/* Spaces after "--word V" up to the description column. */
static int pad(const char *word) { return strlen(word) < 17u ? (int)(17u - strlen(word)) : 1; }

static void attr_option(acpu_lab_json *j, const acpu_api_def *api, const acpu_param_def *p)
{
    const acpu_attr_def *a = &api->op->attrs[p->slot];
    char word[48];
    acpu_lab_kebab(p->name, word, sizeof word);
    if (p->kind == ACPU_P_BOOL) {
        acpu_lab_printf(j, "  --%-19s %s: true (default false)\n", word, p->name);
    } else if (p->kind == ACPU_P_STRING && a->choices != NULL) {
        acpu_lab_printf(j, "  --%s S%*s one of", word, pad(word), "");
        for (int i = 0; a->choices[i] != NULL; i++)
            acpu_lab_printf(j, " %s", a->choices[i]);
        acpu_lab_printf(j, " (default %s)\n", a->choices[a->dflt.i]);
    } else {
        acpu_lab_printf(j, "  --%s V%*s %s (default %.9g)\n", word, pad(word), "", p->name,
                        p->kind == ACPU_P_INT ? (double)a->dflt.i : a->dflt.d);
    }
}

static void api_options(acpu_lab_json *j, const acpu_api_def *api)
{
    acpu_lab_printf(j, "\n%s options (%s):\n", api->snake, api->name);
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (p->kind <= ACPU_P_TINOUT_CONST)
            tensor_options(j, p);
        else
            attr_option(j, api, p);
    }
    acpu_lab_printf(j, "  strategies:");
    for (int i = 0; i < api->op->n_tilings; i++)
        acpu_lab_printf(j, " %s", api->op->tilings[i].strategy->name);
    acpu_lab_printf(j, "\n");
}

ACL_FUNC_VISIBILITY aclnnStatus aclnnCpuGetTilingUsage(char *text, size_t textSize, size_t *textLength)
{
    if (textLength == NULL || (text == NULL && textSize > 0)) {
        acpu_set_error("aclnnCpuGetTilingUsage: %s must not be NULL", textLength == NULL ? "textLength" : "text");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    *textLength = 0u;
    acpu_lab_json *j = acpu_lab_json_new();
    if (j == NULL) {
        acpu_set_error("aclnnCpuGetTilingUsage: out of memory");
        return ACLNN_ERR_INNER;
    }
    acpu_lab_printf(j, "%s", k_head);
    for (int i = 0; i < acpu_api_count; i++)
        acpu_lab_printf(j, "  %-24s %s (%s)\n", acpu_apis[i]->snake, acpu_apis[i]->op->type, acpu_apis[i]->name);
    acpu_lab_printf(j, "%s", k_common);
    for (int i = 0; i < acpu_api_count; i++)
        api_options(j, acpu_apis[i]);
    aclnnStatus rc = acpu_lab_json_take(j, "aclnnCpuGetTilingUsage", text, textSize, textLength);
    acpu_lab_json_free(j);
    return rc;
}
