// The per-blob identity sets of the mine database: their text form and their table.
#include "miners/state/blob_identities.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "reports/sqlite/sqlite_writer.h"

using namespace oalens;
using miners::BlobIdentities;

TEST(BlobIdentities, SetsRoundTripInLineOrder) {
  const BlobIdentities::Lines lines = {{40, 7}, {3, 12}, {1000000, 9000000000}};
  const std::string text = BlobIdentities::encode(lines);
  EXPECT_EQ(text, "[[3,12],[40,7],[1000000,9000000000]]");
  BlobIdentities::Lines back;
  ASSERT_TRUE(BlobIdentities::decode(text, back));
  EXPECT_EQ(back, lines);
  EXPECT_EQ(BlobIdentities::encode({}), "[]");
  ASSERT_TRUE(BlobIdentities::decode("[]", back));
}

TEST(BlobIdentities, MalformedSetsAreRefused) {
  for (const char* bad : {"", "[", "[[1,2]", "[[1,2],]", "[[1 ,2]]", "[[1,2]]x", "[[-1,2]]", "[[1]]", "[1,2]", "[[a,2]]"}) {
    BlobIdentities::Lines out;
    EXPECT_FALSE(BlobIdentities::decode(bad, out)) << bad;
  }
}

TEST(BlobIdentities, StoredSetsShowAsOneRowPerAssertionInTheView) {
  reports::Database db;
  std::string err;
  ASSERT_TRUE(db.open(":memory:", err)) << err;
  ASSERT_TRUE(db.exec(kSchemaSql, err)) << err;
  BlobIdentities ids(db);
  ASSERT_EQ(ids.firstBroken(), nullptr);
  const auto a = ids.create("abc:t.py:3"), b = ids.create("abc:t.py:9");
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(ids.store("b1", {{3, *a}, {9, *b}}));
  ASSERT_TRUE(ids.store("b2", {{4, *a}}));
  ASSERT_TRUE(ids.store("b2", {{5, *a}, {10, *b}}));  // replaced whole
  BlobIdentities::Lines got;
  ASSERT_TRUE(ids.linesOf("b2", got));
  EXPECT_EQ(got, (BlobIdentities::Lines{{5, *a}, {10, *b}}));
  ASSERT_TRUE(ids.linesOf("never-stored", got));
  EXPECT_TRUE(got.empty());
  EXPECT_EQ(ids.uidOf(*b).value_or(""), "abc:t.py:9");
  EXPECT_FALSE(ids.uidOf(999).has_value());

  reports::Statement q(db, "SELECT blob || ' ' || line || ' ' || assertion_uid FROM blob_assertions ORDER BY blob, line");
  std::vector<std::string> rows;
  bool row = false;
  while (q.step(&row) && row) rows.push_back(q.columnText(0));
  EXPECT_EQ(rows, (std::vector<std::string>{"b1 3 abc:t.py:3", "b1 9 abc:t.py:9", "b2 5 abc:t.py:3", "b2 10 abc:t.py:9"}));
}
