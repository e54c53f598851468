#include "analyzer/assertions/catalogue.h"

#include <gtest/gtest.h>

#include <functional>

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

TEST(Catalogue, CppEntriesAreLookedUpPerLanguage) {
  Catalogue c;
  extern const char* const kBuiltinCppCatalogueToml;
  auto err = Catalogue::parseInto(c, kBuiltinCppCatalogueToml, "cpp.toml");
  ASSERT_FALSE(err) << err->message;
  EXPECT_GE(c.size(), 20u);
  const ApiSpec* near = c.byQualifiedName("EXPECT_NEAR", Language::Cpp);
  ASSERT_NE(near, nullptr);
  EXPECT_EQ(c.byQualifiedName("ASSERT_NEAR", Language::Cpp), near);
  EXPECT_EQ(c.byQualifiedName("EXPECT_NEAR", Language::Python), nullptr);
  // `::testing::FloatNear` is kept as the model spells a qualified name.
  const ApiSpec* floatNear = c.byQualifiedName("testing.FloatNear", Language::Cpp);
  ASSERT_NE(floatNear, nullptr);
  EXPECT_EQ(floatNear->id, "testing::FloatNear");
  EXPECT_EQ(c.byShortName("FloatNear", Language::Cpp), floatNear);
  EXPECT_TRUE(c.byMethodName("isApprox", Language::Cpp)->isPredicate());
  EXPECT_TRUE(c.byQualifiedName("Catch.Approx", Language::Cpp)->approx);
}

TEST(Catalogue, BothBuiltinFilesLoadWithoutClashing) {
  Catalogue c = Catalogue::builtin();
  const ApiSpec* py = c.byQualifiedName("torch.allclose", Language::Python);
  const ApiSpec* cpp = c.byQualifiedName("torch.allclose", Language::Cpp);
  ASSERT_NE(py, nullptr);
  ASSERT_NE(cpp, nullptr);
  EXPECT_NE(py, cpp);
  EXPECT_EQ(cpp->defaults.at("atol"), "1e-08");
}

TEST(Catalogue, LanguageAndSettersAreChecked) {
  Catalogue c;
  auto err = Catalogue::parseInto(c, "[[api]]\nid = \"x\"\nlanguage = \"rust\"\ncategory = \"abs\"\n", "user.toml");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("'language' must be python or cpp"), std::string::npos) << err->message;
  err = Catalogue::parseInto(c, "[[api]]\nid = \"y\"\ncategory = \"abs\"\npredicate = true\n", "user.toml");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("'predicate'"), std::string::npos) << err->message;
}

// `mine` keys a version's analysis by the digest of the wrappers it borrows: equal catalogues
// must agree and any field that changes what a call means must change it.
TEST(Catalogue, DigestFollowsEveryField) {
  auto wrapper = [] {
    oalens::analyzer::ApiSpec s;
    s.id = "suite.TestCase.assertAlmostEqual";
    s.names = {"suite.TestCase.assertAlmostEqual"};
    s.kind = oalens::analyzer::ApiKind::Method;
    s.category = oalens::analyzer::Category::Rounding;
    s.oa = true;
    s.params = {"self", "first", "second", "decimal"};
    s.actual = "first";
    s.expected = "second";
    s.tolerances = {{"decimal", "decimal"}};
    s.defaults = {{"decimal", "6"}};
    s.discovered = true;
    s.via = "numpy.testing.assert_array_almost_equal";
    return s;
  };
  Catalogue a, b;
  a.add(wrapper());
  b.add(wrapper());
  EXPECT_EQ(a.digest(), b.digest());
  EXPECT_NE(a.digest(), Catalogue{}.digest());
  const std::vector<std::function<void(oalens::analyzer::ApiSpec&)>> edits{[](auto& s) { s.defaults["decimal"] = "4"; },
                                                                           [](auto& s) { s.defaultValues["decimal"] = 4; },
                                                                           [](auto& s) { s.params.push_back("msg"); },
                                                                           [](auto& s) { s.expected = "first"; },
                                                                           [](auto& s) { s.negated = true; },
                                                                           [](auto& s) { s.via.clear(); },
                                                                           [](auto& s) { s.kind = oalens::analyzer::ApiKind::Function; },
                                                                           [](auto& s) { s.dtypeDefaults["float16"] = "2"; },
                                                                           [](auto& s) {
                                                                             s.setters.push_back({"atol", "margin"});
                                                                           }};
  for (size_t i = 0; i < edits.size(); ++i) {
    Catalogue changed;
    oalens::analyzer::ApiSpec s = wrapper();
    edits[i](s);
    changed.add(std::move(s));
    EXPECT_NE(changed.digest(), a.digest()) << "edit " << i;
  }
}
