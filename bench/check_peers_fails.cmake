# The peers check must fail when a name it requires has no row in the peers table:
#   cmake -DEXE=<aclnn_cpu_bench> [-DEMULATOR=<program>] -P check_peers_fails.cmake
# runs `aclnn_cpu_bench --check-peers --check-extra no_such_api` and passes only when that exits
# non-zero and names the missing row (a check that could not fail would pass anything).
execute_process(COMMAND ${EMULATOR} ${EXE} --check-peers --check-extra no_such_api
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc STREQUAL "0")
  message(FATAL_ERROR "--check-peers passed with a name that has no row:\n${out}${err}")
endif()
if(NOT out MATCHES "FAIL peers: no_such_api \\(--check-extra\\): no row in bench/bench_peers.c")
  message(FATAL_ERROR "--check-peers failed without naming the missing row (status ${rc}):\n${out}${err}")
endif()
message(STATUS "--check-peers refused the missing row (status ${rc})")
