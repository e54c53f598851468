// C++ functions of one name that several test files each define for themselves (a `test` routine
// per BLAS test file in oneMath, each with a check of its own): a call reaches its own file's.
#pragma once
#include <string_view>
#include <unordered_set>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

// The qualified names of C++ functions defined in more than one source file (not a header), each
// called only from files defining their own. Not one a header defines too (Kaldi's `AssertEqual`
// of its math header, beside the overloads its tests define), an overload set of one file, nor a
// library function whose overloads live in several sources and whose callers define none
// (Flashlight's `fl::allClose` for tensors and for variables). Also a function or macro a header
// defines and a source defines again for itself (autodiff's `approx`, Eigen's `VERIFY_IS_EQUAL`
// in `ref.cpp`): the sources' definitions are theirs (the header's is not scoped by the caller).
std::unordered_set<std::string_view> definedInSeveralSources(const Project& project);

// The qualified names of C++ functions defined (with a body) in several files with different
// parameter counts: ViennaCL's three-parameter `check_for_equality(ref, gpu, epsilon)` of one test
// header beside two-parameter ones of another header (exact, for integers) and of a source
// (within a constant EPS). Their entries are signed like one file's overloads, so that a call
// reaches the definition its arguments fit, and among those one its file defines or includes.
std::unordered_set<std::string_view> overloadedAcrossFiles(const Project& project);
// The qualified names of C++ free functions that two or more headers each define with a body
// (rocALUTION's `static bool check_residual(float)` in each solver's test header, each with a
// bound of its own): each header's entry is its own (scopeToFile), reached from that header and
// from the files including it. Discovery leaves out those overloadedAcrossFiles names.
std::unordered_set<std::string_view> definedInSeveralHeaders(const Project& project);
// Whether `f` is one of those definitions: a function or method defined with a body at file or
// class level, not a macro, a test case or a nested function.
bool mayOverloadAcrossFiles(const Function& f);

// Whether the file declares a variable `name` (`Functor name;`, `auto name = ...`, `T name{...}`):
// an unqualified call of `name` there calls that object, no function of the name.
bool declaresObjectNamed(const FileModel& m, std::string_view name);

// The entry made its file's: its id and names, as a lambda's (discovered_entry.cpp), end in the
// file's path, and the matcher offers it to that file's calls only.
void scopeToFile(const FileModel& m, ApiSpec& spec);

}  // namespace oalens::analyzer
