/* A small file of /proc read whole, without stdio (nothing is allocated: the engine reads them
 * from inside calls, which must not fail for want of memory). */
#ifndef ACPU_PROC_FILE_H_
#define ACPU_PROC_FILE_H_

#include <fcntl.h>
#include <stddef.h>
#include <unistd.h>

/* Up to size - 1 bytes of `path` into buf, NUL-terminated; returns the bytes read, 0 when nothing
 * could be read, -1 when the file could not be opened (a thread's that has exited, say). */
static inline ssize_t acpu_proc_file_read(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, size - 1);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    return n;
}

#endif /* ACPU_PROC_FILE_H_ */
