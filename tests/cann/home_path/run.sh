#!/bin/bash
# CANN's run.sh: the toolkit from ASCEND_HOME_PATH, its bin/setenv.bash, a build without RPATH, the
# programs run. Arguments: the build directory, then the sample sources.
set -e
source "$ASCEND_HOME_PATH/bin/setenv.bash"
build=$1
shift
samples=$(IFS=';'; echo "$*")
cmake -S "$(dirname "$0")" -B "$build" -DCMAKE_SKIP_RPATH=TRUE "-DSAMPLES=$samples" >/dev/null
cmake --build "$build" -j2 >/dev/null
for s in "$@"; do
    "$build/$(basename "${s%.*}")" >"$build/$(basename "${s%.*}").out"
done
