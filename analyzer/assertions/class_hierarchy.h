// C++ classes of a project and what each derives from, for telling which class's method a bare or
// `this->` call of a fixture or method reaches (api_matcher.cpp).
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

class Project;

class ClassHierarchy {
 public:
  ClassHierarchy() = default;
  // Every C++ class the project's files define, with its bases, and every `using A = B<...>` alias.
  explicit ClassHierarchy(const Project& project);
  // A class name as a base list or alias writes it: `::testing::Test` -> `Test`,
  // `AdamTest<float, float>` -> `AdamTest`, `ns::Base` -> `Base`.
  static std::string_view plainName(std::string_view written);
  // Whether `from` is `owner` or derives from it, by the classes and aliases of the project
  // (namespaces aside). Unknown when `from` is not a class or alias of the project, or when the
  // way up passes a base the project does not define that may be a template parameter
  // (`Base`, `T`, `Parent`): then true, as nothing tells otherwise.
  bool mayDeriveFrom(std::string_view from, std::string_view owner) const;
  // The classes `cls` derives from, nearest first, through aliases (`host_dense_matrix` ->
  // `dense_matrix` -> `dense_matrix_view`), as far as the project defines them; not `cls` itself.
  std::vector<std::string> ancestorsOf(std::string_view cls) const;
  // The project the hierarchy was read from (its files' includes), or null.
  const Project* project() const { return project_; }

 private:
  std::unordered_map<std::string, std::vector<std::string>> parents_;
  const Project* project_ = nullptr;
};

}  // namespace oalens::analyzer
