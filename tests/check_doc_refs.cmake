# The docs' references (CTest doc_spec_refs). Run: cmake -DROOT=<source dir> -P check_doc_refs.cmake
#
# 1. Every "spec N.N" / "SiLU spec N.N" / "spec appendix X.N" / "CANN.md#anchor" cited in the sources
#    resolves to an anchor of doc/CANN.md (doc/CANN.md says how citations map to anchors).
# 2. No text names the project's history instead of stating a fact: no "issue N" / "issues N" /
#    "issue #N" reference and no commit hash (a word of 7 to 40 hex digits with at least one digit and
#    one letter a-f, not part of a longer word, a number or a 0x constant) in src/, include/, tests/,
#    tools/, examples/, doc/, python/, fuzz/, bench/ or README.md. Generated result files
#    (bench/RESULTS.md) and the fuzz corpus (binary) are not scanned.
cmake_policy(VERSION 3.25)

# ---- 1. citations resolve ------------------------------------------------------------------------
file(READ ${ROOT}/doc/CANN.md cann)
string(REGEX MATCHALL "<a id=\"[a-z0-9-]+\"></a>" tags "${cann}")
set(anchors)
foreach(t ${tags})
  string(REGEX REPLACE "<a id=\"([a-z0-9-]+)\"></a>" "\\1" a "${t}")
  list(APPEND anchors ${a})
endforeach()
file(GLOB_RECURSE files ${ROOT}/src/*.c ${ROOT}/src/*.h ${ROOT}/include/*.h ${ROOT}/tools/*.c ${ROOT}/tests/*.c
     ${ROOT}/tests/*.h ${ROOT}/bench/*.c ${ROOT}/bench/*.h ${ROOT}/examples/*.c ${ROOT}/examples/*.cpp ${ROOT}/README.md
     ${ROOT}/doc/*.md)
set(missing)
set(count 0)
foreach(f ${files})
  file(READ ${f} text)
  string(REGEX MATCHALL "(SiLU spec|spec sections|spec section|[Ss]pec) [0-9]+(\\.[0-9]+)*|spec appendix [A-Z](\\.[0-9]+)*"
         refs "${text}")
  foreach(r ${refs})
    string(REGEX REPLACE "^(SiLU spec|spec sections|spec section|spec appendix|[Ss]pec) " "" num "${r}")
    string(REPLACE "." "-" num "${num}")
    string(TOLOWER "${num}" num)
    if(r MATCHES "^SiLU")
      set(anchor "silu-spec-${num}")
    elseif(r MATCHES "appendix")
      set(anchor "spec-appendix-${num}")
    else()
      set(anchor "spec-${num}")
    endif()
    math(EXPR count "${count} + 1")
    if(NOT anchor IN_LIST anchors)
      list(APPEND missing "${f}: '${r}' -> #${anchor}")
    endif()
  endforeach()
  string(REGEX MATCHALL "CANN\\.md#[a-z0-9-]+" links "${text}")
  foreach(l ${links})
    string(REGEX REPLACE "CANN\\.md#" "" anchor "${l}")
    math(EXPR count "${count} + 1")
    if(NOT anchor IN_LIST anchors)
      list(APPEND missing "${f}: '${l}'")
    endif()
  endforeach()
endforeach()
if(count LESS 50)
  message(FATAL_ERROR "check_doc_refs: only ${count} citations found: the scan is broken")
endif()

# ---- 2. no history: "issue N" references and commit hashes --------------------------------------
set(history_dirs src include tests tools examples doc python fuzz bench)
set(history_globs)
foreach(d ${history_dirs})
  foreach(ext c h cpp md py cmake txt sh toml in expected)
    list(APPEND history_globs ${ROOT}/${d}/*.${ext})
  endforeach()
  list(APPEND history_globs ${ROOT}/${d}/CMakeLists.txt)
endforeach()
file(GLOB_RECURSE history_files ${history_globs})
list(APPEND history_files ${ROOT}/README.md)
list(REMOVE_DUPLICATES history_files)
list(FILTER history_files EXCLUDE REGEX "/bench/RESULTS\\.md$")
list(LENGTH history_files scanned)
if(scanned LESS 100)
  message(FATAL_ERROR "check_doc_refs: only ${scanned} files to scan for history references: the glob is broken")
endif()
set(history)
foreach(f ${history_files})
  file(READ ${f} text)
  file(RELATIVE_PATH rel ${ROOT} ${f})
  string(REGEX MATCHALL "[Ii]ssues? #?[0-9]+" issues "${text}")
  foreach(i ${issues})
    list(APPEND history "${rel}: '${i}'")
  endforeach()
  # A candidate: 7-40 hex digits between characters that cannot continue a word, a number or a 0x
  # constant (the leading class excludes letters, digits, '_', '.', and so 'x' of 0x).
  string(REGEX MATCHALL "(^|[^0-9A-Za-z_.])[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+([^0-9A-Za-z_]|$)"
         words "${text}")
  foreach(w ${words})
    string(REGEX REPLACE "^[^0-9a-f]" "" w "${w}")
    string(REGEX REPLACE "[^0-9a-f]$" "" w "${w}")
    string(LENGTH "${w}" len)
    # a hash has a digit and a letter; a decimal number with an exponent (123456e, 1234567e10) is no hash
    if(len GREATER 40 OR NOT w MATCHES "[0-9]" OR NOT w MATCHES "[a-f]" OR w MATCHES "^[0-9]+e[0-9]*$")
      continue()
    endif()
    list(APPEND history "${rel}: '${w}' (a commit hash?)")
  endforeach()
endforeach()

set(failures)
if(missing)
  list(JOIN missing "\n  " m)
  list(APPEND failures "citations without an anchor in doc/CANN.md:\n  ${m}")
endif()
if(history)
  list(JOIN history "\n  " h)
  list(APPEND failures "history references (state the fact instead of an issue number or commit):\n  ${h}")
endif()
if(failures)
  list(JOIN failures "\n" m)
  message(FATAL_ERROR "check_doc_refs: ${m}")
endif()
message(STATUS "check_doc_refs: ${count} citations resolve in doc/CANN.md; ${scanned} files free of issue "
               "references and commit hashes")
