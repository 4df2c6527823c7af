#!/usr/bin/env bash
# CTest entry python_pytest: installs this build (cmake --install) into a scratch prefix, pip-installs
# <prefix>/python into a venv made from Debian's python3 with --system-site-packages (numpy, torch,
# matplotlib, pytest from Debian), and runs python/tests against that installed copy, which must
# find the library through the prefix it recorded (ACLNN_CPU_LIBRARY and PYTHONPATH unset).
# usage: run_pytest.sh BUILD_DIR SOURCE_DIR [pytest args...]
set -euo pipefail
build=$1 src=$2
shift 2
work=$build/python-test
prefix=$work/prefix
venv=$work/venv
py=/usr/bin/python3
for mod in numpy torch matplotlib pytest setuptools; do
    "$py" -c "import $mod" 2>/dev/null ||
        { echo "run_pytest.sh: $py cannot import $mod (./build.sh test installs python3-$mod)" >&2; exit 1; }
done
rm -rf "$prefix"
mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null
[ -x "$venv/bin/python" ] || "$py" -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install -q --no-build-isolation --no-deps --no-index --force-reinstall \
    --disable-pip-version-check "$prefix/python"
cd "$work"
set +e
env -u ACLNN_CPU_LIBRARY -u PYTHONPATH -u ACLNN_CPU_MAX_ISA ACLNN_CPU_TEST_PREFIX="$prefix" \
    ACLNN_CPU_TILING_TOOL="$prefix/bin/aclnn-cpu-tiling" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir "$src/python" "$src/python/tests" "$@"
rc=$?
if [ $rc -eq 5 ]; then
    echo "run_pytest.sh: pytest collected no tests; that is a failure" >&2
    exit 1
fi
exit $rc
