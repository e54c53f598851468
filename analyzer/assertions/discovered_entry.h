// The parts every entry wrapper discovery makes is built from: its id, names and parameters,
// the defaults its parameters give its tolerances, and the statements of a block.
#pragma once
#include <string>
#include <string_view>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// A parameter's default as the wrapper's default for a tolerance `kind`: its text, and its value
// as evaluated where the function is defined.
void takeParamDefault(const FileModel& m, const Function& f, const ToleranceResolver& resolver, ApiSpec& w, const std::string& kind,
                      ExprId def);

// The default of parameter `name`, or kNone.
ExprId paramDefault(const Function& f, std::string_view name);

// `a.b.f` -> `a::b::f`.
std::string cppQualified(std::string_view dotted);

// A method declared @staticmethod: its first parameter is the first argument, not the object.
bool isStaticMethod(const FileModel& m, const Function& f);

// The id, names and parameters a discovered API is called by.
void nameDiscovered(const FileModel& m, const Function& f, ApiSpec& w);

// The first statement after the block of `head` (its nested statements, those of functions
// defined inside it included).
StmtId afterBlock(const FileModel& m, FunctionId fid, StmtId head, StmtId end);

}  // namespace oalens::analyzer
