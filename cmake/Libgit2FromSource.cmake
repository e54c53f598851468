# libgit2 1.5.1, the version Debian 12 ships, built from Debian's own source tarball as a small
# static library: no HTTPS, SSH, GSSAPI or NTLM. OALens only reads local objects. Debian's
# shared libgit2 pulls in 16 more shared libraries (mbedTLS, OpenSSL, Kerberos, libssh2, ...) and
# parses the system CA bundle in git_libgit2_init. That start-up cost, more than 10 ms, is paid
# on every `oalens diff --staged` a pre-commit hook runs (docs/diff.md has the measurements).
# One patch (cmake/libgit2-1.5.1-oalens.patch), two changes, each compiled only when asked
# for: libdeflate inflates pack objects (OALENS_LIBDEFLATE, when libdeflate-dev is installed),
# and xdiff hashes a line with XXH3 (OALENS_XXHASH_LINES). Neither changes what libgit2
# returns; together they save 7% of `mine`'s instructions (docs/mine.md, levers).
#
# The tarball is fetched once over plain HTTP from deb.debian.org, verified by SHA-512, and
# cached in SOURCE_TARBALL_CACHE; put it there to build offline. -DOALENS_SYSTEM_LIBGIT2=ON links
# Debian's libgit2-dev instead, and so does a build that cannot fetch the tarball (with a
# warning): everything works the same, only `diff --staged` starts slower.
#
# Defines the target oalens::libgit2.
option(OALENS_SYSTEM_LIBGIT2 "link Debian's shared libgit2 instead of building it from source" OFF)
set(SOURCE_TARBALL_CACHE "${CMAKE_SOURCE_DIR}/.source-tarballs" CACHE PATH "where source tarballs are cached")

macro(use_system_libgit2)
  pkg_check_modules(LIBGIT2 REQUIRED IMPORTED_TARGET libgit2)
  add_library(oalens::libgit2 ALIAS PkgConfig::LIBGIT2)
endmacro()

if(OALENS_SYSTEM_LIBGIT2)
  use_system_libgit2()
  return()
endif()

set(_lg2_name "libgit2_1.5.1+ds.orig.tar.xz")
set(_lg2_url "http://deb.debian.org/debian/pool/main/libg/libgit2/${_lg2_name}")
set(_lg2_sha512
  "b44a4e26cdfabc90745f2363fe930c7e4a022b4ce76546396fe2d1a1527f06ec3460160738b9df00675996f938d7ba53eadc912010074860e206ec7f86ce87d7")
set(_lg2_tarball "${SOURCE_TARBALL_CACHE}/${_lg2_name}")
include(CachedTarball)
cached_tarball_check("${_lg2_tarball}" "${_lg2_sha512}")
if(NOT EXISTS "${_lg2_tarball}")
  # No EXPECTED_HASH: with it a failed download is a hard error, and this one has a fallback.
  file(DOWNLOAD "${_lg2_url}" "${_lg2_tarball}.part" STATUS _status)
  list(GET _status 0 _rc)
  if(_rc EQUAL 0)
    file(SHA512 "${_lg2_tarball}.part" _have)
    if(NOT _have STREQUAL _lg2_sha512)
      file(REMOVE "${_lg2_tarball}.part")
      message(FATAL_ERROR "${_lg2_name}: SHA-512 mismatch (got ${_have}); not building from an unverified tarball")
    endif()
  endif()
  if(NOT _rc EQUAL 0)
    file(REMOVE "${_lg2_tarball}.part")
    message(WARNING "fetching ${_lg2_url} failed: ${_status}\n"
                    "Linking Debian's shared libgit2 instead (diff --staged starts about 5 ms slower). "
                    "Put ${_lg2_name} into ${SOURCE_TARBALL_CACHE} to build the static one offline.")
    use_system_libgit2()
    return()
  endif()
  file(RENAME "${_lg2_tarball}.part" "${_lg2_tarball}")
endif()

set(_lg2_src "${CMAKE_BINARY_DIR}/_src/libgit2-1.5.1")
if(NOT EXISTS "${_lg2_src}/CMakeLists.txt")
  file(ARCHIVE_EXTRACT INPUT "${_lg2_tarball}" DESTINATION "${CMAKE_BINARY_DIR}/_src")
