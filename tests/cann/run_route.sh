#!/bin/bash
# Builds and runs programs against an installed CANN toolkit layout through one of CANN's routes,
# in a clean environment (env -i) where only <prefix>/set_env.sh sets things up, and compares each
# program's stdout with its .expected file exactly.
#   run_route.sh install <build-dir> <work>      install into <work>/staging, then move it to
#                                                <work>/toolkit (the layout must be relocatable)
#   run_route.sh <route> <work> <source-dir> <cc> <cxx>
# Routes: set_env, gxx_ascendcl, gxx_acl_rt, custom_path, home_path, dlopen, find_package_c,
# find_package_cxx, find_package_mixed, pkg_config.
set -euo pipefail
route=$1
work=$2

if [ "$route" = install ]; then
    build=$2
    work=$3
    rm -rf "$work/staging" "$work/toolkit"
    mkdir -p "$work"
    cmake --install "$build" --prefix "$work/staging" >/dev/null
    mv "$work/staging" "$work/toolkit"
    exit 0
fi

src=$3
cc=$4
cxx=$5
prefix=$work/toolkit
out=$work/$route
rm -rf "$out"
mkdir -p "$out"
examples=("$src/examples/elu_backward.cpp" "$src/examples/softplus_backward.cpp")
program=$src/tests/cann/dropin_program.cpp

# Runs a bash script in a clean environment after sourcing set_env.sh; CC/CXX name this build's compilers.
clean_env() {
    env -i HOME="${HOME:-/tmp}" PATH=/usr/local/bin:/usr/bin:/bin CC="$cc" CXX="$cxx" \
        bash -c "set -euo pipefail; source '$prefix/set_env.sh'; $1"
}

# check <program> <expected file>: runs it in the clean environment, stdout must match exactly.
check() {
    clean_env "'$1' > '$1.out'"
    if ! diff -u "$2" "$1.out"; then
        echo "run_route.sh $route: $(basename "$1") printed something else than $(basename "$2")" >&2
        exit 1
    fi
    echo "$route: $(basename "$1") output matches $(basename "$2")"
}

# check_all <directory holding the executables named after the sources>
check_all() {
    check "$1/elu_backward" "$src/examples/elu_backward.expected"
    check "$1/softplus_backward" "$src/examples/softplus_backward.expected"
    check "$1/dropin_program" "$src/tests/cann/dropin_program.expected"
}

gxx_route() { # ops-nn's build.sh --run_example: both include styles, CANN's library names
    local rt=$1
    for s in "${examples[@]}" "$program"; do
        clean_env "\"\$CXX\" -std=c++11 '$s' -DACPU_SHORT_INCLUDES -I \$ASCEND_HOME_PATH/include \
            -I \$ASCEND_HOME_PATH/include/aclnnop -I \$ASCEND_HOME_PATH/include/aclnn -L \$ASCEND_HOME_PATH/lib64 \
            -lopapi_nn -lopapi_math -l$rt -lnnopbase -o '$out/$(basename "${s%.*}")'"
    done
    check_all "$out"
}

