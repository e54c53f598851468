// looksBinary against libgit2's own reading (git_blob_data_is_binary on the first 8,000 bytes).
#include "miners/git/binary_content.h"

#include <git2.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

TEST(BinaryContent, ReadsAsLibgit2Does) {
  git_libgit2_init();
  // Text with control characters, NULs and byte order marks here and there, at every place of
  // the 8-byte words read at once, and past the 8,000 bytes that are read.
  const std::vector<std::string> pieces{"x = 1\n",  "\t",           "\r\n",     "\x01",     "\x7f",
                                        "\x1b",     "\b",           "\f",       "\v",       std::string(1, '\0'),
                                        "\xc3\xa9", "\xef\xbb\xbf", "\xff\xfe", "\xfe\xff", std::string("\0\0\xfe\xff", 4),
                                        "abcdefgh"};
  std::mt19937 random(9);
  int binary = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string bytes;
    const bool large = round % 50 == 0;
    for (int n = static_cast<int>(random() % (large ? 2000 : 40)); n > 0; --n) {
      const size_t pick = random() % (pieces.size() * 3);  // mostly text
      bytes += pick < pieces.size() ? pieces[pick] : pieces[pick % 2 ? 0 : 15];
    }
    const bool expected = git_blob_data_is_binary(bytes.data(), std::min<size_t>(bytes.size(), 8000)) == 1;
    ASSERT_EQ(oalens::miners::looksBinary(bytes), expected) << testing::PrintToString(bytes.substr(0, 200)) << " size " << bytes.size();
    binary += expected;
  }
  EXPECT_GT(binary, 2000);
  EXPECT_LT(binary, 18000);
  git_libgit2_shutdown();
}
