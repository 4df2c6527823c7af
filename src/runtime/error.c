/* Thread-local "most recent failure" message behind aclGetRecentErrMsg(). */
#include <stdarg.h>
#include <stdio.h>

#include "acpu_runtime.h"

static _Thread_local char acpu_last_error[512];

void acpu_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(acpu_last_error, sizeof acpu_last_error, fmt, ap);
    va_end(ap);
}

ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void) { return acpu_last_error; }
