# Sources compiled on their own in a unity build (OALENS_UNITY_BUILD, CMakeLists.txt): each
# defines, in an anonymous namespace, a helper or constant of the same name as another source of
# its target (`figure`, `shareText`, `parse`, `kPath`, `replaced`), which one translation unit
# cannot hold twice. A new clash shows as a redefinition error in the unity build; add the file
# here or give the helper a name of its own.
set(_oalens_unity_exclusions
  reports/html/dashboard_lint.cpp
  reports/margins/margins_html.cpp
  tests/unit/analyzer/cpp_frontend_test.cpp
  tests/unit/miners/layout_handoff_test.cpp
  tests/unit/miners/statement_parts_test.cpp
  tests/unit/miners/binary_content_test.cpp
  tests/cli/ci_formats_test.cpp
  tests/cli/feedback_test.cpp
  tests/miners/mine_reasons_test.cpp
  tests/miners/tree_diff_test.cpp)
foreach(_source IN LISTS _oalens_unity_exclusions)
  string(REGEX MATCH "^[^/]+" _directory "${_source}")
  set_source_files_properties("${CMAKE_SOURCE_DIR}/${_source}" DIRECTORY "${CMAKE_SOURCE_DIR}/${_directory}"
                              PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endforeach()
