// Opens liboalens_clang.so when a scan is given a compilation database (clang_macros.h says
// why it is a module): beside the running binary first (a built `oalens`), then in PREFIX/lib/oalens
// (an installed one), then in the build's top directory (the test binaries); only where OALENS_CLANG_MODULE says when it is set.
#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <mutex>

#include "analyzer/frontend/cpp/clang_macros.h"

namespace oalens::analyzer {

namespace {

namespace fs = std::filesystem;

std::vector<std::string> moduleCandidates() {
  std::vector<std::string> out;
  if (const char* env = std::getenv("OALENS_CLANG_MODULE"); env && *env) return {env};
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return out;
  const fs::path dir = self.parent_path();
  out.push_back((dir / "liboalens_clang.so").string());
  out.push_back((dir.parent_path() / "lib" / "oalens" / "liboalens_clang.so").string());  // installed (cmake/Packaging.cmake)
  // The test binaries are one directory below the build's top. No absolute path of the build
  // tree is compiled in: an installed binary must not depend on it (tests/package).
  out.push_back((dir.parent_path() / "liboalens_clang.so").string());
  return out;
}

// The entry point, or null with the reason; looked up once per process.
ClangPreprocessEntry* entry(std::string& why) {
  static std::once_flag once;
  static ClangPreprocessEntry* found = nullptr;
  static std::string failure;
  std::call_once(once, [] {
    std::string tried;
    for (const std::string& path : moduleCandidates()) {
      if (void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        found = reinterpret_cast<ClangPreprocessEntry*>(::dlsym(handle, kClangPreprocessEntry));
        if (found) return;
        failure = fmt::format("{} has no {}", path, kClangPreprocessEntry);
        return;
      }
      const char* e = ::dlerror();
      tried += fmt::format("{}{}: {}", tried.empty() ? "" : "; ", path, e ? e : "cannot open");
    }
    failure = "the Clang module cannot be loaded (" + tried + ")";
  });
  why = failure;
  return found;
}

}  // namespace

ClangPreprocessing preprocessTestFiles(const fs::path& compileCommandsDir, const fs::path& root, const std::vector<std::string>& files,
                                       std::string& err) {
  ClangPreprocessing out;
  ClangPreprocessEntry* run = entry(err);
  if (!run) return out;
  run(compileCommandsDir.c_str(), root.c_str(), &files, &out, &err);
  return out;
}

std::string externalMacroHeader(const std::vector<ExternalMacro>& macros) {
  std::string out = "// Function-like macros the build defines outside the scanned tree (compile_commands.json).\n";
  for (const ExternalMacro& m : macros) {
    std::string params;
    for (const std::string& p : m.params) params += (params.empty() ? "" : ", ") + p;
    out += fmt::format("#define {}({}) {}\n", m.name, params, m.body);
  }
  return out;
}

}  // namespace oalens::analyzer
