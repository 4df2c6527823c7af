/* The operators this library implements, as data: one X-macro row per operator.
 *   X(ID, Name)   ID names the enum constant ACPU_OP_<ID>; Name is CANN's operator name without the
 *                 "aclnn" prefix (executor names, verbose lines).
 * Adding an operator: one row here (doc/ARCHITECTURE.md, "Adding an operator"). */
#ifndef ACPU_OP_LIST_H_
#define ACPU_OP_LIST_H_

#define ACPU_OP_LIST(X)                      \
    X(ELU_BACKWARD, EluBackward)             \
    X(SOFTPLUS_BACKWARD, SoftplusBackward)   \
    X(SILU_BACKWARD, SiluBackward)

/* The operator an executor was planned for: phase 2 of another operator refuses it. */
#define ACPU_OP_ENUM_ROW(id, name) ACPU_OP_##id,
typedef enum { ACPU_OP_NONE = 0, ACPU_OP_LIST(ACPU_OP_ENUM_ROW) ACPU_OP_COUNT } acpu_op_id;
#undef ACPU_OP_ENUM_ROW

/* Bytes of the executor's kernel parameter block (every operator's folded parameters must fit:
 * each operator descriptor checks its own with a _Static_assert). */
#define ACPU_OP_PARAMS_BYTES 64

#endif /* ACPU_OP_LIST_H_ */
