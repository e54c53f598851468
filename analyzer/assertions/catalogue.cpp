#include "analyzer/assertions/catalogue.h"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <set>
#include <type_traits>

#include <toml++/toml.h>

#include "analyzer/core/closest_name.h"

extern const char* const kBuiltinCatalogueToml;     // generated from rules/catalogue/python.toml
extern const char* const kBuiltinCppCatalogueToml;  // generated from rules/catalogue/cpp.toml

namespace oalens::analyzer {

std::string_view categoryName(Category c) {
  switch (c) {
    case Category::AbsRel: return "abs_rel";
    case Category::Abs: return "abs";
    case Category::Rounding: return "rounding";
    case Category::Ulp: return "ulp";
    case Category::ErrorBound: return "error_bound";
    case Category::Exact: return "exact";
  }
  return "exact";
}

std::optional<Category> parseCategory(std::string_view s) {
  for (Category c : {Category::AbsRel, Category::Abs, Category::Rounding, Category::Ulp, Category::ErrorBound, Category::Exact})
    if (categoryName(c) == s) return c;
  return std::nullopt;
}

// Every field of every entry, each length-prefixed. A field added to ApiSpec changes its size
// and stops the build here until it is hashed too: a digest that missed one would let `mine`
// reuse a version analysed with other wrappers.
static_assert(sizeof(ApiSpec) == 1152, "hash the new ApiSpec field in hashSpec");
namespace {

void hashSpec(XXH3_state_t* state, const ApiSpec& a) {
  auto bytes = [&](const void* p, size_t n) {
    XXH3_64bits_update(state, &n, sizeof n);
    XXH3_64bits_update(state, p, n);
  };
  auto text = [&](const std::string& t) { bytes(t.data(), t.size()); };
  auto number = [&](auto v) { bytes(&v, sizeof v); };
  auto texts = [&](const std::vector<std::string>& v) {
    number(v.size());
    for (const auto& t : v) text(t);
  };
  auto pairs = [&](const auto& v) {
    number(v.size());
    for (const auto& [k, b] : v) {
      text(k);
      if constexpr (std::is_same_v<std::decay_t<decltype(b)>, double>) number(b);
      else text(b);
    }
  };
  text(a.id);
  number(static_cast<int>(a.language));
  texts(a.names);
  number(static_cast<int>(a.kind));
  number(a.shortMatch);
  number(static_cast<int>(a.category));
  number(a.oa);
  texts(a.params);
  text(a.actual);
  text(a.expected);
  text(a.bound);
  text(a.actualFallback);
  text(a.expectedFallback);
  text(a.appliedWrapped);
  text(a.lowerBound);
  text(a.lanes);
  pairs(a.tolerances);
  pairs(a.defaults);
  pairs(a.defaultValues);
  pairs(a.categoryIf);
  pairs(a.dtypeDefaults);
  number(a.defaultDepends);
  number(a.alwaysDepend);
  number(a.comparator);
  number(a.equalityOperator);
  number(a.expectedOptional);
  text(a.expectedComputedAt);
  text(a.switchedBy);
  texts(a.defaultsByDtype);
  texts(a.toleranceSwitches);
  pairs(a.laterTolerances);
  texts(a.oaIf);
  text(a.oaIfId);
  texts(a.dtypeOverrideDecorators);
  number(a.deviceTolerances.size());
  for (const DeviceTolerance& d : a.deviceTolerances) {
    texts({d.kind, d.param, d.label, d.condition, d.valueText});
    number(d.scales);
  }
  number(a.negated);
  number(a.approx);
  number(a.predicateMethod);
  number(a.decorator);
  texts(a.harness);
  pairs(a.setters);
  number(static_cast<int>(a.condition));
  number(a.conditionArgument);
  number(a.predicateArgument);
  for (const uint8_t i : a.predicateOperands) number(i);
  texts(a.paramTypes);
  number(a.requiredParams);
  number(a.checksNothing);
  number(a.discovered);
  number(a.local);
  number(a.fileScoped);
  number(a.includable);
  number(a.shareWithin);
  text(a.definedIn);
  texts(a.shadowedIn);
  text(a.ownerClass);
  texts(a.ownDefaults);
  texts(a.fixedTolerances);
  text(a.via);
  texts(a.checkSites);
}

}  // namespace

uint64_t ApiSpec::digest() const {
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  hashSpec(state, *this);
  const uint64_t d = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return d;
}

uint64_t Catalogue::digest() const {
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  const size_t n = apis_.size(), width = sizeof n;  // length-prefixed, as every field
  XXH3_64bits_update(state, &width, sizeof width);
  XXH3_64bits_update(state, &n, sizeof n);
  for (const ApiSpec& a : apis_) hashSpec(state, a);
  for (const DtypePicker& p : pickers_) {  // after the entries: a catalogue without one hashes as before
    for (const std::string& name : p.names) XXH3_64bits_update(state, name.data(), name.size() + 1);
    for (const auto& [dtype, values] : p.dtypeDefaults) {
      XXH3_64bits_update(state, dtype.data(), dtype.size() + 1);
      XXH3_64bits_update(state, values.data(), values.size() + 1);
    }
  }
  const uint64_t d = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return d;
}

int ApiSpec::paramIndex(std::string_view name) const {
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i] == name) return static_cast<int>(i);
  return -1;
}

