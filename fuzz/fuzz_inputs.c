/* The fuzz targets' inputs (<root>/corpus/<target>, <root>/regressions/<target>) as the CTest
 * suites read them (acpu_fuzz.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_fuzz.h"

static int by_name(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static void add_path(acpu_fuzz_inputs *in, const char *dir, const char *name)
{
    size_t len = strlen(dir) + strlen(name) + 2;
    char **grown = realloc(in->paths, ((size_t)in->n + 1) * sizeof *grown);
    char *path = malloc(len);
    if (grown == NULL || path == NULL) {
        fprintf(stderr, "acpu_fuzz_inputs: out of memory\n");
        abort();
    }
    snprintf(path, len, "%s/%s", dir, name);
    in->paths = grown;
    in->paths[in->n++] = path;
}

/* Every regular file of dir whose name does not start with '.', sorted; -1 when dir cannot be read. */
static int list_dir(acpu_fuzz_inputs *in, const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    int first = in->n;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.')
            add_path(in, dir, e->d_name);
    closedir(d);
    qsort(in->paths + first, (size_t)(in->n - first), sizeof *in->paths, by_name);
    return in->n - first;
}

int acpu_fuzz_inputs_list(acpu_fuzz_inputs *in, const char *root, const char *target, bool regressions)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/corpus/%s", root, target);
    int n = list_dir(in, dir);
    if (n < 0 || !regressions)
        return n;
    snprintf(dir, sizeof dir, "%s/regressions/%s", root, target);
    int m = list_dir(in, dir);
    return m < 0 ? -1 : n + m;
}

uint8_t *acpu_fuzz_inputs_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL;
    size_t cap = 0, n = 0;
    if (f == NULL)
        return NULL;
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *grown = realloc(data, cap);
            if (grown == NULL)
                break;
            data = grown;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    bool ok = ferror(f) == 0 && data != NULL;
    fclose(f);
    if (!ok) {
        free(data);
        return NULL;
    }
    *size = n;
    return data;
}

void acpu_fuzz_inputs_free(acpu_fuzz_inputs *in)
{
    for (int i = 0; i < in->n; i++)
        free(in->paths[i]);
    free(in->paths);
    in->paths = NULL;
    in->n = 0;
}
