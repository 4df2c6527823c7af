# CANN's run.sh of the quick operator invocation page for graph mode, run as `bash run.sh` in the
# directory that holds it, CMakeLists.txt and the test_geir_<op>.cpp: the toolkit from
# ASCEND_INSTALL_PATH, else ASCEND_HOME_PATH, else CANN's default place; its bin/setenv.bash; a
# build without RPATH; the program run from build/ without arguments. The page runs it on the
# terminal; here its stdout goes to build/<program>.out for an exact comparison.
set -e
if [ -n "$ASCEND_INSTALL_PATH" ]; then
    _ASCEND_INSTALL_PATH=$ASCEND_INSTALL_PATH
elif [ -n "$ASCEND_HOME_PATH" ]; then
    _ASCEND_INSTALL_PATH=$ASCEND_HOME_PATH
else
    _ASCEND_INSTALL_PATH="/usr/local/Ascend/cann"
fi

source ${_ASCEND_INSTALL_PATH}/bin/setenv.bash

rm -rf build
mkdir -p build
cd build
cmake ../ -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE
make
for src in ../test_geir_*.cpp; do
    name=$(basename "${src%.cpp}")
    ./"$name" >"$name.out"
done
