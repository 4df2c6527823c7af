/* The introspection room: the tiling lab's JSON writer (a field sink over a bounded buffer), shared
 * by the tiling plans (tiling_lab.c), their usage text (lab_usage.c) and the registry's JSON
 * (registry_json.c). */
#ifndef ACPU_LAB_H_
#define ACPU_LAB_H_

#include <stdbool.h>
#include <stddef.h>

#include "aclnn/aclnn_base.h"
#include "tiling/acpu_tiling.h"

#define ACPU_LAB_JSON_BYTES (256u * 1024u)

typedef struct {
    acpu_field_sink sink; /* fields written as "name": value, comma-separated */
    char *buf;
    size_t len, cap;
    bool overflow;
    int depth;
    bool first[16]; /* per nesting level: nothing written yet at this level */
} acpu_lab_json;

/* A writer of ACPU_LAB_JSON_BYTES, NULL when out of memory. */
acpu_lab_json *acpu_lab_json_new(void);
void acpu_lab_json_free(acpu_lab_json *j);
/* printf into the buffer (no separators). */
void acpu_lab_printf(acpu_lab_json *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* {"op": "<op>", "soc": "<soc>", ... then the fields through j->sink ... } */
void acpu_lab_json_begin(acpu_lab_json *j, const char *op, const char *soc);
void acpu_lab_json_end(acpu_lab_json *j);
/* A JSON string, escaped. */
void acpu_lab_json_string(acpu_lab_json *j, const char *s);
/* Copies the text out with the API's length protocol (jsonLength always; json when not NULL, which
 * must hold the NUL): ACL_SUCCESS, 561000 when the text outgrew the buffer, 161002 for a short json. */
aclnnStatus acpu_lab_json_take(const acpu_lab_json *j, const char *api, char *json, size_t size, size_t *length);
/* "inputScale" -> "input-scale". */
void acpu_lab_kebab(const char *name, char *buf, size_t size);
/* The lab's word for a tensor parameter: CANN's name in kebab case, with the gradient names shortened
 * as the tool has always spelled them (gradOutput "grad", gradInput and out "out", selfOrResult and
 * selfRef "self"). */
void acpu_lab_tensor_word(const char *name, char *buf, size_t size);

#endif /* ACPU_LAB_H_ */
