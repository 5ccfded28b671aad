# Fails unless every dynamic symbol LIBRARY defines starts with "vc_".
# Run as: cmake -DNM=<nm> -DLIBRARY=<libvision_core.so> -P <this file>
execute_process(
  COMMAND "${NM}" -D --defined-only "${LIBRARY}"
  OUTPUT_VARIABLE _symbols
  RESULT_VARIABLE _result)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIBRARY}")
endif()
string(REPLACE "\n" ";" _lines "${_symbols}")
set(_exported 0)
set(_leaked "")
foreach(_line IN LISTS _lines)
  # "<address> <type> <name>"; weak/data/text symbols alike.
  if(_line MATCHES "^[0-9a-fA-F]+ [A-Za-z] (.+)$")
    set(_name "${CMAKE_MATCH_1}")
    if(_name MATCHES "^vc_")
      math(EXPR _exported "${_exported} + 1")
    else()
      list(APPEND _leaked "${_name}")
    endif()
  endif()
endforeach()
if(_leaked)
  string(REPLACE ";" "\n  " _leaked "${_leaked}")
  message(FATAL_ERROR "symbols exported outside the C API:\n  ${_leaked}")
endif()
if(_exported EQUAL 0)
  message(FATAL_ERROR "no vc_ symbols exported from ${LIBRARY}")
endif()
message(STATUS "${_exported} vc_ symbols exported, nothing else")
