// findBytes against std::string_view::find.
#include "miners/gate/byte_search.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

using oalens::miners::findBytes;

TEST(ByteSearch, FindsWhatFindFinds) {
  // A small alphabet, so that needles occur, overlap and nearly occur (first and last bytes
  // matching, a middle one not) at every place of the 16-byte blocks, and at the very end.
  std::mt19937 random(3);
  const std::string alphabet = "iitm\n";
  int found = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string haystack(random() % 70, ' ');
    for (char& c : haystack) c = alphabet[random() % alphabet.size()];
    std::string needle(random() % 8, ' ');
    for (char& c : needle) c = alphabet[random() % alphabet.size()];
    const size_t from = random() % (haystack.size() + 3);
    const size_t expected = std::string_view(haystack).find(needle, from);
    ASSERT_EQ(findBytes(haystack, needle, from), expected) << '"' << haystack << "\" \"" << needle << "\" from " << from;
    found += expected != std::string_view::npos;
  }
  EXPECT_GT(found, 5000);
}

TEST(ByteSearch, ImportsInAPythonFile) {
  const std::string source = std::string(40, ' ') + "import os\nfrom a import (b,\n  important)\n" + std::string(33, 'x') + "import";
  std::vector<size_t> places;
  for (size_t at = findBytes(source, "import"); at != std::string_view::npos; at = findBytes(source, "import", at + 1))
    places.push_back(at);
  EXPECT_EQ(places, (std::vector<size_t>{40, 57, 70, source.size() - 6}));
}
