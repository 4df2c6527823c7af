/* The operator registry's list as plain C calls, for the C++ suites (the registry's headers are C
 * only: they use C's implicit void pointer conversions). */
#include "ops/acpu_registry.h"

int acpu_test_registry_op_count(void);
const char *acpu_test_registry_op_type(int i);
int acpu_test_registry_op_inputs(int i);
int acpu_test_registry_op_attrs(int i);

int acpu_test_registry_op_count(void) { return acpu_op_count; }
const char *acpu_test_registry_op_type(int i) { return acpu_ops[i]->type; }
int acpu_test_registry_op_inputs(int i) { return acpu_ops[i]->n_in; }
int acpu_test_registry_op_attrs(int i) { return acpu_ops[i]->n_attrs; }
