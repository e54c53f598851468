// The class of the object a C++ method is called on, as the test declares it (`Tester t;`,
// `host_dense_matrix<T> hx(N, 1), hy(M, 1);`, `auto t = Tester();`, a builder chain), and whether
// the object is a function-like macro's own parameter. Used by ApiMatcher (api_matcher.cpp) to
// find the discovered method a call runs.
#pragma once
#include <string_view>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The class a C++ method call's object is of, as written; empty when the object is anything else.
std::string_view receiverClass(const FileModel& m, FunctionId scope, ExprId receiver);

// Whether `receiver` is, parenthesized or not, a parameter of the function-like macro `scope`.
bool receivesMacroParameter(const FileModel& m, FunctionId scope, ExprId receiver);

}  // namespace oalens::analyzer
