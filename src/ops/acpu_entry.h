/* An API row of the registry and its public entry points, from one parameter list (ops/registry.c):
 *
 *   ACPU_API(Name, "snake_name", ((KIND, name, slot), ...), .op = ..., .checks = ..., ...)
 *
 * defines aclnn<Name>GetWorkspaceSize(<the parameters>, uint64_t *workspaceSize,
 * aclOpExecutor **executor) and aclnn<Name>(workspace, workspaceSize, executor, stream), each
 * parameter's C type from its kind (ACPU_P_<KIND> of acpu_registry.h): the public header's
 * prototype, which the registry includes, must match. Then the row k_api_<Name>: its names, its
 * parameter list, its generic trampoline (invoke_<Name>) and the remaining initialisers given.
 * Up to 10 parameters. */
#ifndef ACPU_ENTRY_H_
#define ACPU_ENTRY_H_

#include "ops/acpu_registry.h"

/* C type of each kind. */
#define ACPU_CTYPE_TIN const aclTensor *
#define ACPU_CTYPE_TOUT aclTensor *
#define ACPU_CTYPE_TOUT_CONST const aclTensor *
#define ACPU_CTYPE_TINOUT aclTensor *
#define ACPU_CTYPE_TINOUT_CONST const aclTensor *
#define ACPU_CTYPE_SCALAR const aclScalar *
#define ACPU_CTYPE_SCALAR_OPT const aclScalar *
#define ACPU_CTYPE_BOOL bool
#define ACPU_CTYPE_INT int64_t
#define ACPU_CTYPE_STRING char *

/* The acpu_arg member each kind travels in. */
#define ACPU_AMEMBER_TIN p
#define ACPU_AMEMBER_TOUT p
#define ACPU_AMEMBER_TOUT_CONST p
#define ACPU_AMEMBER_TINOUT p
#define ACPU_AMEMBER_TINOUT_CONST p
#define ACPU_AMEMBER_SCALAR p
#define ACPU_AMEMBER_SCALAR_OPT p
#define ACPU_AMEMBER_BOOL b
#define ACPU_AMEMBER_INT i
#define ACPU_AMEMBER_STRING s

/* A (KIND, name, slot) triple's pieces. */
#define ACPU_P_DECL_(kind, name, slot) ACPU_CTYPE_##kind name,
#define ACPU_P_DECL(t) ACPU_P_DECL_ t
#define ACPU_P_ROW_(kind, name, slot) {#name, ACPU_P_##kind, slot},
#define ACPU_P_ROW(t) ACPU_P_ROW_ t
#define ACPU_P_PACK_(i, kind, name, slot) a[i].ACPU_AMEMBER_##kind = name;
#define ACPU_P_PACK(i, t) ACPU_P_APPLY(ACPU_P_PACK_, (i, ACPU_P_UNWRAP t))
#define ACPU_P_UNPACK_(i, kind, name, slot) (ACPU_CTYPE_##kind) a[i].ACPU_AMEMBER_##kind,
#define ACPU_P_UNPACK(i, t) ACPU_P_APPLY(ACPU_P_UNPACK_, (i, ACPU_P_UNWRAP t))
#define ACPU_P_UNWRAP(kind, name, slot) kind, name, slot
#define ACPU_P_APPLY(m, args) m args

/* FOR_EACH over 1..10 arguments, with the index. */
#define ACPU_NARGS(...) ACPU_NARGS_(__VA_ARGS__, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define ACPU_NARGS_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, n, ...) n
#define ACPU_CAT(a, b) ACPU_CAT_(a, b)
#define ACPU_CAT_(a, b) a##b
#define ACPU_EACH(m, ...) ACPU_CAT(ACPU_EACH_, ACPU_NARGS(__VA_ARGS__))(m, 0, __VA_ARGS__)
#define ACPU_EACH_1(m, i, x) m(i, x)
#define ACPU_EACH_2(m, i, x, ...) m(i, x) ACPU_EACH_1(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_3(m, i, x, ...) m(i, x) ACPU_EACH_2(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_4(m, i, x, ...) m(i, x) ACPU_EACH_3(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_5(m, i, x, ...) m(i, x) ACPU_EACH_4(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_6(m, i, x, ...) m(i, x) ACPU_EACH_5(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_7(m, i, x, ...) m(i, x) ACPU_EACH_6(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_8(m, i, x, ...) m(i, x) ACPU_EACH_7(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_9(m, i, x, ...) m(i, x) ACPU_EACH_8(m, (i + 1), __VA_ARGS__)
#define ACPU_EACH_10(m, i, x, ...) m(i, x) ACPU_EACH_9(m, (i + 1), __VA_ARGS__)
#define ACPU_DECL_AT(i, t) ACPU_P_DECL(t)
#define ACPU_ROW_AT(i, t) ACPU_P_ROW(t)

/* The parameter rows of an API, for its acpu_api_def initialiser: .n_params and .params. */
#define ACPU_API_PARAMS(...) .n_params = ACPU_NARGS(__VA_ARGS__), .params = {ACPU_EACH(ACPU_ROW_AT, __VA_ARGS__)}
#define ACPU_UNPAREN(...) __VA_ARGS__

#define ACPU_API(Name, snake_name, PARAMS, ...)                                                                       \
    ACPU_API_ENTRY(Name, ACPU_UNPAREN PARAMS)                                                                         \
    static const acpu_api_def k_api_##Name = {ACPU_API_NAMES(Name, snake_name), ACPU_API_PARAMS(ACPU_UNPAREN PARAMS), \
                                              __VA_ARGS__};

/* Declares the row (defined after the entry points, which it names) and defines the entry points. */
#define ACPU_API_ENTRY(Name, ...)                                                                                     \
    static const acpu_api_def k_api_##Name;                                                                           \
    ACLNN_API aclnnStatus aclnn##Name##GetWorkspaceSize(ACPU_EACH(ACPU_DECL_AT, __VA_ARGS__) uint64_t *workspaceSize, \
                                                        aclOpExecutor **executor)                                     \
    {                                                                                                                 \
        acpu_arg a[ACPU_MAX_PARAMS];                                                                                  \
        ACPU_EACH(ACPU_P_PACK, __VA_ARGS__)                                                                           \
        return acpu_op_phase1(&k_api_##Name, a, workspaceSize, executor);                                             \
    }                                                                                                                 \
    ACLNN_API aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,               \
                                      aclrtStream stream)                                                             \
    {                                                                                                                 \
        return acpu_op_phase2(&k_api_##Name, workspace, workspaceSize, executor, stream);                             \
    }                                                                                                                 \
    static aclnnStatus invoke_##Name(const acpu_arg *a, uint64_t *workspaceSize, aclOpExecutor **executor)            \
    {                                                                                                                 \
        return aclnn##Name##GetWorkspaceSize(ACPU_EACH(ACPU_P_UNPACK, __VA_ARGS__) workspaceSize, executor);          \
    }

/* The names and hooks every row of an API carries. */
#define ACPU_API_NAMES(Name, snake_name)                                                                        \
    .name = "aclnn" #Name, .phase1 = "aclnn" #Name "GetWorkspaceSize", .short_name = #Name, .exec_name = #Name, \
    .snake = snake_name, .invoke = invoke_##Name, .run = aclnn##Name

#endif /* ACPU_ENTRY_H_ */
