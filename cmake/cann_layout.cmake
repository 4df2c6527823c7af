# The CANN toolkit layout (ACLNN_CPU_CANN_LAYOUT): what CANN's documented build routes look for in
# a toolkit directory, pointing at libaclnn_cpu.
#   lib64/lib{ascendcl,acl_rt,nnopbase,opapi,opapi_nn,opapi_math}.so -> libaclnn_cpu.so.<SOVERSION>
#   set_env.sh, bin/setenv.bash    the environment (ASCEND_HOME_PATH, LD_LIBRARY_PATH, ...)
#   opp/                           ASCEND_OPP_PATH points here; CANN's tools expect it to exist
# Relative symbolic links, so the prefix can move. Why links and not stubs or linker scripts: README,
# "Use it from a CANN program".
set(ACPU_CANN_LIBRARY_NAMES ascendcl acl_rt nnopbase opapi opapi_nn opapi_math)
set(_acpu_cann_dir ${CMAKE_CURRENT_BINARY_DIR}/cann)
file(MAKE_DIRECTORY ${_acpu_cann_dir}/bin)
set(_acpu_links)
foreach(name ${ACPU_CANN_LIBRARY_NAMES})
  # The link names the SONAME file, which the loader finds by that name anyway.
  file(CREATE_LINK libaclnn_cpu.so.${PROJECT_VERSION_MAJOR} ${_acpu_cann_dir}/lib${name}.so SYMBOLIC)
  list(APPEND _acpu_links ${_acpu_cann_dir}/lib${name}.so)
endforeach()
install(FILES ${_acpu_links} DESTINATION ${ACPU_INSTALL_LIBDIR})

# One template, two places: UP is the way from the script's directory to the prefix, REL the
# script's path below the prefix, NAME its file name (how a POSIX sh tells it was run, not sourced).
set(ACPU_SCRIPT_LIBDIR ${ACPU_INSTALL_LIBDIR})
set(ACPU_SCRIPT_BINDIR ${CMAKE_INSTALL_BINDIR})
set(ACPU_SCRIPT_UP .)
set(ACPU_SCRIPT_REL set_env.sh)
set(ACPU_SCRIPT_NAME set_env.sh)
configure_file(${CMAKE_CURRENT_LIST_DIR}/set_env.sh.in ${_acpu_cann_dir}/set_env.sh @ONLY)
set(ACPU_SCRIPT_UP ..)
set(ACPU_SCRIPT_REL bin/setenv.bash)
set(ACPU_SCRIPT_NAME setenv.bash)
configure_file(${CMAKE_CURRENT_LIST_DIR}/set_env.sh.in ${_acpu_cann_dir}/bin/setenv.bash @ONLY)
# At install time the scripts get the install prefix written in (%%ACPU_INSTALL_PREFIX%%, single-quoted
# in the script): a POSIX sh (dash), which cannot tell a sourced file its location, uses it. Staged in
# the build tree under a name per prefix, then installed (DESTDIR applies, the manifest lists them).
install(CODE "set(_acpu_cann_dir [==[${_acpu_cann_dir}]==])")
install(CODE [==[
  string(REPLACE "'" "'\\''" _acpu_quoted "${CMAKE_INSTALL_PREFIX}")
  string(MD5 _acpu_key "${CMAKE_INSTALL_PREFIX}")
  foreach(_acpu_script set_env.sh bin/setenv.bash)
    file(READ "${_acpu_cann_dir}/${_acpu_script}" _acpu_text)
    string(REPLACE "%%ACPU_INSTALL_PREFIX%%" "${_acpu_quoted}" _acpu_text "${_acpu_text}")
    set(_acpu_stage "${_acpu_cann_dir}/installed-${_acpu_key}/${_acpu_script}")
    file(WRITE "${_acpu_stage}" "${_acpu_text}")
    get_filename_component(_acpu_dest "${CMAKE_INSTALL_PREFIX}/${_acpu_script}" DIRECTORY)
    file(INSTALL DESTINATION "${_acpu_dest}" TYPE FILE FILES "${_acpu_stage}"
         PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  endforeach()
]==])
install(DIRECTORY DESTINATION opp)
