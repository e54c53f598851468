// What the fuzz targets share: the input as a string, and an input split into two versions of a
// file at the first line `#--- next version` (the seeds of scripts/fuzz are written that way).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace oalens::fuzz {

inline std::string bytesOf(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

// (old, new): the bytes before and after the separator line; the whole input as both when there
// is none, so that every input means something.
inline std::pair<std::string, std::string> twoVersions(const std::string& bytes) {
  static const std::string separator = "#--- next version\n";
  const size_t at = bytes.find(separator);
  if (at == std::string::npos) return {bytes, bytes};
  return {bytes.substr(0, at), bytes.substr(at + separator.size())};
}

}  // namespace oalens::fuzz
