#include "analyzer/assertions/catalogue.h"

#include <gtest/gtest.h>

using namespace oalens::analyzer;

TEST(Catalogue, BuiltinLoadsEveryEntry) {
  Catalogue c;
  extern const char* const kBuiltinCatalogueToml;
  auto err = Catalogue::parseInto(c, kBuiltinCatalogueToml, "python.toml");
  ASSERT_FALSE(err) << err->message;
  EXPECT_GE(c.size(), 30u);
  const ApiSpec* a = c.byQualifiedName("numpy.testing.assert_allclose");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->defaults.at("rtol"), "1e-07");
  EXPECT_EQ(c.byShortName("assert_allclose"), a);
  EXPECT_NE(c.byMethodName("assertAllClose"), nullptr);
  EXPECT_EQ(c.byQualifiedName("numpy.allclose")->kind, ApiKind::Predicate);
}

TEST(Catalogue, SchemaErrorsNameFileEntryAndKey) {
  Catalogue c;
  auto err = Catalogue::parseInto(c, "[[api]]\nid = \"x\"\ncategory = \"fuzzy\"\n", "user.toml");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("user.toml: api[0] (x)"), std::string::npos) << err->message;
  EXPECT_NE(err->message.find("'category'"), std::string::npos) << err->message;

  err = Catalogue::parseInto(c, "[[api]]\nid = \"y\"\ncategory = \"abs\"\nparams = \"a\"\n", "user.toml");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("'params' must be an array of strings"), std::string::npos) << err->message;

  err = Catalogue::parseInto(c, "[[api]\n", "broken.toml");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("broken.toml:1"), std::string::npos) << err->message;
}

TEST(Catalogue, UserEntriesExtendAndReplace) {
  Catalogue c = Catalogue::builtin();
  size_t before = c.size();
  auto err = Catalogue::parseInto(c,
                                  "[tool.oalens]\n[[tool.oalens.api]]\nid = \"mylib.check_close\"\ncategory = \"abs\"\noa = true\n"
                                  "params = [\"got\", \"want\", \"eps\"]\nactual = \"got\"\nexpected = \"want\"\n"
                                  "tolerances = { atol = \"eps\" }\ndefaults = { atol = \"1e-6\" }\n",
                                  "pyproject.toml", "tool.oalens");
  ASSERT_FALSE(err) << err->message;
  EXPECT_EQ(c.size(), before + 1);
  EXPECT_NE(c.byQualifiedName("mylib.check_close"), nullptr);
}