namespace {

struct EntryReader {
  const toml::table& t;
  std::string where;  // "file: api[3] (id)"
  std::optional<CatalogueError> error;
  std::set<std::string, std::less<>> known;  // the keys asked for: any other is a typo

  void fail(std::string_view key, std::string_view expected) {
    if (!error) error = CatalogueError{fmt::format("{}: key '{}' must be {}", where, key, expected)};
  }
  const toml::node* get(std::string_view key) {
    known.emplace(key);
    return t.get(key);
  }
  // After every key was asked for: the first the entry has that none asked for.
  void rejectUnknownKeys() {
    if (error) return;
    for (const auto& [key, _] : t) {
      if (known.count(key.str())) continue;
      const std::string meant = closestName(key.str(), std::vector<std::string>(known.begin(), known.end()));
      error = CatalogueError{meant.empty() ? fmt::format("{}: unknown key '{}'", where, key.str())
                                           : fmt::format("{}: unknown key '{}'; did you mean '{}'?", where, key.str(), meant)};
      return;
    }
  }
  std::string str(std::string_view key, bool required) {
    const toml::node* n = get(key);
    if (!n) {
      if (required) fail(key, "present (a string)");
      return {};
    }
    if (auto v = n->value<std::string>()) return *v;
    fail(key, "a string");
    return {};
  }
  bool boolean(std::string_view key) {
    const toml::node* n = get(key);
    if (!n) return false;
    if (auto v = n->value<bool>()) return *v;
    fail(key, "true or false");
    return false;
  }
  std::vector<std::string> strings(std::string_view key) {
    std::vector<std::string> out;
    const toml::node* n = get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a) {
      fail(key, "an array of strings");
      return out;
    }
    for (const auto& el : *a) {
      if (auto v = el.value<std::string>()) out.push_back(*v);
      else fail(key, "an array of strings");
    }
    return out;
  }
  std::vector<std::pair<std::string, std::string>> pairs(std::string_view key) {
    std::vector<std::pair<std::string, std::string>> out;
    const toml::node* n = get(key);
    if (!n) return out;
    const toml::table* tab = n->as_table();
    if (!tab) {
      fail(key, "a table of strings");
      return out;
    }
    for (const auto& [k, v] : *tab) {
      if (auto s = v.value<std::string>()) out.emplace_back(std::string(k.str()), *s);
      else fail(key, "a table of strings");
    }
    return out;
  }
};

}  // namespace

