# Runs one program and checks its output exactly.
#   cmake -DEXE=<program> -DEXPECTED=<file> [-DSTREAM=stdout|stderr] [-DEMULATOR=<program>] -P compare_output.cmake
# EMULATOR (optional, cross builds): runs EXE as "<EMULATOR> <EXE>".
# STREAM=stdout (default): stdout must equal the file's contents byte for byte, exit status 0; for a
#   .cpp file, the lines between its "Expected output" comment line and the closing "*/".
# STREAM=stderr: stderr must be empty (EXPECTED is not used), exit status 0.
if(NOT DEFINED EXE)
  message(FATAL_ERROR "compare_output.cmake: EXE is not set")
endif()
if(NOT DEFINED STREAM)
  set(STREAM stdout)
endif()

execute_process(COMMAND ${EMULATOR} ${EXE} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)

if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "${EXE} exited with '${rc}'\n--- stdout ---\n${out}--- stderr ---\n${err}")
endif()

if(STREAM STREQUAL "stderr")
  if(NOT err STREQUAL "")
    message(FATAL_ERROR "${EXE} wrote to stderr (expected nothing):\n${err}")
  endif()
  message(STATUS "stderr is empty")
  return()
endif()

file(READ ${EXPECTED} want)
if(EXPECTED MATCHES "\\.cpp$")
  if(NOT want MATCHES "\n/\\* Expected output[^\n]*\n(.*)\\*/[ \n]*$")
    message(FATAL_ERROR "${EXPECTED} has no closing \"/* Expected output ...\" comment")
  endif()
  set(want "${CMAKE_MATCH_1}")
endif()
if(NOT out STREQUAL want)
  message(FATAL_ERROR "stdout of ${EXE} differs from ${EXPECTED}\n--- expected ---\n${want}--- got ---\n${out}"
                      "--- stderr ---\n${err}")
endif()
message(STATUS "stdout matches ${EXPECTED}")
