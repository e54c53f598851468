#include <gtest/gtest.h>

#include "miners/state/mine_store.h"

using oalens::miners::messageAsUtf8;

TEST(MessageEncoding, Latin1MessagesAreConvertedWhenTheCommitSaysSo) {
  EXPECT_EQ(messageAsUtf8("caf\xe9 d\xe9j\xe0", "ISO-8859-1"), "caf\xc3\xa9 d\xc3\xa9j\xc3\xa0");
  EXPECT_EQ(messageAsUtf8("caf\xe9", "latin1"), "caf\xc3\xa9");
}

TEST(MessageEncoding, InvalidBytesWithoutAnEncodingBecomeReplacementCharacters) {
  EXPECT_EQ(messageAsUtf8("caf\xe9 ok", ""), "caf\xef\xbf\xbd ok");
  EXPECT_EQ(messageAsUtf8("\xff\xfe", ""), "\xef\xbf\xbd\xef\xbf\xbd");
}

TEST(MessageEncoding, ValidUtf8IsKeptAsItIs) {
  const std::string s = "Relax tolerance for \xce\xbb (float16) \xe2\x9c\x93";
  EXPECT_EQ(messageAsUtf8(s, ""), s);
  EXPECT_EQ(messageAsUtf8(s, "UTF-8"), s);
}
