#!/bin/bash
# Builds and runs programs against an installed CANN toolkit layout through one of CANN's routes,
# in a clean environment (env -i) where only <prefix>/set_env.sh sets things up, and compares each
# program's stdout with its .expected file exactly.
#   run_route.sh install <build-dir> <work>      install into <work>/staging, then move it to
#                                                <work>/toolkit (the layout must be relocatable);
#                                                also into <work>/inplace, left where it was installed
#                                                (POSIX sh reads the prefix written in at install time)
#   run_route.sh <route> <work> <source-dir> <cc> <cxx>
# Routes: set_env, gxx_ascendcl, gxx_acl_rt, gxx_every_example, custom_path, home_path, dlopen,
# find_package_c, find_package_cxx, find_package_mixed, pkg_config, and graph mode's graph_gxx
# (ops-nn build.sh's g++ line) and graph_cmake (the quick invocation page's CMakeLists.txt and run.sh).
# The graph routes build the programs of tests/cann/graph (<op>/examples/test_geir_<x>.cpp beside
# <op>/op_graph, as ops-nn lays them out); ACPU_GRAPH_SRC=<dir> builds another tree of that layout
# instead (ACPU_GRAPH_PROGRAMS="<op>/examples/test_geir_<x> ..." names its programs), whose programs
# need no expected files: their output and output files are printed.
set -euo pipefail
route=$1
work=$2

if [ "$route" = install ]; then
    build=$2
    work=$3
    rm -rf "$work/staging" "$work/toolkit" "$work/inplace"
    mkdir -p "$work"
    cmake --install "$build" --prefix "$work/staging" >/dev/null
    mv "$work/staging" "$work/toolkit"
    cmake --install "$build" --prefix "$work/inplace" >/dev/null
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

# ---- graph mode ----------------------------------------------------------------------------------
graph_src=${ACPU_GRAPH_SRC:-$src/tests/cann/graph}
if [ -n "${ACPU_GRAPH_PROGRAMS:-}" ]; then
    read -r -a graph_programs <<<"$ACPU_GRAPH_PROGRAMS"
else
    graph_programs=(softplus_v2_grad/examples/test_geir_softplus_backward elu_grad/examples/test_geir_elu_grad
                    silu_chain/examples/test_geir_silu_chain)
fi

# The bytes of the *_output_<i>.bin files a graph program wrote in directory $1.
graph_output_files() {
    (cd "$1" && for f in $(ls -- *_output_*.bin 2>/dev/null | sort); do echo "$f"; od -An -v -tx1 "$f"; done)
}

# graph_check <run dir> <program source without .cpp> <program name>: its stdout (<name>.out in the
# run dir) and output files match <source>.expected and <source>.bin.expected, and it dumped its graph.
graph_check() {
    local dir=$1 source=$2 name=$3
    if [ -n "${ACPU_GRAPH_SRC:-}" ] && [ ! -f "$source.expected" ]; then
        echo "$route: $name printed:"; cat "$dir/$name.out"
        echo "$route: $name wrote:"; graph_output_files "$dir"
        return 0
    fi
    if ! diff -u "$source.expected" "$dir/$name.out"; then
        echo "run_route.sh $route: $name printed something else than $(basename "$source").expected" >&2
        exit 1
    fi
    graph_output_files "$dir" >"$dir/$name.bin.out"
    if ! diff -u "$source.bin.expected" "$dir/$name.bin.out"; then
        echo "run_route.sh $route: $name's output files differ from $(basename "$source").bin.expected" >&2
        exit 1
    fi
    if ! grep -q '^node ' "$dir"/ge_proto_*_dump.txt; then
        echo "run_route.sh $route: $name did not dump its graph (aclgrphDumpGraph)" >&2
        exit 1
    fi
    echo "$route: $name output and output files match"
}

