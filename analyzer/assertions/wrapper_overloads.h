// C++ overloads of a discovered wrapper (catalogue.h: paramTypes, requiredParams, checksNothing):
// the functions of a file that share a name, each overload's entry signed by its parameter types,
// the entry of an overload that checks nothing, and the defaults a declaration elsewhere (a
// header) gives its trailing parameters. Used by discoverWrappers (wrapper_discovery.cpp).
#pragma once
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// A declaration with defaults and the file that holds it (its default expressions are that file's).
using DeclaredIn = std::pair<const FileModel*, const FileModel::DeclaredDefaults*>;

std::unordered_map<std::string_view, std::vector<FunctionId>> cppOverloads(const FileModel& m);
void signOverload(const FileModel& m, const Function& f, ApiSpec& w);
ApiSpec overloadThatChecksNothing(const FileModel& m, const Function& f);
void takeDeclaredDefaults(const std::vector<DeclaredIn>& declared, const Function& f, const ToleranceResolver& resolver, ApiSpec& w);
// The same defaults for a function defined once (no overloads): only the tolerance defaults a
// declaration of the same name and types gives (`double absTolerance = 1e-5` in the header, `/* =
// 1e-5 */` in the source, Flashlight's allParamsClose).
void takeDeclaredToleranceDefaults(const std::vector<DeclaredIn>& declared, const Function& f, const ToleranceResolver& resolver,
                                   ApiSpec& w);

}  // namespace oalens::analyzer
