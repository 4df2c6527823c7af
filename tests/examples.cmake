# Runs the CANN sample programs (examples/) and checks their output exactly, once per ISA.
# Included from tests/CMakeLists.txt.
set(_acpu_examples elu_backward_example:cpp elu_backward_example_c:c)
set(_acpu_expected ${PROJECT_SOURCE_DIR}/examples/elu_backward.expected)
set(_acpu_compare ${CMAKE_CURRENT_LIST_DIR}/compare_output.cmake)

foreach(entry ${_acpu_examples})
  string(REPLACE ":" ";" parts ${entry})
  list(GET parts 0 target)
  list(GET parts 1 lang)
  if(NOT TARGET ${target})
    continue()
  endif()
  foreach(isa ${ACPU_ISAS})
    foreach(stream stdout stderr)
      set(name example_elu_backward_${lang}_${stream}_${isa})
      add_test(NAME ${name}
        COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${target}> -DEXPECTED=${_acpu_expected}
                -DSTREAM=${stream} -P ${_acpu_compare})
      # The library prints nothing unless asked: drop the variables that ask it to.
      set_tests_properties(${name} PROPERTIES
        ENVIRONMENT "ACLNN_CPU_MAX_ISA=${isa}"
        ENVIRONMENT_MODIFICATION "ACLNN_CPU_VERBOSE=unset:;ACLNN_CPU_NUM_THREADS=unset:;ACLNN_CPU_SOC=unset:"
        LABELS example)
    endforeach()
  endforeach()
endforeach()
