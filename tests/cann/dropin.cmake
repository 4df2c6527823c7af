# CANN drop-in checks: a fresh install of this build, moved after installing, used by
# CANN's build routes and by find_package / pkg-config consumers, each in a clean environment that
# only <prefix>/set_env.sh sets up (tests/cann/run_route.sh). Native, unsanitized builds with the
# CANN layout only: the consumers are compiled and run on this machine with this build's compilers,
# and an ASan-built library would need the sanitizer runtime in every consumer.
# Test names: cann_install (the fixture), cann_<route>.
if(CMAKE_CROSSCOMPILING OR NOT ACLNN_CPU_CANN_LAYOUT OR "${CMAKE_C_FLAGS}" MATCHES "-fsanitize")
  return()
endif()
find_program(ACPU_BASH bash REQUIRED)
set(_acpu_route_script ${CMAKE_CURRENT_LIST_DIR}/run_route.sh)
set(_acpu_work ${CMAKE_BINARY_DIR}/cann-dropin)
add_test(NAME cann_install COMMAND ${ACPU_BASH} ${_acpu_route_script} install ${CMAKE_BINARY_DIR} ${_acpu_work})
set_tests_properties(cann_install PROPERTIES FIXTURES_SETUP cann_toolkit LABELS cann)
foreach(route set_env gxx_ascendcl gxx_acl_rt gxx_every_example custom_path home_path dlopen
              find_package_c find_package_cxx find_package_mixed pkg_config graph_gxx graph_cmake)
  add_test(NAME cann_${route} COMMAND ${ACPU_BASH} ${_acpu_route_script} ${route} ${_acpu_work}
                                      ${PROJECT_SOURCE_DIR} ${CMAKE_C_COMPILER} ${CMAKE_CXX_COMPILER})
  set_tests_properties(cann_${route} PROPERTIES FIXTURES_REQUIRED cann_toolkit LABELS cann TIMEOUT 300)
endforeach()
