// The OA-API catalogue: what each assertion API is called, which of its arguments hold the
// value under test, the oracle and each tolerance, and the API's defaults. Loaded from TOML
// (rules/catalogue/*.toml is built into the binary; users add entries in .oalens.toml or
// [tool.oalens] of pyproject.toml). Schema errors name the file, the entry and the key.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace oalens::analyzer {

enum class Category { AbsRel, Abs, Rounding, Ulp, ErrorBound, Exact };
std::string_view categoryName(Category c);
std::optional<Category> parseCategory(std::string_view s);

enum class ApiKind { Function, Method, Predicate };

struct ApiSpec {
  std::string id;
  std::vector<std::string> names;
  ApiKind kind = ApiKind::Function;
  bool shortMatch = false;
  Category category = Category::Exact;
  bool oa = false;
  std::vector<std::string> params;
  std::string actual, expected, bound;
  std::vector<std::pair<std::string, std::string>> tolerances;  // tolerance kind -> parameter
  std::map<std::string, std::string> defaults;                   // tolerance kind -> value text
  std::map<std::string, std::string> categoryIf;                 // parameter -> category name
  std::map<std::string, std::string> dtypeDefaults;
  bool defaultDepends = false;
  bool alwaysDepend = false;
  bool negated = false;  // passes when the values differ (assertNotAlmostEqual)
  bool discovered = false;  // a project wrapper found by the analyzer, not from a file
  std::string via;          // for wrappers: the API the wrapper forwards to

  int paramIndex(std::string_view name) const;
};

struct CatalogueError {
  std::string message;
};

class Catalogue {
 public:
  // Parses catalogue TOML; `table` is the dotted path of the table holding `api` ("" or "tool.oalens").
  static std::optional<CatalogueError> parseInto(Catalogue& out, std::string_view text, std::string_view sourceName,
                                                 std::string_view table = "");
  static Catalogue builtin();

  void add(ApiSpec spec);  // later entries with the same id replace earlier ones
  const ApiSpec* byQualifiedName(std::string_view name) const;
  const ApiSpec* byMethodName(std::string_view name) const;
  const ApiSpec* byShortName(std::string_view name) const;
  const ApiSpec* byId(std::string_view id) const;
  const std::vector<ApiSpec>& apis() const { return apis_; }
  size_t size() const { return apis_.size(); }

 private:
  void reindex();
  std::vector<ApiSpec> apis_;
  std::unordered_map<std::string, size_t> qualified_, method_, short_, id_;
};

}  // namespace oalens::analyzer
