# CANN's run.sh from the quick operator invocation page, run as `bash run.sh` in the directory that
# holds it, CMakeLists.txt and the sample sources: the toolkit from ASCEND_INSTALL_PATH, else
# ASCEND_HOME_PATH, else CANN's default place; its bin/setenv.bash; a build without RPATH; the
# programs run from build/bin. The page runs its one program on the terminal; here each *.cpp's
# program runs and its output goes to build/bin/<name>.out for an exact comparison.
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
cd bin
for src in ../../*.cpp; do
    name=$(basename "${src%.cpp}")
    ./"$name" >"$name.out"
done
