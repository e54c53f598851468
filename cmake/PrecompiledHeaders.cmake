# Precompiled headers: the standard library, fmt, RE2 and nlohmann-json headers that most of our
# translation units include are parsed once per target instead of once per file. Parsing took
# about half of a file's compile time (analyzer/cli/report_command.cpp, -ftime-report), and CI
# builds everything twice (scripts/test, then scripts/sanitize). -DOALENS_PRECOMPILED_HEADERS=OFF
# builds without them, to check that every file includes what it uses.
option(OALENS_PRECOMPILED_HEADERS "precompile the headers most files include" ON)

set(OALENS_COMMON_HEADERS
  <algorithm> <cstdint> <filesystem> <functional> <map> <memory> <optional> <set> <string>
  <string_view> <unordered_map> <utility> <vector> <fmt/format.h> <re2/re2.h> <nlohmann/json.hpp>)

# oalens_precompile_headers(TARGET [EXTRA header...]): TARGET's own precompiled header.
function(oalens_precompile_headers target)
  if(OALENS_PRECOMPILED_HEADERS)
    set(headers)
    foreach(header IN LISTS OALENS_COMMON_HEADERS ARGN)
      list(APPEND headers "$<$<COMPILE_LANGUAGE:CXX>:${header}>")
    endforeach()
    target_precompile_headers(${target} PRIVATE ${headers})
  endif()
endfunction()

# oalens_reuse_precompiled_headers(TARGET FROM): TARGET uses FROM's precompiled header. A
# small target costs less this way than with one of its own (one header build per target).
function(oalens_reuse_precompiled_headers target from)
  if(OALENS_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} REUSE_FROM ${from})
    # GCC takes a precompiled header only where the macros it was built with are defined alike:
    # FROM's is built with -pthread (`_REENTRANT`), which Threads::Threads gives.
    target_link_libraries(${target} PRIVATE Threads::Threads)
  endif()
endfunction()
