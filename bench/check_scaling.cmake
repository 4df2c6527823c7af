# bench/scaling.py measures and renders end to end:
#   cmake -DPYTHON=<python3> -DSCRIPT=<bench/scaling.py> -DEXE=<aclnn_cpu_bench> -DOUT=<dir> -P check_scaling.cmake
# runs one tiny case (relu fp32 at 4K and 64K, 1 and 2 threads, the busy mode too) and passes only
# when its markdown has the case's rows, the speed-up columns of 2 threads and the busy table, and
# when publishing it twice (--render-only) leaves one section.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${PYTHON} ${SCRIPT} --bench ${EXE} --out ${OUT} --isa native --ops relu --dtypes fp32
                        --sizes 4K,64K --threads 1,2 --samples 2 --min-ms 0.5
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "scaling.py failed (status ${rc}):\n${out}${err}")
endif()
file(READ ${OUT}/native/scaling.md md)
foreach(want "\\| relu \\| fp32 \\| 4K \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|" "\\| relu \\| fp32 \\| 64K \\|"
             "ours 2T/1T \\| roofline 2T/1T" "### One CPU kept busy: 2 threads against 1"
             "Highest ratio [0-9.]+ \\(relu fp32")
  if(NOT md MATCHES "${want}")
    message(FATAL_ERROR "scaling.md lacks /${want}/:\n${md}")
  endif()
endforeach()
# --render-only --publish, twice into one root: one section for the path, the table kept
foreach(pass 1 2)
  execute_process(COMMAND ${PYTHON} ${SCRIPT} --out ${OUT} --render-only --publish ${OUT}/root
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "scaling.py --render-only --publish failed (status ${rc}):\n${out}${err}")
  endif()
endforeach()
file(READ ${OUT}/root/bench/SCALING.md published)
string(REGEX MATCHALL "\n## [^\n]*" sections "${published}")
list(LENGTH sections count)
if(NOT count EQUAL 1 OR NOT published MATCHES "^# Multi-core scaling" OR NOT published MATCHES "\\| relu \\| fp32 \\| 64K \\|"
   OR NOT published MATCHES "threads quiet \\| busy / quiet")
  message(FATAL_ERROR "bench/SCALING.md as published twice (${count} sections):\n${published}")
endif()
message(STATUS "scaling.py rendered ${OUT}/native/scaling.md and published it")
