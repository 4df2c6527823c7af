/* sleef_exp_rate: how fast SLEEF's 1-ulp exp alone runs on one core, the ceiling of any fp32 / fp64
 * kernel that calls it once per element (the issue keeps SLEEF's exp for fp32 and fp64 results).
 * Each variant the CPU supports maps 64K inputs in [-10, 0] (L2-resident) to outputs; median of
 * 25 samples of >= 20 ms. Usage: sleef_exp_rate (no arguments). x86-64 only. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#if defined(__x86_64__)
#define N BENCH_SLEEF_EXP_N
#define SAMPLES 25

typedef void (*exp_loop)(const void *in, void *out);

/* sleef_exp_avx2.c, sleef_exp_avx512.c (built with those ISAs: sleef.h declares each variant only
 * under its ISA's macros): out[i] = exp(in[i]) for the N elements. */
void bench_sleef_expf_avx2(const void *in, void *out);
void bench_sleef_expd_avx2(const void *in, void *out);
void bench_sleef_expf_avx512(const void *in, void *out);
void bench_sleef_expd_avx512(const void *in, void *out);

/* Median Gelem/s of SAMPLES samples, each repeating the loop for >= 20 ms. */
static double rate(exp_loop loop, const void *in, void *out)
{
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        long reps = 0;
        double t0 = bench_now(), t;
        do {
            loop(in, out);
            reps++;
        } while ((t = bench_now() - t0) < 0.020);
        samples[s] = (double)N * (double)reps / t * 1e-9;
    }
    double median, q1, q3;
    bench_stats(samples, SAMPLES, &median, &q1, &q3);
    return median;
}

int main(void)
{
    static const struct {
        const char *name, *feature;
        int f64;
        exp_loop loop;
    } k[] = {{"Sleef_expf16_u10avx512f", "avx512f", 0, bench_sleef_expf_avx512},
             {"Sleef_expf8_u10avx2", "avx2", 0, bench_sleef_expf_avx2},
             {"Sleef_expd8_u10avx512f", "avx512f", 1, bench_sleef_expd_avx512},
             {"Sleef_expd4_u10avx2", "avx2", 1, bench_sleef_expd_avx2}};
    float *inf = malloc(N * sizeof(float)), *outf = malloc(N * sizeof(float));
    double *ind = malloc(N * sizeof(double)), *outd = malloc(N * sizeof(double));
    if (!inf || !outf || !ind || !outd)
        return 1;
    for (size_t i = 0; i < N; i++)
        ind[i] = inf[i] = -10.0f * (float)i / (float)N;
    __builtin_cpu_init();
    printf("# SLEEF exp alone, one thread, %d elements, Gelem/s (median of %d)\n", N, SAMPLES);
    for (size_t j = 0; j < sizeof k / sizeof k[0]; j++) {
        int have = j % 2 == 0 ? __builtin_cpu_supports("avx512f") : __builtin_cpu_supports("avx2");
        if (!have) {
            printf("%-24s skipped (no %s)\n", k[j].name, k[j].feature);
            continue;
        }
        printf("%-24s %.3f\n", k[j].name, rate(k[j].loop, k[j].f64 ? (void *)ind : (void *)inf,
                                                 k[j].f64 ? (void *)outd : (void *)outf));
    }
    free(inf), free(outf), free(ind), free(outd);
    return 0;
}

#else

int main(void)
{
    puts("sleef_exp_rate: x86-64 only");
    return 0;
}

#endif
