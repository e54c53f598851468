// The UTF-8 check against a reading of one byte at a time.
#include "analyzer/core/input_guard.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>

namespace {

// The first byte that does not start a valid UTF-8 sequence (overlong forms, surrogates and
// code points past U+10FFFF are invalid), read one byte at a time.
std::optional<uint64_t> firstInvalidByteByByte(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    const size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return i;
    uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || (cp >= 0xD800 && cp <= 0xDFFF) ||
        cp > 0x10FFFF)
      return i;
    i += len;
  }
  return std::nullopt;
}

}  // namespace

TEST(InputGuard, InvalidUtf8FoundWhereAByteByByteReadingFindsIt) {
  // Mostly ASCII, as source is, with multi-byte sequences, stray continuation bytes,
  // truncated sequences and surrogates at every place of the 8-byte words read at once.
  const std::vector<std::string> pieces{"a",    "xy = 1\n",     "\xc3\xa9", "\xe2\x82\xac",     "\xf0\x9f\x98\x80", "\x80",
                                        "\xc3", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "        ",         "\xe2\x82"};
  std::mt19937 random(5);
  int invalid = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    for (int n = static_cast<int>(random() % 12); n > 0; --n) {
      const size_t pick = random() % 16;  // ASCII three times out of four
      s += pick < pieces.size() ? pieces[pick] : std::string(random() % 12, 'q');
    }
    const std::optional<uint64_t> expected = firstInvalidByteByByte(s);
    ASSERT_EQ(oalens::analyzer::findInvalidUtf8(s), expected) << testing::PrintToString(s);
    invalid += expected.has_value();
  }
  EXPECT_GT(invalid, 2000);
  EXPECT_LT(invalid, 18000);
}
