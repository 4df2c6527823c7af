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

# One template, two places: UP is the way from the script's directory to the prefix.
set(ACPU_SCRIPT_LIBDIR ${ACPU_INSTALL_LIBDIR})
set(ACPU_SCRIPT_BINDIR ${CMAKE_INSTALL_BINDIR})
set(ACPU_SCRIPT_UP .)
configure_file(${CMAKE_CURRENT_LIST_DIR}/set_env.sh.in ${_acpu_cann_dir}/set_env.sh @ONLY)
set(ACPU_SCRIPT_UP ..)
configure_file(${CMAKE_CURRENT_LIST_DIR}/set_env.sh.in ${_acpu_cann_dir}/bin/setenv.bash @ONLY)
set(_acpu_script_perms OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
install(FILES ${_acpu_cann_dir}/set_env.sh DESTINATION . PERMISSIONS ${_acpu_script_perms})
install(FILES ${_acpu_cann_dir}/bin/setenv.bash DESTINATION bin PERMISSIONS ${_acpu_script_perms})
install(DIRECTORY DESTINATION opp)
