/* Test harness: see acpu_test_proc.h. */
#include "acpu_test_proc.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int acpu_test_temp_fd(void)
{
    char path[] = "/tmp/acpu_child_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    unlink(path);
    return fd;
}

void acpu_test_read_fd(int fd, char *buf, size_t cap)
{
    ssize_t n = pread(fd, buf, cap - 1, 0);
    buf[n > 0 ? n : 0] = '\0';
    close(fd);
}

/* Under a user-mode emulator (a cross build's tests under qemu-user) the guest cannot execve its own
 * foreign executable: ACPU_TEST_EMULATOR, set by CTest there, names a host program that runs one
 * ("emulator <program> <args>"); /proc/self/exe then reads as the guest program. Unset natively. */
#define ACPU_TEST_MAX_ARGS 32

void acpu_test_run_self(const char *const *argv, const acpu_test_env *env, size_t n_env, char *out, char *err,
                        size_t cap)
{
    const char *emulator = getenv("ACPU_TEST_EMULATOR");
    static char self[4096];
    const char *args[ACPU_TEST_MAX_ARGS + 2];
    const char *prog = "/proc/self/exe";
    const char *const *exec_argv = argv;
    if (emulator != NULL && *emulator != '\0') {
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        ck_assert_msg(len > 0 && (size_t)len < sizeof self - 1, "cannot read /proc/self/exe");
        self[len] = '\0';
        size_t n = 0;
        args[n++] = emulator;
        args[n++] = self;
        for (size_t i = 1; argv[0] != NULL && argv[i] != NULL; ++i) {
            ck_assert_msg(n < ACPU_TEST_MAX_ARGS, "too many arguments for the child");
            args[n++] = argv[i];
        }
        args[n] = NULL;
        prog = emulator;
        exec_argv = args;
    }
    int fo = acpu_test_temp_fd(), fe = acpu_test_temp_fd();
    fflush(stdout); /* buffered output would otherwise be written twice */
    fflush(stderr);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        for (size_t i = 0; i < n_env; ++i)
            (void)(env[i].value ? setenv(env[i].name, env[i].value, 1) : unsetenv(env[i].name));
        dup2(fo, STDOUT_FILENO);
        dup2(fe, STDERR_FILENO);
        execv(prog, (char *const *)exec_argv);
        _exit(127);
    }
    int status = 0;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    acpu_test_read_fd(fo, out, cap);
    acpu_test_read_fd(fe, err, cap);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %d, stderr: %s", status, err);
}

acpu_test_capture acpu_test_stdout_capture(void)
{
    acpu_test_capture c = {acpu_test_temp_fd(), -1};
    fflush(stdout);
    c.saved_stdout = dup(STDOUT_FILENO);
    ck_assert_int_ge(c.saved_stdout, 0);
    ck_assert_int_ge(dup2(c.file, STDOUT_FILENO), 0);
    return c;
}

long long acpu_test_stdout_bytes(acpu_test_capture c)
{
    fflush(stdout);
    dup2(c.saved_stdout, STDOUT_FILENO);
    close(c.saved_stdout);
    struct stat st;
    ck_assert_int_eq(fstat(c.file, &st), 0);
    close(c.file);
    return (long long)st.st_size;
}

const char *acpu_test_exec_line(const char *err, const char *prefix)
{
    const char *line = strstr(err, "aclnn_cpu: exec ");
    ck_assert_msg(line != NULL, "no exec line in stderr: \"%s\"", err);
    ck_assert_msg(strstr(line + 1, "aclnn_cpu: exec ") == NULL, "more than one exec line: \"%s\"", err);
    ck_assert_msg(strncmp(line, prefix, strlen(prefix)) == 0, "exec line \"%s\" does not start with \"%s\"", line,
                  prefix);
    return line;
}

const char *acpu_test_tool_path(void)
{
    const char *tool = getenv("ACPU_TILING_TOOL");
    ck_assert_msg(tool != NULL && *tool != '\0', "ACPU_TILING_TOOL (path of aclnn-cpu-tiling) is not set");
    ck_assert_msg(strchr(tool, '\'') == NULL, "ACPU_TILING_TOOL contains a quote: %s", tool);
    return tool;
}

int acpu_test_run_tool(const char *tool, const char *args, char *out, size_t cap)
{
    char cmd[1024];
    int len = snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", tool, args);
    ck_assert(len > 0 && (size_t)len < sizeof cmd);
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    size_t got = fread(out, 1, cap - 1u, f);
    out[got] = '\0';
    char rest[4096]; /* read what did not fit: closing the pipe early would end the tool by SIGPIPE */
    while (fread(rest, 1, sizeof rest, f) > 0) {
    }
    int status = pclose(f);
    ck_assert_msg(WIFEXITED(status), "tool did not exit normally: %s", cmd);
    return WEXITSTATUS(status);
}

void acpu_test_expect_tool_refuses(const char *const *args, size_t n, int want_rc)
{
    const char *tool = acpu_test_tool_path();
    char out[4096];
    for (size_t i = 0; i < n; ++i) {
        int rc = acpu_test_run_tool(tool, args[i], out, sizeof out);
        ck_assert_msg(rc == want_rc, "'%s' exited %d, expected %d", args[i], rc, want_rc);
        ck_assert_msg(out[0] == '\0', "'%s' wrote to stdout: %s", args[i], out);
    }
}
