# cached_tarball_check(<path> <sha512-hex>)
#
# Tarballs fetched at configure time are cached in the source tree and verified by SHA-512.
# A cached file with another hash (a broken download, a tampered cache) is removed, with a
# warning, so that the caller fetches it again.
function(cached_tarball_check path sha512)
  if(EXISTS "${path}")
    file(SHA512 "${path}" have)
    if(NOT have STREQUAL sha512)
      get_filename_component(name "${path}" NAME)
      message(WARNING "${name}: cached tarball has the wrong SHA-512, fetching it again")
      file(REMOVE "${path}")
    endif()
  endif()
endfunction()