// Long: one pass over a catalogue file's tables, a block per key of docs/catalogue.md, each
// checked where it is read so that an error names the table and the key.
std::optional<CatalogueError> Catalogue::parseInto(Catalogue& out, std::string_view text, std::string_view sourceName,
                                                   std::string_view tablePath) {
  toml::table root;
  try {
    root = toml::parse(text, sourceName);
  } catch (const toml::parse_error& e) {
    const auto& src = e.source();
    return CatalogueError{fmt::format("{}:{}:{}: {}", sourceName, src.begin.line, src.begin.column, e.description())};
  }
  const toml::table* base = &root;
  if (!tablePath.empty()) {
    const toml::node* n = root.at_path(tablePath).node();
    if (!n) return std::nullopt;  // no [tool.oalens]: nothing to add
    base = n->as_table();
    if (!base) return CatalogueError{fmt::format("{}: '{}' must be a table", sourceName, tablePath)};
  }
  // The tables a configuration may hold; the other tools' tables of a pyproject.toml sit
  // beside [tool.oalens], not in it.
  static const std::vector<std::string> kTables = {"api", "dtype_picker", "scan", "lint", "diff", "sarif"};
  for (const auto& [key, node] : *base) {
    if (std::find(kTables.begin(), kTables.end(), key.str()) != kTables.end()) continue;
    if (key.str() == "schema" && node.is_integer()) continue;  // the catalogue format's version (rules/catalogue/*.toml)
    const std::string prefix = tablePath.empty() ? "" : std::string(tablePath) + ".";
    const std::string meant = closestName(key.str(), kTables);
    const bool table = node.is_table() || node.is_array_of_tables();
    const std::string what = table ? fmt::format("table [{}{}]", prefix, key.str()) : fmt::format("key '{}{}'", prefix, key.str());
    return CatalogueError{meant.empty() ? fmt::format("{}: unknown {} (api, dtype_picker, scan, lint and diff are known)", sourceName, what)
                                        : fmt::format("{}: unknown {}; did you mean [{}{}]?", sourceName, what, prefix, meant)};
  }
  if (const toml::node* pickers = base->get("dtype_picker")) {
    const toml::array* list = pickers->as_array();
    if (!list) return CatalogueError{fmt::format("{}: 'dtype_picker' must be an array of tables ([[dtype_picker]])", sourceName)};
    for (size_t i = 0; i < list->size(); ++i) {
      const toml::table* t = (*list)[i].as_table();
      if (!t) return CatalogueError{fmt::format("{}: dtype_picker[{}] must be a table", sourceName, i)};
      EntryReader r{*t, fmt::format("{}: dtype_picker[{}]", sourceName, i), std::nullopt, {}};
      DtypePicker picker;
      picker.names = r.strings("names");
      for (auto& [k, v] : r.pairs("dtype_defaults")) picker.dtypeDefaults[k] = v;
      if (picker.names.empty()) r.fail("names", "a non-empty array of strings");
      if (picker.dtypeDefaults.empty()) r.fail("dtype_defaults", "a non-empty table of strings");
      r.rejectUnknownKeys();
      if (r.error) return r.error;
      out.pickers_.push_back(std::move(picker));
    }
  }
  const toml::node* apiNode = base->get("api");
  if (!apiNode) return std::nullopt;
  const toml::array* arr = apiNode->as_array();
  if (!arr) return CatalogueError{fmt::format("{}: 'api' must be an array of tables ([[api]])", sourceName)};
  size_t index = 0;
  for (const auto& el : *arr) {
    const toml::table* t = el.as_table();
    if (!t) return CatalogueError{fmt::format("{}: api[{}] must be a table", sourceName, index)};
    EntryReader r{*t, fmt::format("{}: api[{}]", sourceName, index), std::nullopt, {}};
    ApiSpec spec;
    spec.id = r.str("id", true);
    r.where += fmt::format(" ({})", spec.id);
    std::string language = r.str("language", false);
    if (language.empty() || language == "python") spec.language = Language::Python;
    else if (language == "cpp") spec.language = Language::Cpp;
    else r.fail("language", "python or cpp");
    spec.names = r.strings("names");
    if (spec.names.empty()) spec.names.push_back(spec.id);
    if (spec.language == Language::Cpp)
      for (std::string& n : spec.names) n = cppDottedName(n);
    std::string kind = r.str("kind", false);
    if (kind.empty() || kind == "function") spec.kind = ApiKind::Function;
    else if (kind == "method") spec.kind = ApiKind::Method;
    else if (kind == "predicate") spec.kind = ApiKind::Predicate;
    else r.fail("kind", "one of function, method, predicate");
    spec.shortMatch = r.boolean("short");
    spec.overridesDefinitions = r.boolean("overrides_definitions");
    std::string cat = r.str("category", true);
    if (auto c = parseCategory(cat)) spec.category = *c;
    else if (!cat.empty()) r.fail("category", "one of abs_rel, abs, rounding, ulp, error_bound, exact");
    spec.oa = r.boolean("oa");
    spec.params = r.strings("params");
    spec.actual = r.str("actual", false);
    spec.expected = r.str("expected", false);
    spec.bound = r.str("bound", false);
    spec.lowerBound = r.str("lower_bound", false);
    spec.lanes = r.str("lanes", false);
    if (!spec.lanes.empty() && spec.lanes != "values" && std::find(spec.params.begin(), spec.params.end(), spec.lanes) == spec.params.end())
      r.fail("lanes", "\"values\" or one of params");
    spec.tolerances = r.pairs("tolerances");
    for (auto& [k, v] : r.pairs("defaults")) spec.defaults[k] = v;
    for (auto& [k, v] : r.pairs("category_if")) {
      if (!parseCategory(v)) r.fail("category_if", "a table of category names");
      spec.categoryIf[k] = v;
    }
    for (auto& [k, v] : r.pairs("dtype_defaults")) spec.dtypeDefaults[k] = v;
    spec.defaultDepends = r.boolean("default_depends");
    spec.alwaysDepend = r.boolean("always_depend");
    spec.oaIf = r.strings("oa_if");
    spec.oaIfId = r.str("oa_if_id", false);
    spec.dtypeOverrideDecorators = r.strings("dtype_override_decorators");
    for (const std::string& param : spec.oaIf)
      if (!spec.categoryIf.count(param))
        r.fail("oa_if", fmt::format("parameters that 'category_if' gives a category ('{}' has none)", param));
    spec.negated = r.boolean("negated");
    spec.approx = r.boolean("approx");
    spec.predicateMethod = r.boolean("predicate");
    if (spec.predicateMethod && spec.kind != ApiKind::Method) r.fail("predicate", "set only on kind = \"method\"");
    spec.decorator = r.boolean("decorator");
    if (spec.decorator && spec.kind != ApiKind::Function) r.fail("decorator", "set only on kind = \"function\"");
    spec.harness = r.strings("harness");
    if (!spec.harness.empty() && spec.harness.size() != 3)
      r.fail("harness", "three names: the method computing the value under test, the one computing the oracle, the options attribute");
    if (spec.isHarness() && spec.decorator) r.fail("harness", "not set with 'decorator'");
    spec.setters = r.pairs("setters");
    if (std::string checks = r.str("checks", false); checks == "condition") spec.condition = ConditionCheck::Truth;
    else if (checks == "false_condition") spec.condition = ConditionCheck::Falsity;
    else if (checks == "abort") spec.condition = ConditionCheck::Abort;
    else if (!checks.empty()) r.fail("checks", "one of condition, false_condition, abort");
    if (spec.condition != ConditionCheck::None && spec.oa) r.fail("checks", "set on entries with oa = false (the condition decides)");
    for (const auto& [kindName, _] : spec.defaults) {
      bool known = false;
      for (const auto& [k, p] : spec.tolerances) known |= k == kindName;
      for (const auto& [k, p] : spec.setters) known |= k == kindName;
      if (!known) r.fail("defaults", fmt::format("keyed by a tolerance kind listed in 'tolerances' or 'setters' ('{}' is not)", kindName));
    }
    r.rejectUnknownKeys();
    if (r.error) return r.error;
    out.add(std::move(spec));
    ++index;
  }
  return std::nullopt;
}

