#!/usr/bin/env python3
"""Derives the polynomial of acpu_vd_exp_poly (src/kernels/ops/exp_poly.h) and prints its error.

exp(r) = 1 + r + r^2 * P(r) on |r| <= H = 0.3466 (just over ln(2)/2), P of degree 10. P comes from
the Taylor series of (exp(r) - 1 - r) / r^2 = sum r^k / (k + 2)! (40 terms, exact rationals) by
Chebyshev economisation on [-H, H]: the series is rewritten in Chebyshev polynomials T_j(r / H),
the terms above T_10 are dropped (their coefficients sum to 2^-59.3, a bound on the error of P), and
the rest is converted back to powers of r. The coefficients are rounded to double, as the header
holds them, and the relative error of 1 + r + r^2 P(r), evaluated exactly, is printed against
exp(r) to 60 digits on 4001 points, in units of 2^-53. Pure Python (fractions, decimal).
Usage: tools/exp_poly_fit_f64.py [--degree D]
"""
import argparse
import math
from decimal import Decimal, getcontext
from fractions import Fraction

H = Fraction(3466, 10000)
TERMS = 40


def chebyshev_of_taylor():
    """Coefficients of sum_k r^k / (k+2)! in T_j(s), s = r / H."""
    cheb = [Fraction(0)] * TERMS
    for n in range(TERMS):
        a_n = Fraction(1, math.factorial(n + 2)) * H**n  # coefficient of s^n
        # s^n = 2^(1-n) * sum_k binom(n, k) T_(n-2k), the T_0 term halved
        for k in range(n // 2 + 1):
            j = n - 2 * k
            c = Fraction(math.comb(n, k), 2**n)
            cheb[j] += a_n * (2 * c if j > 0 else c)
    return cheb


def powers_of_r(cheb, degree):
    """Truncates at T_degree and converts back to coefficients of r^i."""
    t = [[Fraction(1)], [Fraction(0), Fraction(1)]]
    for _ in range(2, degree + 1):
        nxt = [Fraction(0)] + [2 * c for c in t[-1]]
        for i, c in enumerate(t[-2]):
            nxt[i] -= c
        t.append(nxt)
    mono = [Fraction(0)] * (degree + 1)
    for j in range(degree + 1):
        for i, c in enumerate(t[j]):
            mono[i] += cheb[j] * c
    return [float(mono[i] / H**i) for i in range(degree + 1)]


def max_error(coef):
    """Max over 4001 points of |1 + r + r^2 P(r) - exp(r)| / exp(r), in units of 2^-53."""
    getcontext().prec = 60
    exact = [Fraction(c) for c in coef]
    worst = Decimal(0)
    for i in range(-2000, 2001):
        r = H * Fraction(i, 2000)
        p = Fraction(0)
        for c in reversed(exact):
            p = p * r + c
        v = 1 + r + r * r * p
        e = (Decimal(r.numerator) / Decimal(r.denominator)).exp()
        worst = max(worst, abs(Decimal(v.numerator) / Decimal(v.denominator) - e) / e)
    return float(worst) / 2.0**-53


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--degree", type=int, default=10, help="degree of P (default 10: exp of degree 12)")
    args = ap.parse_args()
    cheb = chebyshev_of_taylor()
    tail = sum(abs(c) for c in cheb[args.degree + 1:])
    coef = powers_of_r(cheb, args.degree)
    print("P coefficients, c0 first (double), as the header writes them:")
    for c in coef:
        print(f"  {c.hex()}  ({c!r})")
    print(f"dropped Chebyshev terms: 2^{math.log2(tail):.1f}")
    print(f"max approximation error: {max_error(coef):.4f} ulp of double (2^-53 relative)")


if __name__ == "__main__":
    main()
