// The Clang adapter: with a build's compile_commands.json, runs the C++ preprocessor on the
// test files as the build would (Clang 14 LibTooling, preprocessor only: no semantic analysis,
// about 0.05 s a file; shared/notes/dependencies.md) and reports two things the tree-sitter
// frontend cannot know without the build:
//  - the function-like macros the tests see that are defined outside the scanned tree and
//    whose replacement text checks something (`#define EXPECT_CLOSE(a, b) EXPECT_NEAR(a, b,
//    1e-3)` in an include directory of the build), so that wrapper discovery finds them;
//  - the lines of each test file that the build does not compile (`#if` branches it skips).
// Headers that cannot be found (gtest, torch, a generated one) are replaced by empty ones in
// memory, so a missing dependency costs its macros, not the file. LLVM types stay inside
// clang_macros.cpp, which is built as a module (liboalens_clang.so) that clang_loader.cpp
// opens only when a scan asks for it: linked in, libLLVM and libclang-cpp cost every run of
// the binary 30 ms and 60 MB before main (the pre-commit gate takes 10 ms).
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/core/diagnostics.h"

namespace oalens::analyzer {

struct ExternalMacro {
  std::string name;
  std::vector<std::string> params;  // "..." for a variadic macro
  std::string body;                 // replacement text, tokens joined as spelled
  std::string definedIn;            // the header that defines it, as the build found it
  uint32_t line = 0;
};

struct ClangPreprocessing {
  std::vector<ExternalMacro> macros;  // by name, first definition seen
  // Per test file (relative to the scan root): 1-based line ranges [first, last] the build skips.
  std::map<std::string, std::vector<std::pair<uint32_t, uint32_t>>> skippedLines;
  size_t filesPreprocessed = 0;
  std::vector<Diagnostic> diagnostics;
};

// Preprocesses each of `files` (relative to `root`) that compile_commands.json in
// `compileCommandsDir` lists. Macros defined in files under `root` are left out: the frontend
// reads those. A file the database does not list is left out with a note; an unreadable
// database is an error in `err` and an empty result.
ClangPreprocessing preprocessTestFiles(const std::filesystem::path& compileCommandsDir, const std::filesystem::path& root,
                                       const std::vector<std::string>& files, std::string& err);

// The macros as a header the C++ frontend parses: one `#define` per macro.
std::string externalMacroHeader(const std::vector<ExternalMacro>& macros);

// The module's entry point, looked up by name; the version changes with these structs.
extern "C" using ClangPreprocessEntry = void(const char* compileCommandsDir, const char* root, const std::vector<std::string>* files,
                                             ClangPreprocessing* out, std::string* err);
inline constexpr const char* kClangPreprocessEntry = "oalens_clang_preprocess_v1";

}  // namespace oalens::analyzer