Catalogue Catalogue::builtin() {
  Catalogue c;
  // The built-in files are checked by a unit test; a schema error here is a build defect.
  if (auto err = parseInto(c, kBuiltinCatalogueToml, "rules/catalogue/python.toml"))
    fmt::print(stderr, "oalens: built-in catalogue is invalid: {}\n", err->message);
  if (auto err = parseInto(c, kBuiltinCppCatalogueToml, "rules/catalogue/cpp.toml"))
    fmt::print(stderr, "oalens: built-in catalogue is invalid: {}\n", err->message);
  return c;
}

void Catalogue::add(ApiSpec spec) {
  if (auto it = id_.find(spec.id); it != id_.end()) {
    // A replaced entry may drop names: index everything again, unless what the index reads of it
    // is unchanged (wrapper discovery reads each wrapper again every round: a file of thousands
    // of them would index everything thousands of times).
    const ApiSpec& before = apis_[it->second];
    const auto overloadEntry = [](const ApiSpec& a) {
      return a.language == Language::Cpp && a.discovered && !a.names.empty() && (!a.paramTypes.empty() || a.checksNothing);
    };
    const bool sameKeys = before.names == spec.names && before.kind == spec.kind && before.language == spec.language &&
                          before.shortMatch == spec.shortMatch && overloadEntry(before) == overloadEntry(spec);
    apis_[it->second] = std::move(spec);
    if (!sameKeys) reindex();
    return;
  }
  // A new entry only adds names (wrapper discovery adds thousands on a hostile file: indexing
  // one entry at a time keeps that linear).
  apis_.push_back(std::move(spec));
  index(apis_.size() - 1);
}

