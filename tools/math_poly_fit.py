#!/usr/bin/env python3
"""Fits the polynomials of src/kernels/ops/math_poly.h (fp32 log, tanh, erf) and prints their
approximation errors.

Each polynomial is fitted by weighted least squares on 6000 Chebyshev nodes of its interval, the
weights chosen so that the residual is the error of the final function in units of its own value
(relative error), re-weighted by Lawson's iteration towards the weighted minimax solution. The
coefficients are rounded to float32 (as the header holds them) and the resulting approximation
error of the function, evaluated in double against mpmath (60 digits), is printed in ulps of
float32 (2^-24 relative). Those are the polynomials' own errors; the fp32 evaluation adds its
roundings, which tools/aclnn-cpu-expcheck measures over every input.

  log   log(1 + f) = f + f^2 * Q(f),        f in [sqrt(1/2) - 1, sqrt(2) - 1]
  tanh  tanh(x)    = x + x^3 * P(x^2),      x in [0, TANH_SPLIT]
  erf   erf(x)     = x + x * S(x^2),        x in [0, ERF_SPLIT]
        erf(a)     = 1 - exp(M(a - ERF_SPLIT) - a^2),  a in [ERF_SPLIT, ERF_END],
                     M ~ log(erfc(a)) + a^2, weighted by erfc(a) / erf(a) (the error M passes to erf)

The coefficients are rounded to float32 one at a time, c0 first, each time refitting the ones not
yet rounded with the rounded ones fixed, so that the later coefficients absorb the earlier ones'
rounding (c0's rounding alone would cost erf 0.2 ulp near a = 1).

Needs numpy and mpmath (Debian: python3-numpy, python3-mpmath). Usage:
  tools/math_poly_fit.py [--fn log|tanh|erf_small|erf_large] [--degree D]
"""
import argparse

import mpmath
import numpy as np

mpmath.mp.dps = 60

TANH_SPLIT = 0.625
ERF_SPLIT = 1.0
ERF_END = 4.0

# name: (interval, variable of the polynomial, target, weight, default degree)
FITS = {
    "log": dict(lo=float(mpmath.sqrt(0.5) - 1), hi=float(mpmath.sqrt(2) - 1), degree=8,
                var=lambda f: f,
                target=lambda f: (mpmath.log1p(f) - f) / f**2 if f != 0 else mpmath.mpf(-0.5),
                weight=lambda f: f**2 / abs(mpmath.log1p(f)) if f != 0 else 0.0),
    "tanh": dict(lo=0.0, hi=TANH_SPLIT, degree=5, var=lambda x: x * x,
                 target=lambda x: (mpmath.tanh(x) - x) / x**3 if x != 0 else mpmath.mpf(-1) / 3,
                 weight=lambda x: x**3 / mpmath.tanh(x) if x != 0 else 0.0),
    "erf_small": dict(lo=0.0, hi=ERF_SPLIT, degree=6, var=lambda x: x * x,
                      target=lambda x: mpmath.erf(x) / x - 1 if x != 0 else 2 / mpmath.sqrt(mpmath.pi) - 1,
                      weight=lambda x: x / mpmath.erf(x) if x != 0 else mpmath.sqrt(mpmath.pi) / 2),
    "erf_large": dict(lo=ERF_SPLIT, hi=ERF_END, degree=6, var=lambda a: a - ERF_SPLIT,
                      target=lambda a: mpmath.log(mpmath.erfc(a)) + a * a,
                      weight=lambda a: mpmath.erfc(a) / mpmath.erf(a)),
}


def exact(name, x, coef):
    """The function as the fitted formula computes it, in mpmath, from float32 coefficients."""
    fit = FITS[name]
    v = mpmath.mpf(fit["var"](mpmath.mpf(x)))
    p = mpmath.mpf(0)
    for c in coef[::-1]:
        p = p * v + mpmath.mpf(float(c))
    x = mpmath.mpf(x)
    if name == "log":
        return x + x * x * p, mpmath.log1p(x)
    if name == "tanh":
        return x + x**3 * p, mpmath.tanh(x)
    if name == "erf_small":
        return x + x * p, mpmath.erf(x)
    return 1 - mpmath.exp(p - x * x), mpmath.erf(x)


def fit(name, degree):
    f = FITS[name]
    lo, hi = f["lo"], f["hi"]
    n = 6000
    k = np.arange(n)
    x = (lo + hi) / 2 + (hi - lo) / 2 * np.cos(np.pi * (k + 0.5) / n)
    v = np.array([float(f["var"](xi)) for xi in x])
    target = np.array([float(f["target"](mpmath.mpf(xi))) for xi in x])
    weight = np.array([float(f["weight"](mpmath.mpf(xi))) for xi in x])
    basis = np.vstack([v**j for j in range(degree + 1)]).T
    fixed = []  # float32 coefficients c0.. already rounded
    for _ in range(degree + 1):
        rest = target - (basis[:, :len(fixed)] @ np.array(fixed, dtype=np.float64) if fixed else 0.0)
        free = basis[:, len(fixed):]
        lawson = np.ones_like(x)
        for _ in range(300):
            w = np.sqrt(lawson) * weight
            coef, *_ = np.linalg.lstsq(free * w[:, None], rest * w, rcond=None)
            err = np.abs((free @ coef - rest) * weight)
            lawson = lawson * (err + 1e-300)
            lawson /= lawson.sum()
        fixed.append(float(np.float32(coef[0])))
    coef32 = np.array(fixed, dtype=np.float32)
    worst = 0.0
    for xi in np.linspace(lo, hi, 4001):
        if xi == 0.0:
            continue
        got, ref = exact(name, xi, coef32)
        worst = max(worst, float(abs(got - ref) / abs(ref)))
    return coef32, worst / 2.0**-24


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fn", choices=sorted(FITS), action="append", help="fit only this one (repeatable)")
    ap.add_argument("--degree", type=int, help="degree of the polynomial (default: the header's)")
    args = ap.parse_args()
    for name in args.fn or FITS:
        degree = args.degree if args.degree is not None else FITS[name]["degree"]
        coef, ulps = fit(name, degree)
        print(f"{name}: degree {degree}, coefficients c0 first (float32):")
        for c in coef:
            print(f"  {float(c)!r}f")
        print(f"  max approximation error: {ulps:.4f} ulp of float32 (relative, 2^-24)")


if __name__ == "__main__":
    main()