endif()
# The patch's changes are compiled only with their macros (below).
set(_lg2_patch "${CMAKE_SOURCE_DIR}/cmake/libgit2-1.5.1-oalens.patch")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_lg2_patch}")
file(SHA256 "${_lg2_patch}" _lg2_patch_sha)
if(NOT EXISTS "${_lg2_src}/.oalens-patched-${_lg2_patch_sha}")
  if(EXISTS "${_lg2_src}/.oalens-patched")
    # Another version of the patch was applied: start again from the tarball.
    file(REMOVE_RECURSE "${_lg2_src}")
    file(ARCHIVE_EXTRACT INPUT "${_lg2_tarball}" DESTINATION "${CMAKE_BINARY_DIR}/_src")
  endif()
  find_program(PATCH_PROGRAM patch REQUIRED)
  execute_process(COMMAND "${PATCH_PROGRAM}" -p1 --forward --input "${_lg2_patch}"
                  WORKING_DIRECTORY "${_lg2_src}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "patching libgit2 with ${_lg2_patch} failed:\n${_out}")
  endif()
  file(TOUCH "${_lg2_src}/.oalens-patched")
  file(TOUCH "${_lg2_src}/.oalens-patched-${_lg2_patch_sha}")
endif()

# Debian's +ds tarball leaves out the bundled http-parser, PCRE and zlib: use the system ones.
find_library(HTTP_PARSER_LIBRARY http_parser REQUIRED)
find_package(ZLIB REQUIRED)
include(ExternalProject)
set(_lg2_sanitize_flags "")
if(OALENS_SANITIZE)
  set(_lg2_sanitize_flags "-fsanitize=${OALENS_SANITIZE} -fno-omit-frame-pointer")
endif()
# libdeflate (Debian: libdeflate-dev) inflates pack objects 2.4 times as fast as zlib; without
# it libgit2 stays as Debian builds it.
find_path(LIBDEFLATE_INCLUDE_DIR libdeflate.h)
find_library(LIBDEFLATE_LIBRARY NAMES libdeflate.a deflate)
# xxhash.h as the top-level CMakeLists found it (pkg_check_modules(XXHASH ...)), inlined.
set(_lg2_c_flags "${_lg2_sanitize_flags} -DOALENS_XXHASH_LINES -I${XXHASH_INCLUDEDIR}")
if(LIBDEFLATE_INCLUDE_DIR AND LIBDEFLATE_LIBRARY)
  string(APPEND _lg2_c_flags " -DOALENS_LIBDEFLATE -I${LIBDEFLATE_INCLUDE_DIR}")
  message(STATUS "libgit2: pack objects inflated by libdeflate (${LIBDEFLATE_LIBRARY})")
else()
  message(WARNING "libdeflate not found (Debian: libdeflate-dev): libgit2 inflates with zlib alone; mine is about 5% slower")
endif()
set(_lg2_bin "${CMAKE_BINARY_DIR}/_build/libgit2")
ExternalProject_Add(libgit2_static
  SOURCE_DIR "${_lg2_src}"
  BINARY_DIR "${_lg2_bin}"
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    "-DCMAKE_C_FLAGS=${_lg2_c_flags}"
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON
    -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTS=OFF -DBUILD_CLI=OFF -DBUILD_EXAMPLES=OFF
    -DUSE_HTTPS=OFF -DUSE_SSH=OFF -DUSE_GSSAPI=OFF -DUSE_NTLMCLIENT=OFF
    -DUSE_HTTP_PARSER=system -DREGEX_BACKEND=regcomp -DUSE_SHA1=CollisionDetection
    -Wno-dev
    # A changed patch changes this command, so that ExternalProject builds libgit2 again.
    -DOALENS_PATCH_SHA256=${_lg2_patch_sha}
  INSTALL_COMMAND ""
  BUILD_BYPRODUCTS "${_lg2_bin}/libgit2.a"
  LOG_CONFIGURE ON LOG_BUILD ON LOG_OUTPUT_ON_FAILURE ON)

add_library(oalens_libgit2 STATIC IMPORTED GLOBAL)
set_target_properties(oalens_libgit2 PROPERTIES
  IMPORTED_LOCATION "${_lg2_bin}/libgit2.a"
  INTERFACE_INCLUDE_DIRECTORIES "${_lg2_src}/include")
target_link_libraries(oalens_libgit2 INTERFACE "${HTTP_PARSER_LIBRARY}" ZLIB::ZLIB Threads::Threads rt)
if(LIBDEFLATE_INCLUDE_DIR AND LIBDEFLATE_LIBRARY)
  target_link_libraries(oalens_libgit2 INTERFACE "${LIBDEFLATE_LIBRARY}")
  target_compile_definitions(oalens_libgit2 INTERFACE OALENS_LIBDEFLATE=1)
endif()
# The static library also holds the xdiff libgit2 bundles, which lineHunks calls directly:
# git_diff_buffers first hashes both texts with SHA-1 (about 2% of `mine`). Rename detection
# reads the hashes of libgit2 1.5.1's similarity signatures (miners/git/line_signature.h).
target_compile_definitions(oalens_libgit2 INTERFACE OALENS_BUNDLED_XDIFF=1 OALENS_BUNDLED_LIBGIT2=1)
add_dependencies(oalens_libgit2 libgit2_static)
add_library(oalens::libgit2 ALIAS oalens_libgit2)
