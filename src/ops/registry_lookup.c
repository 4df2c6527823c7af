/* Lookups in the registry's lists (acpu_registry.h). */
#include <string.h>

#include "ops/acpu_registry.h"

const acpu_api_def *acpu_api_find(const char *name)
{
    for (int i = 0; name != NULL && i < acpu_api_count; i++)
        if (strcmp(acpu_apis[i]->name, name) == 0 || strcmp(acpu_apis[i]->snake, name) == 0)
            return acpu_apis[i];
    return NULL;
}

const acpu_op_def *acpu_op_find(const char *type)
{
    for (int i = 0; type != NULL && i < acpu_op_count; i++)
        if (strcmp(acpu_ops[i]->type, type) == 0)
            return acpu_ops[i];
    return NULL;
}

const acpu_op_def *acpu_api_op_for(const acpu_api_def *api, const acpu_attr_value *attrs)
{
    const acpu_op_def *op = api->pick_op != NULL ? api->pick_op(attrs) : NULL;
    return op != NULL ? op : api->op;
}

bool acpu_api_param_dtypes(const acpu_api_def *api, int param, acpu_profile_group g, uint64_t *set)
{
    bool listed = false;
    *set = ~UINT64_C(0);
    for (int i = 0; i < api->n_checks; i++) {
        const acpu_check *k = &api->checks[i];
        if ((k->kind != ACPU_CK_DTYPE && k->kind != ACPU_CK_CAST_OUT && k->kind != ACPU_CK_PROMOTE_CAST_OUT) ||
            k->a != param || (k->profiles != 0 && !(k->profiles & ACPU_PG_BIT(g))))
            continue;
        *set &= k->dtypes[g];
        listed = true;
    }
    return listed;
}

bool acpu_api_param_promoted_dtypes(const acpu_api_def *api, int param, acpu_profile_group g, uint64_t *set)
{
    bool listed = false;
    *set = ~UINT64_C(0);
    for (int i = 0; i < api->n_checks; i++) {
        const acpu_check *k = &api->checks[i];
        if (k->kind != ACPU_CK_PROMOTE_CAST || (k->b != param && k->c != param) ||
            (k->profiles != 0 && !(k->profiles & ACPU_PG_BIT(g))))
            continue;
        *set &= k->dtypes[g];
        listed = true;
    }
    return listed;
}

const char *acpu_api_param_same_as(const acpu_api_def *api, int param)
{
    for (int i = 0; i < api->n_checks; i++)
        if (api->checks[i].kind == ACPU_CK_SAME_DTYPE && api->checks[i].a == param && api->checks[i].profiles == 0)
            return api->params[api->checks[i].b].name;
    return NULL;
}

bool acpu_api_broadcasts(const acpu_api_def *api, acpu_profile_group g)
{
    for (int i = 0; i < api->n_checks; i++) {
        const acpu_check *k = &api->checks[i];
        if ((k->kind == ACPU_CK_BROADCAST_TO || k->kind == ACPU_CK_BROADCAST_OUT) &&
            (k->profiles == 0 || (k->profiles & ACPU_PG_BIT(g))))
            return true;
    }
    return false;
}

void acpu_api_default_attrs(const acpu_api_def *api, acpu_attr_value *attrs)
{
    const acpu_op_def *op = api->op;
    for (int k = 0; k < op->n_attrs; k++)
        attrs[k] = op->attrs[k].dflt;
    for (int k = 0; k < api->n_consts; k++) {
        double v = api->consts[k].value;
        attrs[api->consts[k].slot] = (acpu_attr_value){.f = (float)v, .d = v, .b = v != 0.0, .i = (int64_t)v};
    }
}
