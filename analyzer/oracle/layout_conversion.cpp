#include "analyzer/oracle/layout_conversion.h"

#include <re2/re2.h>

#include "analyzer/assertions/assertion_finder.h"

namespace oalens::analyzer {

bool convertsLayout(std::string_view last) {
  static const RE2 conversion(
      R"(^(?:(?:to|from)_(?:torch_)?(?:sparse|dense|csr|csc|coo|edge_index)(?:_[a-z_]+)?|dense_to_sparse|sparse_to_dense|todense|toarray|tocsr|tocsc|tocoo)$)");
  return RE2::FullMatch(re2::StringPiece(last.data(), last.size()), conversion);
}

namespace {

constexpr int kMaxPeeled = 4;

// The operand of one conversion step, or kNone: `adj.t()`, `x.to_dense()`, `to_dense_adj(ei)`;
// `layout` says whether the step converts a layout (a transpose alone is no other layout of one
// input: `waic(x.t(), dim=1)` against `waic(x, dim=0)` transforms it).
ExprId convertedOperand(const FileModel& m, ExprId e, bool& layout) {
  if (m.expr(e).kind != ExprKind::Call) return kNone;
  const CallArgs args = splitCall(m, e);
  if (args.callee == kNone) return kNone;
  const std::string_view last = lastOf(m, args.callee);
  const bool method = m.expr(args.callee).kind == ExprKind::Attribute;
  // adj.t(): a transposed adjacency is the same graph read the other way round, as message
  // passing reads it.
  if (method && (last == "t" || last == "contiguous") && args.positional.empty()) return m.child(args.callee, 0);
  if (!convertsLayout(last)) return kNone;
  layout = true;
  if (!args.positional.empty()) return args.positional[0];
  return method ? m.child(args.callee, 0) : kNone;
}

}  // namespace

ExprId inputBeforeLayout(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  if (m.language != Language::Python || fn == kNone) return e;
  ExprId cur = e;
  bool layout = false;
  for (int step = 0; step < kMaxPeeled && cur != kNone; ++step) {
    if (const ExprId operand = convertedOperand(m, cur, layout); operand != kNone) {
      cur = operand;
      continue;
    }
    if (m.expr(cur).kind != ExprKind::Name) break;
    const ExprId bound = localBinding(m, fn, at, m.expr(cur).name);
    bool bindingConverts = false;
    if (bound == kNone || convertedOperand(m, bound, bindingConverts) == kNone) break;
    cur = bound;
  }
  return cur == kNone || !layout ? e : cur;
}

}  // namespace oalens::analyzer
