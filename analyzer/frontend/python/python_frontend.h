// Python frontend: parses a source buffer with tree-sitter-python and fills a FileModel.
// One PythonFrontend per thread (a TSParser is not thread-safe); reuse it across files.
#pragma once
#include <memory>
#include <string>

#include "analyzer/frontend/parse_budget.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

class PythonFrontend {
 public:
  PythonFrontend();
  ~PythonFrontend();
  PythonFrontend(const PythonFrontend&) = delete;
  PythonFrontend& operator=(const PythonFrontend&) = delete;

  // Builds the model of one file. Never throws on bad input: syntax errors, timeouts and
  // truncated nesting become diagnostics in the model.
  FileModel parse(std::string path, std::string moduleName, std::string source, const ParseBudget& budget = {});

  // Parses and discards the tree: the floor that benchmarks compare the full scan against.
  bool parseOnly(const std::string& source, const ParseBudget& budget = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// "pkg/tests/test_ops.py" -> "pkg.tests.test_ops"; "pkg/__init__.py" -> "pkg".
std::string pythonModuleName(const std::string& relativePath);

}  // namespace oalens::analyzer
