# doc/OPERATORS.md is what aclnn-cpu-registry --markdown prints from the registry.
#   cmake -DTOOL=<aclnn-cpu-registry> -DDOC=<doc/OPERATORS.md> [-DEMULATOR=<program>] -P check_doc_operators.cmake
execute_process(COMMAND ${EMULATOR} ${TOOL} --markdown OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "${TOOL} --markdown exited with '${rc}'")
endif()
file(READ ${DOC} doc)
if(NOT out STREQUAL doc)
  message(FATAL_ERROR "${DOC} differs from the registry: run `cmake --build <build> --target doc_operators_update`")
endif()
message(STATUS "${DOC} matches the registry")
