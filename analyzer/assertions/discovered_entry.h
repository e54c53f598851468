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

// The entry of a function `f` found to answer whether values are close (a predicate checked where
// it is called), named and marked at its comparing statement `s`; the caller gives it its sides
// and tolerances.
ApiSpec discoveredPredicate(const FileModel& m, const Function& f, StmtId s, Category category, std::string via);

// Where the entry compares: statement `s` of its file (`path:line`), then the sites of the entry
// its check goes through (`inner`, when it is a discovered one), so that a caller's record can
// name every line its check runs through.
void markCheckSite(const FileModel& m, StmtId s, const ApiSpec* inner, ApiSpec& w);
// The same for the check's expression `e` (its first line), where a statement holds it far from
// its own start (`return good;` answering with `bool good = check(...)` above).
void markCheckExpr(const FileModel& m, ExprId e, const ApiSpec* inner, ApiSpec& w);
// One more site, after those marked: another check the entry's answer joins (`good_x && good_y`).
void addCheckExpr(const FileModel& m, ExprId e, ApiSpec& w);

// The first statement after the block of `head` (its nested statements, those of functions
// defined inside it included).
StmtId afterBlock(const FileModel& m, FunctionId fid, StmtId head, StmtId end);

}  // namespace oalens::analyzer
