// A scanned project: every file's model, an index from module names to files, and name
// resolution through imports. Shared read-only by the per-file analyses once built.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

class Project {
 public:
  std::vector<FileModel> files;
  // The files read from the library under test for what C++ tests check with (library_sources.h),
  // by index into `files`, in order.
  std::vector<size_t> libraryFiles;

  void buildIndex();
  // The file that defines a dotted module, or nullptr.
  const FileModel* moduleFile(std::string_view module) const;
  // The same for a module `from` imports: the file beside it first (`from conftest import f` in a
  // pytest suite, whose test directories are put on sys.path), then moduleFile's.
  const FileModel* importedModuleFile(const FileModel& from, std::string_view module) const;
  // The scanned file a C++ `#include "path"` in `from` names: beside `from` first, then any
  // scanned file whose path ends with it (include directories are not known without a build).
  const FileModel* includedFile(const FileModel& from, std::string_view includePath) const;
  // Whether `from` includes the file at `path`, itself or through the headers it includes, up to
  // `depth` levels.
  bool includes(const FileModel& from, std::string_view path, int depth = 4) const;

 private:
  std::unordered_map<std::string, size_t> byModule_;
  std::unordered_map<std::string, size_t> byPath_;
  std::unordered_map<std::string, std::vector<size_t>> cppByBasename_;
};

// Whether a C++ `#include "includePath"` may name the file at `path`: the path ends with it, at
// a directory boundary (`a/b/fixture.hpp` for `b/fixture.hpp`, not `a/xfixture.hpp`).
bool mayBeIncludedAs(std::string_view path, std::string_view includePath);

// Rewrites the first component of a dotted name through the imports visible in `scope`
// (function-local imports first, then enclosing functions, then the module).
// "np.testing.assert_allclose" with `import numpy as np` -> "numpy.testing.assert_allclose".
// Names defined at module level become "<module>.<name>". Unknown names come back unchanged.
std::string resolveDotted(const FileModel& m, FunctionId scope, std::string_view dotted, bool* resolvedThroughImport = nullptr);

// True when `name` is bound in the module by a def, class, import or assignment.
bool definedAtModuleLevel(const FileModel& m, std::string_view name);

}  // namespace oalens::analyzer
