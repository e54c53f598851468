# npm_tarball(<spec> <sha512-hex> <out-dir-var> [extra archive paths to extract...])
# npm_tarball(<spec> <sha512-hex> <out-dir-var> ONLY <archive paths...>)
#
# Fetches a package tarball from the npm registry once (npm pack, no install scripts run),
# verifies it by SHA-512 and extracts the listed paths under the build tree: package/src,
# package/LICENSE, package/package.json and the extra ones; with ONLY, package.json and the given
# ones (a package that ships no src/ or LICENSE). Scoped names (@scope/name) are packed as
# scope-name-<version>.tgz. Put the .tgz
# into NPM_TARBALL_CACHE to build offline. Every extra path must exist in the archive:
# file(ARCHIVE_EXTRACT ... PATTERNS x) fails hard when x is absent.
set(NPM_TARBALL_CACHE "${CMAKE_SOURCE_DIR}/.npm-tarballs" CACHE PATH "where npm tarballs are cached")

include(CachedTarball)

function(npm_tarball spec sha512 outvar)
  string(REGEX REPLACE "^(.*)@([^@]+)$" "\\1-\\2.tgz" fname "${spec}")
  string(REGEX REPLACE "^@([^/]+)/" "\\1-" fname "${fname}")
  set(patterns package/src package/LICENSE package/package.json ${ARGN})
  if(ARGN MATCHES "^ONLY;")
    list(REMOVE_AT ARGN 0)
    set(patterns package/package.json ${ARGN})
  endif()
  set(tgz "${NPM_TARBALL_CACHE}/${fname}")
  cached_tarball_check("${tgz}" "${sha512}")
  if(NOT EXISTS "${tgz}")
    find_program(NPM_EXECUTABLE npm REQUIRED)
    file(MAKE_DIRECTORY "${NPM_TARBALL_CACHE}")
    execute_process(COMMAND "${NPM_EXECUTABLE}" pack --ignore-scripts --prefer-offline --silent
                            --pack-destination "${NPM_TARBALL_CACHE}" "${spec}"
                    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT EXISTS "${tgz}")
      message(FATAL_ERROR "npm pack ${spec} failed (${rc}): ${err}\n"
                          "Put ${fname} into ${NPM_TARBALL_CACHE} to build offline.")
    endif()
    file(SHA512 "${tgz}" have)
    if(NOT have STREQUAL sha512)
      message(FATAL_ERROR "${fname}: SHA-512 mismatch (got ${have})")
    endif()
  endif()
  set(dir "${CMAKE_BINARY_DIR}/_npm/${fname}")
  if(NOT EXISTS "${dir}/package/package.json")
    file(ARCHIVE_EXTRACT INPUT "${tgz}" DESTINATION "${dir}"
         PATTERNS ${patterns})
  endif()
  set(${outvar} "${dir}/package" PARENT_SCOPE)
endfunction()
