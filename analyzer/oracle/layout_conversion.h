// One input in another layout: a graph given as an edge list and as a sparse adjacency, a matrix
// given dense and as a sparse tensor. A test that runs the CUT on both compares the same
// computation on the same input (SCUT_SAME, docs/oracles.md "Data movement"), so the conversion
// is data movement: it hands its operand on and computes nothing of the oracle's.
#pragma once
#include <string_view>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// A function or method named for a sparse or dense layout conversion (`to_torch_csc_tensor`,
// `SparseTensor.from_edge_index`, `to_dense_adj`, `to_sparse`, `todense`, `tocsr`).
bool convertsLayout(std::string_view last);

// The value `e` (an argument of a call at statement `at` of `fn`) converts to another layout:
// `adj.t()` -> `adj`, `to_torch_csc_tensor(edge_index, size=...)` -> `edge_index`, also through a
// local bound to such a conversion; `e` itself when it converts nothing.
ExprId inputBeforeLayout(const FileModel& m, FunctionId fn, StmtId at, ExprId e);

}  // namespace oalens::analyzer
