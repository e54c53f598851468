# `cmake --install build [--prefix P]` and the Debian package CPack builds from it
# (scripts/package writes build/oalens_<version>_amd64.deb). What is installed:
#   bin/oalens                         the binary: catalogues, reason patterns, schema and rule
#                                      pages are built in; jemalloc linked statically
#   lib/oalens/liboalens_clang.so      the Clang module `scan --compile-commands` opens
#                                      (analyzer/frontend/cpp/clang_loader.cpp looks here)
#   share/oalens/study/                the study workflow `oalens study` runs (Snakefile, tools, profiles)
#   share/oalens/margins/              the pytest plugin (PYTHONPATH=.../margins pytest -p oalens_margins)
#   share/doc/oalens/                  README, docs/ and the rules' pages: SARIF's default helpUri
#                                      base (reports/sarif/sarif_report.h) points here
# Nothing installed refers to the build tree: the binary finds its module and workflow next to
# itself (/proc/self/exe), and tests/package/package_test.sh runs an unpacked package to check.
include(GNUInstallDirs)

install(TARGETS oalens RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS oalens_clang LIBRARY DESTINATION lib/oalens)
install(DIRECTORY scripts/study/ DESTINATION ${CMAKE_INSTALL_DATADIR}/oalens/study USE_SOURCE_PERMISSIONS
        PATTERN "__pycache__" EXCLUDE)
install(DIRECTORY miners/margins/ DESTINATION ${CMAKE_INSTALL_DATADIR}/oalens/margins
        PATTERN "__pycache__" EXCLUDE)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md" PATTERN "handcheck" EXCLUDE)
# The rule pages where SARIF's helpUri finds them: DOCDIR/rules/lint/<ID>_<name>/README.md.
file(GLOB _oalens_rule_pages RELATIVE "${CMAKE_SOURCE_DIR}" CONFIGURE_DEPENDS
     "${CMAKE_SOURCE_DIR}/rules/lint/*_*/README.md" "${CMAKE_SOURCE_DIR}/rules/gate/*_*/README.md")
foreach(_page IN LISTS _oalens_rule_pages)
  get_filename_component(_dir "${_page}" DIRECTORY)
  install(FILES "${_page}" DESTINATION "${CMAKE_INSTALL_DOCDIR}/${_dir}")
endforeach()

# The package: named and versioned after the project, its Depends worked out by
# dpkg-shlibdeps from the shared libraries the binary and the module link (Debian 12's).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME oalens)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static analyzer and miner of oracle-approximation assertions in DL test code")
set(CPACK_PACKAGE_DESCRIPTION
    "OALens finds the assertions of Python and C++ test suites that accept a result within a tolerance, resolves\n"
    "their tolerances, mines their history from git, gates changes that loosen them and lints ML code.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "OALens maintainers <oalens@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# git for `diff` and `install-hook`; Clang's resource headers for `scan --compile-commands`.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "git, libclang-common-14-dev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "snakemake, python3-pytest, python3-numpy")
include(CPack)
