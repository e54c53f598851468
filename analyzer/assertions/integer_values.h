// Values that hold integers by how they are made: a closeness check of such values is an exact
// check written the long way (face indices, counts, argmax positions), not an approximation.
// docs/counting.md, "Integer values".
#pragma once
#include <span>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// Whether `e`, read in function `fid` before statement `at`, is made as integers: an integer
// dtype given (`dtype=torch.long`, `.astype(np.int64)`, `.long()`), a position or an index taken
// (`argmax`, `argsort`, `nonzero`), or a PyTorch tensor of integer literals
// (`torch.tensor([[0, 1, 2]])`, int64 by PyTorch's inference). Through subscripts, device moves
// and one local binding per step.
// In C++, values made with an integer element type as a template argument
// (`read_vector<int64_t>(r)`, `std::vector<int>{1, 2}`), also an array the file or one of
// `headers` (the scanned headers it includes) declares at file scope (`static const int16_t
// ref[784] = {...}`).
bool holdsIntegers(const FileModel& m, FunctionId fid, StmtId at, ExprId e, std::span<const FileModel* const> headers = {});

// C++: whether `e` is a name declared with a floating element type (`Buffer<double> ref`,
// `std::vector<float> out`): a quantized integer output compared with such a reference within
// less than one is a real tolerance, not an exact check.
bool holdsFloats(const FileModel& m, FunctionId fid, StmtId at, ExprId e);
// `int`, `const size_t`, `rocblas_int`: a declared parameter type that holds a count.
bool namesAnIntegerScalarType(std::string_view type);

// C++: whether a check is called with integer types for all its template arguments
// (`CheckAllClose<int8_t>(shape, a, b, rtol, atol)`, `CheckNotAllClose<bool>(...)`): the element
// type of the data the helper builds and compares.
bool checksIntegerElements(const FileModel& m, ExprId call);

// Python: whether two compared values are positions by their names and what they are compared
// with: both named for positions (`true_perm`, `perm`; `faces_padded()` of two meshes), or one so
// named against whole numbers the test writes (`buf.unfinished_index()` against `[4, 14]`,
// `plateau_count` against `0`); or one is a list of booleans (`[False, False]`).
bool comparesPositions(const FileModel& m, ExprId a, ExprId b);

// Whether both compared values are integer literals (`isclose(1, 2)`, `1u` and `2u` alike).
bool bothIntegerLiterals(const FileModel& m, ExprId a, ExprId b);

}  // namespace oalens::analyzer
