// C++ frontend: parses a source buffer with tree-sitter-cpp and fills the same FileModel the
// Python frontend fills, so that every analysis after it is shared. The preprocessor is not
// run (headers need not exist): test-case macros become test functions (cpp_test_macros.h),
// assertion macros are calls, `#define NAME value` is a module constant, a function-like
// `#define` is a function whose body is its replacement text (so `#define EXPECT_CLOSE(a, b)
// EXPECT_NEAR(a, b, 1e-3)` is found as a wrapper), and `#if`/`#ifdef` are branches, as a
// tolerance chosen under `#ifdef USE_CUDA` depends on the build. One CppFrontend per thread.
#pragma once
#include <memory>
#include <string>

#include "analyzer/frontend/parse_budget.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

class CppFrontend {
 public:
  CppFrontend();
  ~CppFrontend();
  CppFrontend(const CppFrontend&) = delete;
  CppFrontend& operator=(const CppFrontend&) = delete;

  // Never throws on bad input: syntax errors, timeouts and deep nesting become diagnostics.
  FileModel parse(std::string path, std::string source, const ParseBudget& budget = {});

  // Parses and discards the tree (the floor benchmarks compare against).
  bool parseOnly(const std::string& source, const ParseBudget& budget = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace oalens::analyzer
