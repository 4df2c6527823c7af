/* Shared harness, processes and files: temporary fds, re-running the suite's own executable as a
 * child with a chosen environment, capturing stdout, and the aclnn-cpu-tiling tool. Test code only. */
#ifndef ACPU_TEST_PROC_H_
#define ACPU_TEST_PROC_H_

#include <stddef.h>

/* An unlinked temporary file open for reading and writing (asserts on failure). */
int acpu_test_temp_fd(void);
/* The whole content of fd, from offset 0, as a string in buf[cap] (truncated); closes fd. */
void acpu_test_read_fd(int fd, char *buf, size_t cap);

/* One environment variable of a child; value NULL unsets it. */
typedef struct {
    const char *name, *value;
} acpu_test_env;

/* Runs this executable again (/proc/self/exe) with the NULL-terminated argv and env[n_env] applied,
 * waits for it and returns its stdout and stderr in out[cap] and err[cap]. The library reads its
 * environment once per process, hence a fresh process. Asserts that the child exited with 0.
 * Cross builds under qemu-user: run as "$ACPU_TEST_EMULATOR <this program> <argv[1..]>" instead. */
void acpu_test_run_self(const char *const *argv, const acpu_test_env *env, size_t n_env, char *out, char *err,
                        size_t cap);

/* stdout redirected to a temporary file: acpu_test_stdout_capture starts it, acpu_test_stdout_bytes
 * restores stdout and returns how many bytes were written meanwhile. */
typedef struct {
    int file, saved_stdout;
} acpu_test_capture;
acpu_test_capture acpu_test_stdout_capture(void);
long long acpu_test_stdout_bytes(acpu_test_capture c);

/* The "aclnn_cpu: exec " line of err: asserts there is exactly one and that it starts with prefix. */
const char *acpu_test_exec_line(const char *err, const char *prefix);

/* Path of aclnn-cpu-tiling from ACPU_TILING_TOOL, which CTest sets: unset is a failure, never a skip. */
const char *acpu_test_tool_path(void);
/* Runs the tool with `args`; returns its exit status, stdout in out[cap] (truncated to fit; the rest is
 * read and dropped), stderr discarded. */
int acpu_test_run_tool(const char *tool, const char *args, char *out, size_t cap);
/* Each of args[n] makes the tool exit with want_rc and print nothing on stdout. */
void acpu_test_expect_tool_refuses(const char *const *args, size_t n, int want_rc);

#endif /* ACPU_TEST_PROC_H_ */
