#include "miners/git/binary_content.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace oalens::miners {

namespace {

constexpr size_t kBytesChecked = 8000;  // libgit2's GIT_FILTER_BYTES_TO_CHECK_NUL
constexpr uint64_t kOnes = 0x0101010101010101ull, kHighBits = 0x8080808080808080ull;

// Whether some byte of the word is below 0x20 or is DEL (exact tests for a byte's presence).
bool hasControlByte(uint64_t word) {
  const uint64_t below0x20 = (word - kOnes * 0x20) & ~word & kHighBits;
  const uint64_t del = word ^ (kOnes * 0x7F);
  return below0x20 != 0 || ((del - kOnes) & ~del & kHighBits) != 0;
}

}  // namespace

bool looksBinary(std::string_view bytes) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t n = std::min(bytes.size(), kBytesChecked);
  size_t i = 0;
  // A byte order mark: UTF-8's is skipped, the others make the content binary.
  if (n >= 2) {
    if (p[0] == 0xEF && n >= 3 && p[1] == 0xBB && p[2] == 0xBF) i = 3;
    else if ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE)) return true;
    else if (p[0] == 0 && n >= 4 && p[1] == 0 && p[2] == 0xFE && p[3] == 0xFF) return true;
  }
  size_t printable = 0, control = 0;
  while (i < n) {
    if (i + 8 <= n) {
      uint64_t word;
      std::memcpy(&word, p + i, 8);
      if (!hasControlByte(word)) {
        printable += 8;
        i += 8;
        continue;
      }
    }
    for (const size_t stop = std::min(n, i + 8); i < stop; ++i) {
      const unsigned char c = p[i];
      if ((c > 0x1F && c != 0x7F) || c == '\b' || c == 0x1B || c == '\f') ++printable;
      else if (c == 0) return true;
      else if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v') ++control;
    }
  }
  return (printable >> 7) < control;
}

}  // namespace oalens::miners
