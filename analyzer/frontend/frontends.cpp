#include "analyzer/frontend/frontends.h"

namespace oalens::analyzer {

namespace {

const std::vector<std::string> kCppExtensions = {".c", ".cc", ".cpp", ".cxx", ".c++", ".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx"};

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::optional<Language> languageOfPath(std::string_view path) {
  if (endsWith(path, ".py")) return Language::Python;
  for (const auto& ext : kCppExtensions)
    if (endsWith(path, ext)) return Language::Cpp;
  return std::nullopt;
}

bool isCppHeaderPath(std::string_view path) {
  for (std::string_view ext : {".h", ".hh", ".hpp", ".hxx", ".cuh", ".inl", ".ipp"})
    if (endsWith(path, ext)) return true;
  return false;
}

const std::vector<std::string>& sourceExtensions() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> v{".py"};
    v.insert(v.end(), kCppExtensions.begin(), kCppExtensions.end());
    return v;
  }();
  return all;
}

bool Frontends::parseOnly(Language language, const std::string& source, const ParseBudget& budget) {
  if (language == Language::Cpp) {
    if (!cpp_) cpp_ = std::make_unique<CppFrontend>();
    return cpp_->parseOnly(source, budget);
  }
  if (!python_) python_ = std::make_unique<PythonFrontend>();
  return python_->parseOnly(source, budget);
}

FileModel Frontends::parse(Language language, std::string path, std::string source, const ParseBudget& budget) {
  if (language == Language::Cpp) {
    if (!cpp_) cpp_ = std::make_unique<CppFrontend>();
    return cpp_->parse(std::move(path), std::move(source), budget);
  }
  if (!python_) python_ = std::make_unique<PythonFrontend>();
  std::string module = pythonModuleName(path);
  return python_->parse(std::move(path), std::move(module), std::move(source), budget);
}

}  // namespace oalens::analyzer
