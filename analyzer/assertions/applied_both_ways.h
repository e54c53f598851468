// A Python helper handed one function that compares it run two ways: on its inputs wrapped in the
// library's variable type or moved to a device, and on the same inputs as given (Chainer's
// `check_forward(op, x1_data, x2_data)`: `op(Variable(x1), Variable(x2)).data` against
// `op(self.x1, self.x2)`, NumPy evaluating the same operator).
#pragma once

#include <string>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// A library's own device move or wrapping of a value in its array type (`cuda.to_gpu(x)`,
// `utils.force_array(y)`): the value handed on, whichever library defines it.
bool wrapsItsValue(std::string_view last);
// A wrapping in the library's variable type (`chainer.Variable(t)`, `nn.Parameter(w)`). Not handed
// on as its value: the variable's methods compute, and optimizers update it in place.
bool wrapsValueInLibraryType(std::string_view last);

// Where both compared sides of the helper's check (`actual`, `expected`) are calls of its parameter
// `param`, directly or through a local (`y = op(x1, x2)` compared as `y.data`), and one call's
// arguments are wrapped or moved (`chainer.Variable(x)`, `cuda.to_gpu(x)`, through locals) where
// the other's are not: the wrapping's name as written (`chainer.Variable`); empty otherwise.
std::string wrappingOneApplication(const FileModel& m, FunctionId fid, ExprId actual, ExprId expected, std::string_view param);

}  // namespace oalens::analyzer
