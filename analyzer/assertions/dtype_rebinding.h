// How a wrapper picks a tolerance by dtype: rebinding its tolerance parameter under a
// condition on a dtype, or to a value chosen by one, perhaps through a catalogued picker
// (JAX's `tolerance(dtype, tol)`). Read by wrapper discovery (wrapper_spec.cpp).
#pragma once
#include <string_view>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// How a function rebinds its tolerance parameter `name` by dtype. Under a condition on one
// (`if a.dtype == np.float16: rtol = max(rtol, 1e-3)`) or to a value chosen by one that does
// not read the parameter, the tolerance it passes on is chosen by dtype whatever the caller
// gives. To a value chosen by dtype that reads the parameter (`atol = atol or tol`, JAX's
// `atol = max(tolerance(_dtype(actual), atol), ...)`), a value given is passed on and only the
// one a call leaves out is chosen by dtype.
enum class DtypeRebinding { None, WhenNotGiven, Always };

// `keptIn`: where the rebinding that keeps a given value reads it (`max(tolerance(...), ...)`).
DtypeRebinding rebindingByDtype(const FileModel& m, FunctionId fid, std::string_view name, ExprId* keptIn = nullptr);

// The parameters of function `fid` other than `excluded` that decide a new value of `name`
// inside it: named in the value of a statement rebinding `name`, or in a condition it sits under
// (`rtol = math.sqrt(rtol) if low_tolerance else rtol` gives `low_tolerance`).
std::vector<std::string> parametersSwitching(const FileModel& m, FunctionId fid, std::string_view name,
                                             const std::vector<std::string_view>& excluded);

// Whether the local `name` of function `fid` is bound, somewhere in it, to an entry of a table
// read by a dtype (`rtol, atol = {torch.float32: (5e-4, 5e-5), ...}[x.dtype]`, `tols =
// get_tolerances()[dtype]`): a tolerance the function picks by the data's type at each call.
bool boundFromADtypeTable(const FileModel& m, FunctionId fid, std::string_view name);

// The catalogued dtype picker (JAX's `tolerance`) a call inside `value` resolves to, if any.
const DtypePicker* dtypePickerIn(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, ExprId value, int depth = 0);

}  // namespace oalens::analyzer