samples="$(IFS=';'; echo "${examples[*]};$program")"
case "$route" in
set_env)
    # Idempotent, no empty entries, everything CANN programs read, --help says what it sets.
    clean_env "source '$prefix/set_env.sh'; source '$prefix/bin/setenv.bash'
        [ \"\$LD_LIBRARY_PATH\" = '$prefix/lib64' ] || { echo \"LD_LIBRARY_PATH=\$LD_LIBRARY_PATH\"; exit 1; }
        [ \"\$PATH\" = '$prefix/bin:/usr/local/bin:/usr/bin:/bin' ] || { echo \"PATH=\$PATH\"; exit 1; }
        [ \"\$CMAKE_PREFIX_PATH\" = '$prefix' ] && [ \"\$PKG_CONFIG_PATH\" = '$prefix/lib64/pkgconfig' ]
        for v in ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME ASCEND_CUSTOM_PATH ASCEND_AICPU_PATH; do
            [ \"\${!v}\" = '$prefix' ] || { echo \"\$v=\${!v}\"; exit 1; }
        done
        [ \"\$ASCEND_OPP_PATH\" = '$prefix/opp' ] && [ -d \"\$ASCEND_OPP_PATH\" ]
        aclnn-cpu-tiling elu_backward --soc Ascend910B --dtype float32 --out-dtype float32 --shape 8 >/dev/null"
    env -i PATH=/usr/bin:/bin bash -c "source '$prefix/set_env.sh' --help" | grep -q 'LD_LIBRARY_PATH'
    env -i PATH=/usr/bin:/bin bash -c "source '$prefix/set_env.sh' --help >/dev/null; [ -z \"\${ASCEND_HOME_PATH:-}\" ]"
    echo "set_env: idempotent, complete, --help prints the variables and sets nothing"
    ;;
gxx_ascendcl) gxx_route ascendcl ;;
gxx_acl_rt) gxx_route acl_rt ;;
custom_path)
    clean_env "cmake -S '$src/tests/cann/custom_path' -B '$out' -DCMAKE_CXX_COMPILER=\"\$CXX\" \
        -DCMAKE_SKIP_RPATH=TRUE -DCMAKE_BUILD_TYPE=Release '-DSAMPLES=$samples' >/dev/null && cmake --build '$out' -j2 >/dev/null"
    if readelf -d "$out/dropin_program" | grep -q 'R.*PATH'; then
        echo "custom_path: the program has an RPATH although CMAKE_SKIP_RPATH=TRUE" >&2
        exit 1
    fi
    check_all "$out"
    ;;
home_path)
    clean_env "CMAKE_CXX_COMPILER=\"\$CXX\" CXX=\"\$CXX\" '$src/tests/cann/home_path/run.sh' '$out' ${examples[*]} '$program'"
    for name in elu_backward softplus_backward; do
        diff -u "$src/examples/$name.expected" "$out/$name.out"
    done
    diff -u "$src/tests/cann/dropin_program.expected" "$out/dropin_program.out"
    echo "home_path: run.sh built and ran the programs; every output matches"
    ;;
dlopen)
    clean_env "\"\$CC\" -std=gnu11 '$src/tests/cann/dlopen/dlopen_elu.c' -I \$ASCEND_HOME_PATH/include -ldl \
        -o '$out/dlopen_elu'"
    check "$out/dlopen_elu" "$src/tests/cann/dlopen/dlopen_elu.expected"
    ;;
find_package_c | find_package_cxx | find_package_mixed)
    case "$route" in
    find_package_c) langs=C ;;
    find_package_cxx) langs=CXX ;;
    *) langs="C;CXX" ;;
    esac
    clean_env "cmake --no-warn-unused-cli -S '$src/tests/cann/consumer' -B '$out' '-DLANGS=$langs' -DCMAKE_C_COMPILER=\"\$CC\" \
        -DCMAKE_CXX_COMPILER=\"\$CXX\" -DSOURCE_C='$src/examples/elu_backward.c' \
        -DSOURCE_CXX='$src/examples/elu_backward.cpp' >/dev/null && cmake --build '$out' -j2 >/dev/null"
    for lang in ${langs/;/ }; do
        for kind in shared static; do
            check "$out/${kind}_$lang" "$src/examples/elu_backward.expected"
        done
    done
    if readelf -d "$out/static_${langs%%;*}" | grep -q aclnn_cpu; then
        echo "find_package: the static consumer depends on the shared library" >&2
        exit 1
    fi
    ;;
pkg_config)
    clean_env "\"\$CC\" -std=c11 '$src/examples/softplus_backward.c' \$(pkg-config --cflags --libs aclnn_cpu) \
        -o '$out/softplus_backward'"
    check "$out/softplus_backward" "$src/examples/softplus_backward.expected"
    clean_env "pkg-config --static --libs aclnn_cpu | grep -q -- -lsleef && pkg-config --modversion aclnn_cpu" >/dev/null
    ;;
*)
    echo "run_route.sh: unknown route $route" >&2
    exit 2
    ;;
esac