bool Catalogue::addNames(std::string_view id, const std::vector<std::string>& names) {
  auto it = id_.find(std::string(id));
  if (it == id_.end()) return false;
  ApiSpec& a = apis_[it->second];
  const size_t first = a.names.size();
  a.names.insert(a.names.end(), names.begin(), names.end());
  indexNames(it->second, first);
  return true;
}

void Catalogue::index(size_t i) {
  id_[apis_[i].id] = i;
  indexNames(i, 0);
  const ApiSpec& a = apis_[i];
  if (a.language == Language::Cpp && a.discovered && !a.names.empty() && (!a.paramTypes.empty() || a.checksNothing)) {
    std::vector<size_t>& same = overloads_[a.names.front()];
    if (std::ranges::find(same, i) == same.end()) same.push_back(i);
  }
}

std::vector<const ApiSpec*> Catalogue::overloadsOf(const ApiSpec& spec) const {
  std::vector<const ApiSpec*> out;
  if (spec.names.empty()) return out;
  auto it = overloads_.find(spec.names.front());
  if (it == overloads_.end()) return out;
  for (size_t i : it->second) out.push_back(&apis_[i]);
  return out;
}

void Catalogue::indexNames(size_t i, size_t firstName) {
  const ApiSpec& a = apis_[i];
  Index& ix = byLanguage_[static_cast<size_t>(a.language)];
  for (size_t k = firstName; k < a.names.size(); ++k) {
    const std::string& n = a.names[k];
    if (a.kind == ApiKind::Method) {
      ix.method[n] = i;
      continue;
    }
    ix.qualified[n] = i;
    if (a.language == Language::Cpp)
      if (const size_t last = n.rfind('.'); last != std::string::npos && last > 0) {
        const size_t before = n.rfind('.', last - 1);
        ix.member[before == std::string::npos ? n : n.substr(before + 1)] = i;
      }
    if (a.shortMatch) {
      auto dot = n.rfind('.');
      const std::string last = dot == std::string::npos ? n : n.substr(dot + 1);
      ix.shortName[last] = i;
      if (std::vector<size_t>& all = ix.allShortNames[last]; std::ranges::find(all, i) == all.end()) all.push_back(i);
    }
  }
}

void Catalogue::reindex() {
  for (Index& ix : byLanguage_) ix = {};
  id_.clear();
  overloads_.clear();
  for (size_t i = 0; i < apis_.size(); ++i) index(i);
}

static const ApiSpec* lookup(const std::vector<ApiSpec>& v, const std::unordered_map<std::string, size_t>& m, std::string_view k) {
  auto it = m.find(std::string(k));
  return it == m.end() ? nullptr : &v[it->second];
}
const ApiSpec* Catalogue::byQualifiedName(std::string_view n, Language l) const {
  return lookup(apis_, byLanguage_[static_cast<size_t>(l)].qualified, n);
}
const ApiSpec* Catalogue::byMethodName(std::string_view n, Language l) const {
  return lookup(apis_, byLanguage_[static_cast<size_t>(l)].method, n);
}
const ApiSpec* Catalogue::byShortName(std::string_view n, Language l) const {
  return lookup(apis_, byLanguage_[static_cast<size_t>(l)].shortName, n);
}
std::vector<const ApiSpec*> Catalogue::allByShortName(std::string_view n, Language l) const {
  std::vector<const ApiSpec*> out;
  const auto& all = byLanguage_[static_cast<size_t>(l)].allShortNames;
  if (auto it = all.find(std::string(n)); it != all.end())
    for (auto i = it->second.rbegin(); i != it->second.rend(); ++i) out.push_back(&apis_[*i]);
  return out;
}
const ApiSpec* Catalogue::byMember(std::string_view n) const {
  return lookup(apis_, byLanguage_[static_cast<size_t>(Language::Cpp)].member, n);
}
const ApiSpec* Catalogue::byId(std::string_view n) const { return lookup(apis_, id_, n); }

const DtypePicker* Catalogue::dtypePicker(std::string_view qualifiedName) const {
  for (const DtypePicker& p : pickers_)
    if (std::ranges::find(p.names, qualifiedName) != p.names.end()) return &p;
  return nullptr;
}

}  // namespace oalens::analyzer
