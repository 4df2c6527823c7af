# Runs the CANN sample programs (examples/) and checks their output exactly, once per ISA:
# for every sample <name> in ACPU_EXAMPLES (the list examples/CMakeLists.txt builds) and both
# languages, stdout must equal examples/<name>.expected, or the "Expected output" comment at the
# end of examples/<name>.cpp, and stderr must be empty.
# Test names: example_<name>_<cpp|c>_<stdout|stderr>_<isa>. Included from tests/CMakeLists.txt.
# Cross builds run the programs through ACPU_TEST_EMULATOR (tests/CMakeLists.txt; empty natively).
if(NOT DEFINED ACPU_EXAMPLES)
  message(WARNING "tests/examples.cmake: ACPU_EXAMPLES is not set (examples/ not added?); no example tests")
endif()
set(_acpu_compare ${CMAKE_CURRENT_LIST_DIR}/compare_output.cmake)
set(_acpu_emulator_arg)
if(ACPU_TEST_EMULATOR)
  set(_acpu_emulator_arg -DEMULATOR=${ACPU_TEST_EMULATOR})
endif()
# Target per language: <name>_example (C++), <name>_example_c (C11).
set(_acpu_target_suffix_cpp "")
set(_acpu_target_suffix_c "_c")

foreach(example ${ACPU_EXAMPLES})
  set(_acpu_expected ${PROJECT_SOURCE_DIR}/examples/${example}.expected)
  if(NOT EXISTS ${_acpu_expected})
    set(_acpu_expected ${PROJECT_SOURCE_DIR}/examples/${example}.cpp)
  endif()
  foreach(lang cpp c)
    set(target ${example}_example${_acpu_target_suffix_${lang}})
    if(NOT TARGET ${target})
      continue()
    endif()
    foreach(isa ${ACPU_ISAS})
      foreach(stream stdout stderr)
        set(name example_${example}_${lang}_${stream}_${isa})
        add_test(NAME ${name}
          COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${target}> ${_acpu_emulator_arg}
                  -DEXPECTED=${_acpu_expected}
                  -DSTREAM=${stream} -P ${_acpu_compare})
        # The library prints nothing unless asked: drop the variables that ask it to.
        set_tests_properties(${name} PROPERTIES
          ENVIRONMENT "ACLNN_CPU_MAX_ISA=${isa}"
          ENVIRONMENT_MODIFICATION "ACLNN_CPU_VERBOSE=unset:;ACLNN_CPU_NUM_THREADS=unset:;ACLNN_CPU_SOC=unset:"
          LABELS example)
      endforeach()
    endforeach()
  endforeach()
endforeach()
