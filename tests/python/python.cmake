# The Python package's tests (pytest), run against a fresh install of this build: see
# run_pytest.sh. Native, unsanitized gcc builds (the `test` preset); ACLNN_CPU_PYTHON_TESTS=OFF
# leaves them out. Needs Debian's python3-{venv,numpy,torch,matplotlib,pytest,setuptools}, which
# ./build.sh test installs when missing.
set(_acpu_py_default ON)
if(CMAKE_CROSSCOMPILING OR NOT CMAKE_C_COMPILER_ID STREQUAL "GNU" OR "${CMAKE_C_FLAGS}" MATCHES "-fsanitize"
   OR ACLNN_CPU_BUILD_FUZZER)
  set(_acpu_py_default OFF)
endif()
option(ACLNN_CPU_PYTHON_TESTS "Run the Python package's pytest suite (python/tests) in CTest" ${_acpu_py_default})
if(NOT ACLNN_CPU_PYTHON_TESTS)
  return()
endif()
find_program(ACPU_BASH bash REQUIRED)
add_test(NAME python_pytest
         COMMAND ${ACPU_BASH} ${CMAKE_CURRENT_LIST_DIR}/run_pytest.sh ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
set_tests_properties(python_pytest PROPERTIES LABELS python TIMEOUT 1500 RUN_SERIAL TRUE)
