# Cross toolchain: Debian's aarch64-linux-gnu gcc/g++, arm64 SLEEF and Check unpacked by
# tools/fetch-arm64-deps.sh into .cross/arm64 (or $ARM64_DEPS), programs run under qemu-user.
# Used by the `aarch64` preset; ctest runs every test through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# An environment variable rather than a cache entry so that try_compile projects see it too.
if(DEFINED ENV{ARM64_DEPS})
  set(ARM64_DEPS "$ENV{ARM64_DEPS}")
else()
  get_filename_component(ARM64_DEPS "${CMAKE_CURRENT_LIST_DIR}/../.cross/arm64" ABSOLUTE)
endif()
if(NOT EXISTS "${ARM64_DEPS}/usr/include/aarch64-linux-gnu/sleef.h")
  message(FATAL_ERROR "arm64 SLEEF/Check not found in ${ARM64_DEPS}: run tools/fetch-arm64-deps.sh first")
endif()
set(ARM64_DEPS_LIBDIR "${ARM64_DEPS}/usr/lib/aarch64-linux-gnu")

# Headers and libraries only from the cross sysroot and the unpacked debs; programs from the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu "${ARM64_DEPS}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (Check, libsubunit) reads the arm64 .pc files only, with their paths under ARM64_DEPS.
# SLEEF's header sits in include/aarch64-linux-gnu, which its .pc does not name: the project
# finds it with find_path(... PATH_SUFFIXES ${CMAKE_LIBRARY_ARCHITECTURE}).
set(ENV{PKG_CONFIG_LIBDIR} "${ARM64_DEPS_LIBDIR}/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${ARM64_DEPS}")

# libsleef.so needs libsleef's run-time directory at link time (shared-library dependencies).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-rpath-link,${ARM64_DEPS_LIBDIR}")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-Wl,-rpath-link,${ARM64_DEPS_LIBDIR}")

# qemu-user: the cross glibc as the guest root, the unpacked libraries on the guest's library path.
# QEMU_CPU in the environment picks a CPU model (default: qemu's "max").
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu -E "LD_LIBRARY_PATH=${ARM64_DEPS_LIBDIR}")
