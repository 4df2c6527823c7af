#!/usr/bin/env bash
# aclnn-cpu: one entry point for a fresh Debian 12 machine.
#   ./build.sh demo    install what is missing (and oneDNN, a peer of the benchmark), build (Release),
#                      run the examples, a short benchmark table (under a minute) and one tiling plan
#   ./build.sh test    install what is missing, build (RelWithDebInfo), run every test suite per ISA
#                      and the Python package's pytest suite
#   ./build.sh asan    the same test suites under AddressSanitizer + UBSan
#   ./build.sh tsan    the concurrency, runtime and API suites under ThreadSanitizer (OpenMP at one
#                      thread: libgomp is not instrumented)
#   ./build.sh clang   the test suites again, built with clang (and libomp) instead of gcc
#   ./build.sh fuzz    builds the libFuzzer targets fuzz/fuzz_api (every registry API) and
#                      fuzz/fuzz_tiling (the tiling lab) with clang (ASan + UBSan) and fuzzes each for
#                      100 s from the seeds fuzz/make_corpus.py writes and fuzz/regressions; fails on
#                      any crash or broken invariant (its input is left in build/fuzz/fuzz/artifacts/)
#   ./build.sh bench   also installs the peers (oneDNN, PyTorch's C++ library) and gnuplot, then runs
#                      the full benchmark of every registry API per ISA path (AVX2, then AVX-512 where
#                      the CPU has it): results in build/release/bench-results/<isa>/ and in
#                      bench/RESULTS.md
# Each step is a CMake workflow preset underneath (cmake --workflow --preset <name>).
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(cmake make gcc g++ pkg-config python3 libsleef-dev check)
# Only for `test`: the Python package's suite (tests/python/run_pytest.sh) uses Debian's python3 with
# these (python3-torch is large: about 600 MiB the first time).
PYTHON_PACKAGES=(python3-venv python3-pip python3-setuptools python3-numpy python3-torch python3-matplotlib
                 python3-pytest)
# Only for `bench`: the peers it measures in its own process (oneDNN's C API, libtorch's C++ API:
# about 600 MiB with its dependencies the first time) and gnuplot; `demo` takes oneDNN only.
BENCH_PACKAGES=(libdnnl-dev libtorch-dev gnuplot-nox)
DEMO_PACKAGES=(libdnnl-dev)
# Only for `clang` and `fuzz`: the compiler, LLVM's OpenMP runtime, and (fuzz) the sanitizer and
# libFuzzer runtimes.
CLANG_PACKAGES=(clang libomp-dev)
FUZZ_PACKAGES=(clang libomp-dev libclang-rt-14-dev)

usage() {
    sed -n '2,/^# Each step/p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

install_missing() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "build.sh: installing ${missing[*]}" >&2
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "build.sh: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

[ $# -eq 1 ] || usage
case "$1" in
    demo|test|asan|tsan|bench|clang|fuzz) ;;
    *) usage ;;
esac
install_missing "${PACKAGES[@]}"
if [ "$1" = bench ] || [ "$1" = demo ]; then
    # Not fatal: the benchmark skips, with a note, any peer that is missing.
    peers=("${BENCH_PACKAGES[@]}")
    [ "$1" = demo ] && peers=("${DEMO_PACKAGES[@]}")
    ( install_missing "${peers[@]}" ) ||
        echo "build.sh: could not install ${peers[*]}; the benchmark skips what is missing" >&2
fi
case "$1" in
    test) install_missing "${PYTHON_PACKAGES[@]}" clang-format ;;
    clang) install_missing "${CLANG_PACKAGES[@]}" ;;
    fuzz)
        install_missing "${FUZZ_PACKAGES[@]}"
        cmake --workflow --preset fuzz
        exec cmake --build build/fuzz --target run_fuzz ;;
esac
# The test steps run one test at a time per CPU unless the caller chose (the suites that watch the
# machine's load run alone: tests/CMakeLists.txt ACPU_SERIAL_SUITES).
export CTEST_PARALLEL_LEVEL="${CTEST_PARALLEL_LEVEL-$(nproc)}"
exec cmake --workflow --preset "$1"
