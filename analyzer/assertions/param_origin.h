// Where the values a helper compares come from: which of its parameters, through the steps
// that pass a value on (assignments, loop targets, subscripts, conversions, calls of what the
// caller passes). Wrapper discovery (wrapper_spec.cpp) reads a helper as a wrapper when
// the check it makes compares what its caller gives.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// Steps of an origin deeper than this are not seen in real suites.
inline constexpr int kMaxOriginHops = 8;

// Calls that pass a value through without computing anything new from it.
bool isPassThrough(std::string_view last);
// Whether a C++ function's name says it converts its one argument (`toDoubles`, `to_host`, `asVector`).
bool namesAConversion(std::string_view name);
// `getPtr`, `data_ptr`, `host_data`: a C++ method that hands out its object's elements.
bool namesAnElementAccessor(std::string_view name);

// The element indices leading to `name` in an assignment or loop target, nested tuples included.
bool targetPath(const FileModel& m, ExprId target, std::string_view name, std::vector<uint32_t>& path, int depth);

bool isSelf(std::string_view name);

// The parameter of `f` that the value of `e` comes from, through assignments, loop targets,
// subscripts, attributes and pass-through calls; empty if it is computed from something else.
// `self` or `cls` when it comes from the method's own object and `allowSelf` is set.
std::string_view originParam(const FileModel& m, FunctionId f, ExprId e, int hops, bool allowSelf);

// The parameter of `f` bound, in `partial(g, ...)` (its arguments given), to a parameter that
// module function `g` calls; empty when there is none.
std::string_view adaptedParam(const FileModel& m, FunctionId f, const CallArgs& partialArgs, int hops);

}  // namespace oalens::analyzer
