// Small helpers over libgit2's C API shared by the repository reader and the tree walk: an
// object freed when it goes out of scope, and an object id as hex.
#pragma once
#include <git2.h>

#include <string>

namespace oalens::miners {

template <typename T, void (*Free)(T*)>
struct Owned {
  T* p = nullptr;
  ~Owned() {
    if (p) Free(p);
  }
  Owned() = default;
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
};

inline std::string hex(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof buf, oid);
  return buf;
}

}  // namespace oalens::miners