samples="$(IFS=';'; echo "${examples[*]};$program")"
case "$route" in
set_env)
    # Idempotent, no empty entries, everything CANN programs read.
    clean_env "source '$prefix/set_env.sh'; source '$prefix/bin/setenv.bash'
        [ \"\$LD_LIBRARY_PATH\" = '$prefix/lib64' ] || { echo \"LD_LIBRARY_PATH=\$LD_LIBRARY_PATH\"; exit 1; }
        [ \"\$PATH\" = '$prefix/bin:/usr/local/bin:/usr/bin:/bin' ] || { echo \"PATH=\$PATH\"; exit 1; }
        [ \"\$CMAKE_PREFIX_PATH\" = '$prefix' ] && [ \"\$PKG_CONFIG_PATH\" = '$prefix/lib64/pkgconfig' ]
        for v in ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME ASCEND_CUSTOM_PATH ASCEND_AICPU_PATH; do
            [ \"\${!v}\" = '$prefix' ] || { echo \"\$v=\${!v}\"; exit 1; }
        done
        [ \"\$ASCEND_OPP_PATH\" = '$prefix/opp' ] && [ -d \"\$ASCEND_OPP_PATH\" ]
        aclnn-cpu-tiling elu_backward --soc Ascend910B --dtype float32 --out-dtype float32 --shape 8 >/dev/null"
    # Run, not sourced: prints what it sets (exit 0 when asked with --help / -h, else 2), sets nothing.
    for script in set_env.sh bin/setenv.bash; do
        for run in "bash $prefix/$script --help" "sh $prefix/$script -h"; do
            env -i PATH=/usr/bin:/bin $run | grep 'LD_LIBRARY_PATH' >/dev/null ||
                { echo "set_env: '$run' did not print the variables or failed" >&2; exit 1; }
        done
        rc=0
        env -i PATH=/usr/bin:/bin bash "$prefix/$script" >/dev/null 2>&1 || rc=$?
        [ "$rc" = 2 ] || { echo "set_env: running $script without --help exited $rc, expected 2" >&2; exit 1; }
    done
    # Sourced, the arguments are the sourcing script's own and are ignored: a wrapper run with -h or
    # --help gets the environment and prints nothing (also `source set_env.sh --help`).
    printf '. %s/set_env.sh\nprintf %%s "$ASCEND_HOME_PATH"\n' "$prefix" >"$out/wrap.sh"
    for args in -h --help; do
        got=$(env -i PATH=/usr/bin:/bin bash "$out/wrap.sh" $args)
        [ "$got" = "$prefix" ] || { echo "set_env: bash wrap.sh $args printed '$got'" >&2; exit 1; }
    done
    got=$(env -i PATH=/usr/bin:/bin bash -c "source '$prefix/set_env.sh' --help; printf %s \"\$ASCEND_HOME_PATH\"")
    [ "$got" = "$prefix" ] || { echo "set_env: source set_env.sh --help printed '$got'" >&2; exit 1; }
    # PATH unset (env -i): starts from `getconf PATH`, not bash's default with its '.' entry.
    inplace=$work/inplace
    sys_path=$(command -p getconf PATH)
    got=$(env -i "$(command -v bash)" -c ". '$prefix/set_env.sh'; printf %s \"\$PATH\"")
    [ "$got" = "$prefix/bin:$sys_path" ] || { echo "set_env: bash under env -i set PATH=$got" >&2; exit 1; }
    # POSIX sh (dash, as Dockerfiles source it; named, since /bin/sh may be bash elsewhere): the install
    # prefix written in at install time, under set -eu and with PATH unset; a moved install is refused
    # with a message (bash and zsh handle it).
    posix_sh=$(command -v dash || true)
    if [ -n "$posix_sh" ]; then
        got=$(env -i "$posix_sh" -c "set -eu; . '$inplace/set_env.sh'; . '$inplace/bin/setenv.bash'
            printf '%s %s %s %s' \"\$ASCEND_HOME_PATH\" \"\$LD_LIBRARY_PATH\" \"\$ASCEND_OPP_PATH\" \"\$PATH\"")
        [ "$got" = "$inplace $inplace/lib64 $inplace/opp $inplace/bin:$sys_path" ] ||
            { echo "set_env: dash sourcing gave '$got'" >&2; exit 1; }
        rc=0
        env -i PATH=/usr/bin:/bin "$posix_sh" -c ". '$prefix/set_env.sh'" 2>"$out/moved.err" || rc=$?
        [ "$rc" = 1 ] && grep -q 'bash or zsh' "$out/moved.err" ||
            { echo "set_env: dash sourcing a moved install exited $rc: $(cat "$out/moved.err")" >&2; exit 1; }
    else
        echo "set_env: no dash here; the POSIX sh checks are skipped"
    fi
    if command -v zsh >/dev/null; then # not required; checked where installed
        got=$(env -i PATH=/usr/bin:/bin zsh -c "set -eu; source '$prefix/bin/setenv.bash' -h; printf %s \"\$ASCEND_HOME_PATH\"")
        [ "$got" = "$prefix" ] || { echo "set_env: zsh sourcing the moved install gave '$got'" >&2; exit 1; }
        zsh "$prefix/set_env.sh" --help | grep 'LD_LIBRARY_PATH' >/dev/null ||
            { echo "set_env: 'zsh set_env.sh --help' did not print the variables or failed" >&2; exit 1; }
    fi
    echo "set_env: idempotent, complete; run it prints the variables and sets nothing; sourced it ignores" \
         "arguments; POSIX sh uses the recorded prefix"
    ;;
gxx_ascendcl) gxx_route ascendcl ;;
gxx_every_example)
    # Every example program (one per registry API, CANN's sample form) through ops-nn's build.sh
    # --run_example line, as ops-nn's own samples would be built against a toolkit: the installed
    # headers of every API, the output its "Expected output" comment states.
    n=0
    for s in "$src"/examples/*.cpp; do
        name=$(basename "${s%.cpp}")
        clean_env "\"\$CXX\" -std=c++11 '$s' -I \$ASCEND_HOME_PATH/include -I \$ASCEND_HOME_PATH/include/aclnnop \
            -I \$ASCEND_HOME_PATH/include/aclnn -L \$ASCEND_OPP_PATH/lib64 -L \$ASCEND_HOME_PATH/lib64 \
            -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o '$out/$name'"
        awk '/^\/\* Expected output/ {on = 1; next} on && /^\*\/$/ {on = 0} on' "$s" >"$out/$name.expected"
        [ -s "$out/$name.expected" ] || [ -f "$src/examples/$name.expected" ] ||
            { echo "gxx_every_example: $name.cpp states no expected output" >&2; exit 1; }
        [ -s "$out/$name.expected" ] || cp "$src/examples/$name.expected" "$out/$name.expected"
        check "$out/$name" "$out/$name.expected"
        n=$((n + 1))
    done
    echo "gxx_every_example: $n example programs built and matched"
    ;;
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
    # The quick operator invocation page's project: its CMakeLists.txt and run.sh beside the samples,
    # run as the page says (`bash run.sh` there). Twice: with ASCEND_HOME_PATH from set_env.sh, and
    # in a bare environment with only ASCEND_INSTALL_PATH (run.sh's first choice) naming the toolkit.
    project=$out/project
    mkdir -p "$project"
    cp "$src/tests/cann/home_path/CMakeLists.txt" "$src/tests/cann/home_path/run.sh" "${examples[@]}" "$program" \
        "$project/"
    home_path_outputs() {
        for name in elu_backward softplus_backward; do
            diff -u "$src/examples/$name.expected" "$project/build/bin/$name.out"
        done
        diff -u "$src/tests/cann/dropin_program.expected" "$project/build/bin/dropin_program.out"
        if readelf -d "$project/build/bin/dropin_program" | grep 'R.*PATH' >/dev/null; then
            echo "home_path: the program has an RPATH although CMAKE_SKIP_RPATH=TRUE" >&2
            exit 1
        fi
    }
    clean_env "cd '$project' && bash run.sh >run.log 2>&1" || { cat "$project/run.log" >&2; exit 1; }
    home_path_outputs
    env -i HOME="${HOME:-/tmp}" PATH=/usr/local/bin:/usr/bin:/bin ASCEND_INSTALL_PATH="$prefix" \
        bash -c "cd '$project' && bash run.sh >run.log 2>&1" || { cat "$project/run.log" >&2; exit 1; }
    home_path_outputs
    echo "home_path: run.sh built and ran the programs (ASCEND_HOME_PATH, then ASCEND_INSTALL_PATH); every output matches"
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
    # The exported link interface names its dependencies, never this machine's paths (the install
    # must work on another machine), and holds no empty $<LINK_ONLY:> entries.
    if grep -E 'INTERFACE_LINK_(LIBRARIES|OPTIONS) .*(/|\$<LINK_ONLY:>)' \
        "$prefix/share/cmake/aclnn_cpu/aclnn_cpuTargets.cmake"; then
        echo "find_package: the exported link interface holds a path or an empty \$<LINK_ONLY:>" >&2
        exit 1
    fi
    ;;
pkg_config)
    clean_env "\"\$CC\" -std=c11 '$src/examples/softplus_backward.c' \$(pkg-config --cflags --libs aclnn_cpu) \
        -o '$out/softplus_backward'"
    check "$out/softplus_backward" "$src/examples/softplus_backward.expected"
    clean_env "pkg-config --static --libs aclnn_cpu | grep -q -- -lsleef && pkg-config --modversion aclnn_cpu" >/dev/null
    ;;
graph_gxx)
    # ops-nn's build.sh --run_example <op> graph: from its build directory, the example by a path
    # relative to it (../<op>/examples/test_geir_<x>.cpp, whose ../op_graph include must resolve), the
    # include and library paths build.sh derives from ASCEND_HOME_PATH and ASCEND_OPP_PATH, the GE
    # libraries by -l; then the program run without arguments.
    cp -r "$graph_src/." "$out/"
    mkdir -p "$out/build"
    for p in "${graph_programs[@]}"; do
        name=$(basename "$p")
        clean_env "cd '$out/build' && rm -f -- *.bin ge_proto_*.txt
            INCLUDE_PATH=\"\${ASCEND_HOME_PATH}/include\"
            GRAPH_INCLUDE_PATH=\"\${INCLUDE_PATH}/graph\"; GE_INCLUDE_PATH=\"\${INCLUDE_PATH}/ge\"
            EXTERNAL_INCLUDE_PATH=\"\${INCLUDE_PATH}/external\"
            LINUX_INCLUDE_PATH=\"\${ASCEND_HOME_PATH}/\$(uname -m)-linux/include\"
            INC_INCLUDE_PATH=\"\${ASCEND_OPP_PATH}/built-in/op_proto/inc\"
            GRAPH_LIBRARY_STUB_PATH=\"\${ASCEND_HOME_PATH}/lib64/stub\"; GRAPH_LIBRARY_PATH=\"\${ASCEND_HOME_PATH}/lib64\"
            \"\$CXX\" ../$p.cpp -I \${GRAPH_INCLUDE_PATH} -I \${GE_INCLUDE_PATH} -I \${INCLUDE_PATH} \
                -I \${EXTERNAL_INCLUDE_PATH} -I \${LINUX_INCLUDE_PATH} -I \${INC_INCLUDE_PATH} \
                -L \${GRAPH_LIBRARY_STUB_PATH} -L \${GRAPH_LIBRARY_PATH} \
                -lgraph -lge_runner -lgraph_base -lge_compiler -o $name
            ./$name >$name.out"
        graph_check "$out/build" "$graph_src/$p" "$name"
    done
    ;;
graph_cmake)
    # The quick invocation page's graph project: its CMakeLists.txt and run.sh beside each
    # test_geir_<x>.cpp, run as the page says (`bash run.sh` there), with ASCEND_HOME_PATH and
    # ASCEND_OPP_PATH from set_env.sh.
    cp -r "$graph_src/." "$out/"
    for p in "${graph_programs[@]}"; do
        name=$(basename "$p")
        project=$out/$(dirname "$p")
        cp "$src/tests/cann/graph_cmake/CMakeLists.txt" "$src/tests/cann/graph_cmake/run.sh" "$project/"
        clean_env "cd '$project' && bash run.sh >run.log 2>&1" || { cat "$project/run.log" >&2; exit 1; }
        if readelf -d "$project/build/$name" | grep 'R.*PATH' >/dev/null; then
            echo "graph_cmake: $name has an RPATH although CMAKE_SKIP_RPATH=TRUE" >&2
            exit 1
        fi
        graph_check "$project/build" "$graph_src/$p" "$name"
    done
    ;;
*)
    echo "run_route.sh: unknown route $route" >&2
    exit 2
    ;;
esac
