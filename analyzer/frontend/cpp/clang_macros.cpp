// Clang LibTooling, preprocessor only (clang_macros.h says what it reports and why): the body
// of the liboalens_clang.so module. Compiled without RTTI, as Debian's libclang-cpp is: the
// callbacks derive from Clang's classes.
#include "analyzer/frontend/cpp/clang_macros.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <fmt/format.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <re2/re2.h>

#include <mutex>
#include <set>

namespace oalens::analyzer {

namespace {

namespace fs = std::filesystem;

// Where headers that cannot be found are made up, empty, in memory.
constexpr const char* kMissingHeaders = "/__oalens_missing_headers__";

// Replacement texts worth a wrapper search: they call a check or a closeness helper.
const RE2& checksSomething() {
  static const RE2 re(
      R"(\b(EXPECT_|ASSERT_|CHECK|REQUIRE|BOOST_(CHECK|REQUIRE|WARN|TEST)|VERIFY|assert\b|Approx|allclose|isclose|isApprox|Near|Within|Expect[A-Z]))");
  return re;
}

// The real file system with everything but regular files and directories hidden: Clang would
// block forever reading an `#include` of a FIFO, or read a device without end. What it hides
// is found missing (an empty header stands in) and named in a diagnostic.
class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
 public:
  explicit RegularFilesOnly(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> real) : ProxyFileSystem(std::move(real)) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    llvm::ErrorOr<llvm::vfs::Status> s = ProxyFileSystem::status(path);
    if (s && !hidden(*s)) return s;
    if (s) remember(path.str());
    return s ? std::make_error_code(std::errc::no_such_file_or_directory) : s.getError();
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    llvm::ErrorOr<llvm::vfs::Status> s = ProxyFileSystem::status(path);
    if (s && hidden(*s)) {
      remember(path.str());
      return std::make_error_code(std::errc::no_such_file_or_directory);
    }
    return ProxyFileSystem::openFileForRead(path);
  }
  std::set<std::string> hiddenPaths;

 private:
  static bool hidden(const llvm::vfs::Status& s) {
    return s.getType() != llvm::sys::fs::file_type::regular_file && s.getType() != llvm::sys::fs::file_type::directory_file;
  }
  void remember(std::string path) {
    std::lock_guard lock(mu_);
    hiddenPaths.insert(std::move(path));
  }
  std::mutex mu_;
};

std::string relativeUnder(const fs::path& root, const std::string& file) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(file, ec);
  if (ec) return {};
  fs::path rel = canonical.lexically_relative(root);
  if (rel.empty() || *rel.begin() == "..") return {};
  return rel.generic_string();
}

class Callbacks : public clang::PPCallbacks {
 public:
  Callbacks(clang::Preprocessor& pp, const fs::path& root, llvm::vfs::InMemoryFileSystem& missing, ClangPreprocessing& out,
            std::set<std::string>& seen)
      : pp_(pp), sm_(pp.getSourceManager()), root_(root), missing_(missing), out_(out), seen_(seen) {}

  bool FileNotFound(llvm::StringRef fileName, llvm::SmallVectorImpl<char>& recoveryPath) override {
    const std::string path = std::string(kMissingHeaders) + "/" + fileName.str();
    missing_.addFile(path, 0, llvm::MemoryBuffer::getMemBuffer("", path));
    recoveryPath.assign(kMissingHeaders, kMissingHeaders + std::strlen(kMissingHeaders));
    return true;
  }

  void MacroDefined(const clang::Token& nameTok, const clang::MacroDirective* md) override {
    const clang::MacroInfo* mi = md ? md->getMacroInfo() : nullptr;
    if (!mi || !mi->isFunctionLike() || mi->getNumTokens() == 0) return;
    const clang::SourceLocation loc = mi->getDefinitionLoc();
    if (loc.isInvalid() || sm_.isInSystemHeader(loc)) return;
    const std::string file = sm_.getFilename(loc).str();
    if (file.empty() || file.rfind(kMissingHeaders, 0) == 0 || !relativeUnder(root_, file).empty()) return;
    const std::string name = nameTok.getIdentifierInfo()->getName().str();
    if (!seen_.insert(name).second) return;
    ExternalMacro m;
    m.name = name;
    for (const clang::IdentifierInfo* p : mi->params()) m.params.push_back(p->getName() == "__VA_ARGS__" ? "..." : p->getName().str());
    for (const clang::Token& t : mi->tokens()) {
      if (!m.body.empty() && t.hasLeadingSpace()) m.body += ' ';
      m.body += pp_.getSpelling(t);
    }
    if (!RE2::PartialMatch(m.body, checksSomething())) return;
    m.definedIn = file;
    m.line = sm_.getSpellingLineNumber(loc);
    out_.macros.push_back(std::move(m));
  }

