#!/usr/bin/env python3
"""Fits the polynomial of src/kernels/ops/exp_poly.h and prints its approximation error.

exp(r) = 1 + r + r^2 * P(r) on |r| <= ln(2)/2, P of degree 4 (exp of degree 6). P is fitted to
(exp(r) - 1 - r) / r^2 by weighted least squares on 4000 Chebyshev nodes, the weights chosen so
that the residual is the relative error of exp, and re-weighted by Lawson's iteration towards the
minimax solution. The coefficients are rounded to float32 (as the header holds them) and the
relative error of 1 + r + r^2 P(r), evaluated exactly in double, is printed in ulps of float32
(2^-24). Needs numpy (Debian: python3-numpy). Usage: tools/exp_poly_fit.py [--degree D]
"""
import argparse

import numpy as np


def fit(degree):
    half_ln2 = np.log(2.0) / 2.0
    k = np.arange(4000)
    r = half_ln2 * np.cos(np.pi * (k + 0.5) / 4000)
    target = (np.expm1(r) - r) / r**2
    weight = r**2 / np.exp(r)  # residual in P * weight = relative error of exp
    basis = np.vstack([r**j for j in range(degree + 1)]).T
    lawson = np.ones_like(r)
    for _ in range(200):
        w = np.sqrt(lawson) * weight
        coef, *_ = np.linalg.lstsq(basis * w[:, None], target * w, rcond=None)
        err = np.abs((basis @ coef - target) * weight)
        lawson = lawson * err
        lawson /= lawson.sum()
    coef32 = coef.astype(np.float32)
    rr = np.linspace(-half_ln2, half_ln2, 200001)
    p = np.polyval(coef32[::-1].astype(np.float64), rr)
    rel = np.abs((1 + rr + rr * rr * p) - np.exp(rr)) / np.exp(rr)
    return coef32, rel.max() / 2.0**-24


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--degree", type=int, default=4, help="degree of P (default 4: exp of degree 6)")
    args = ap.parse_args()
    coef, ulps = fit(args.degree)
    print("P coefficients, c0 first (float32):")
    for c in coef:
        print(f"  {float(c)!r}f")
    print(f"max approximation error: {ulps:.3f} ulp of float32")


if __name__ == "__main__":
    main()
