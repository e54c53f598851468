// Which frontend reads a file, by its extension, and one frontend of each language per thread.
// Python: .py. C++: the source and header extensions DL libraries use, CUDA's included (.cu,
// .cuh), and .h, which in these projects is C++ far more often than C.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/frontend/cpp/cpp_frontend.h"
#include "analyzer/frontend/parse_budget.h"
#include "analyzer/frontend/python/python_frontend.h"

namespace oalens::analyzer {

std::optional<Language> languageOfPath(std::string_view path);
const std::vector<std::string>& sourceExtensions();  // every extension some frontend reads
// A C or C++ header (.h .hh .hpp .hxx .cuh .inl .ipp): included by sources, defined once for all.
bool isCppHeaderPath(std::string_view path);

class Frontends {
 public:
  FileModel parse(Language language, std::string path, std::string source, const ParseBudget& budget = {});
  // Parses and discards the tree (the benchmark floor).
  bool parseOnly(Language language, const std::string& source, const ParseBudget& budget = {});

 private:
  std::unique_ptr<PythonFrontend> python_;
  std::unique_ptr<CppFrontend> cpp_;
};

}  // namespace oalens::analyzer