  void SourceRangeSkipped(clang::SourceRange range, clang::SourceLocation) override {
    const std::string file = sm_.getFilename(range.getBegin()).str();
    const std::string rel = relativeUnder(root_, file);
    if (rel.empty()) return;
    out_.skippedLines[rel].emplace_back(sm_.getSpellingLineNumber(range.getBegin()), sm_.getSpellingLineNumber(range.getEnd()));
  }

 private:
  clang::Preprocessor& pp_;
  const clang::SourceManager& sm_;
  const fs::path& root_;
  llvm::vfs::InMemoryFileSystem& missing_;
  ClangPreprocessing& out_;
  std::set<std::string>& seen_;
};

class MacroAction : public clang::PreprocessOnlyAction {
 public:
  MacroAction(const fs::path& root, llvm::vfs::InMemoryFileSystem& missing, ClangPreprocessing& out, std::set<std::string>& seen)
      : root_(root), missing_(missing), out_(out), seen_(seen) {}

 protected:
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    clang::Preprocessor& pp = ci.getPreprocessor();
    pp.addPPCallbacks(std::make_unique<Callbacks>(pp, root_, missing_, out_, seen_));
    return true;
  }

 private:
  const fs::path& root_;
  llvm::vfs::InMemoryFileSystem& missing_;
  ClangPreprocessing& out_;
  std::set<std::string>& seen_;
};

class Factory : public clang::tooling::FrontendActionFactory {
 public:
  Factory(const fs::path& root, llvm::vfs::InMemoryFileSystem& missing, ClangPreprocessing& out)
      : root_(root), missing_(missing), out_(out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    ++out_.filesPreprocessed;
    return std::make_unique<MacroAction>(root_, missing_, out_, seen_);
  }

 private:
  const fs::path& root_;
  llvm::vfs::InMemoryFileSystem& missing_;
  ClangPreprocessing& out_;
  std::set<std::string> seen_;
};

}  // namespace

ClangPreprocessing preprocessWithClang(const fs::path& compileCommandsDir, const fs::path& root, const std::vector<std::string>& files,
                                       std::string& err) {
  ClangPreprocessing out;
  std::string loadErr;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile((compileCommandsDir / "compile_commands.json").string(), loadErr,
                                                                  clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) {
    err = fmt::format("cannot read {}: {}", (compileCommandsDir / "compile_commands.json").string(), loadErr);
    return out;
  }
  std::error_code ec;
  const fs::path canonicalRoot = fs::weakly_canonical(root, ec);
  std::vector<std::string> listed;
  size_t unlisted = 0;
  for (const std::string& rel : files) {
    const std::string abs = fs::weakly_canonical(root / rel, ec).string();
    if (db->getCompileCommands(abs).empty()) ++unlisted;
    else listed.push_back(abs);
  }
  if (unlisted > 0)
    out.diagnostics.push_back({"", 0, 0, Severity::Note, "not-in-compile-commands",
                               fmt::format("{} C++ test file(s) are not in compile_commands.json (headers are seen through the "
                                           "files that include them)",
                                           unlisted)});
  if (listed.empty()) return out;
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto regular = llvm::makeIntrusiveRefCnt<RegularFilesOnly>(llvm::vfs::getRealFileSystem());
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(regular);
  overlay->pushOverlay(memory);
  clang::tooling::ClangTool tool(*db, listed, std::make_shared<clang::PCHContainerOperations>(), overlay);
  clang::IgnoringDiagConsumer quiet;
  tool.setDiagnosticConsumer(&quiet);
  tool.setPrintErrorMessage(false);
  // The builtin headers live beside Debian's clang, not beside this binary.
  tool.appendArgumentsAdjuster(
      clang::tooling::getInsertArgumentAdjuster("-resource-dir=" OALENS_CLANG_RESOURCE_DIR, clang::tooling::ArgumentInsertPosition::END));
  Factory factory(canonicalRoot, *memory, out);
  tool.run(&factory);
  for (const std::string& path : regular->hiddenPaths) {
    const std::string inTree = relativeUnder(canonicalRoot, path);
    out.diagnostics.push_back({inTree.empty() ? path : inTree, 0, 0, Severity::Warning, "input-unreadable",
                               "not a regular file (a FIFO, socket or device); an #include of it was read as an empty header"});
  }
  return out;
}

}  // namespace oalens::analyzer

extern "C" __attribute__((visibility("default"))) void oalens_clang_preprocess_v1(const char* compileCommandsDir, const char* root,
                                                                                  const std::vector<std::string>* files,
                                                                                  oalens::analyzer::ClangPreprocessing* out,
                                                                                  std::string* err) {
  *out = oalens::analyzer::preprocessWithClang(compileCommandsDir, root, *files, *err);
}
