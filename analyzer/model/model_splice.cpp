#include "analyzer/model/model_splice.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

namespace {

// A kept region while splicing: its piece's sizes, where the piece goes in each arena of the
// skeleton, and where its entries start in the result.
struct Kept {
  const SpliceRegion* region = nullptr;
  StmtId pass = 0;
  bool lastOfPass = true;  // several pieces may stand for one `pass`; the last one's end is its end
  // The wrapper: its statements (one per header line), and whether it is or holds a class and
  // a function, which stand for the class and function the `pass` is in.
  uint32_t stmtHdr = 0, clsHdr = 0, fnHdr = 0;
  uint32_t nStmts = 0, nExprs = 0, nFunctions = 0, nClasses = 0, nChildren = 0, nOps = 0;
  uint32_t exprAt = 0, functionAt = 0, classAt = 0, importAt = 0, childAt = 0, opAt = 0;
  uint32_t outStmt = 0, outExpr = 0, outFunction = 0, outClass = 0, outChild = 0, outOp = 0;
  StmtId outParent = kNone;
  ClassId outCls = kNone;
  FunctionId outFn = kNone;
  // Names under the wrapper ("_." for a class or a function, "_._." for a method) are
  // under what it stands for ("Class.", "Class.test_x.").
  std::string wrapperPrefix, realPrefix;
  uint16_t depth = 0;  // of the `pass` below its function's body: added to the wrapper body's statements
  int64_t lineDelta = 0, byteDelta = 0;
  SourcePos endPos;  // where the unit ends in the target (the end of its definition)
  uint32_t endByte = 0;
};

class Splicer {
 public:
  Splicer(const FileModel& sk, const std::string& target, const std::vector<SpliceRegion>& regions)
      : sk_(sk), target_(target), regions_(regions) {}

  std::optional<FileModel> run(std::string& whyNot);

  // How the skeleton's entries map into the result (see remapped below). Entries at or after
  // a piece's insertion point move by its size. The `pass` a piece replaces is gone: statement
  // ids after it move by the piece's statements less one, and a one-past bound equal to it
  // now points at the piece's first statement.
  ExprId expr(ExprId e) const { return moved(e, exprs_); }
  FunctionId function(FunctionId f) const { return moved(f, functions_); }
  ClassId cls(ClassId c) const { return moved(c, classes_); }
  StmtId stmt(StmtId s) const { return moved(s, stmts_); }
  std::string_view view(std::string_view v) const;
  SourceRange range(const SourceRange& r) const { return {mapByte(r.startByte), mapByte(r.endByte), mapPos(r.start), mapPos(r.end)}; }
  uint32_t line(uint32_t l) const { return mapPos({l, 0}).line; }
  bool qualified(const std::string&) const { return true; }

 private:
  friend struct PieceMapping;
  const FileModel& sk_;
  const std::string& target_;
  const std::vector<SpliceRegion>& regions_;
  std::vector<Kept> kept_;               // in source order
  std::vector<uint32_t> regionLineEnd_;  // per region: the byte after `pass` in the skeleton
  std::vector<int> keptOfRegion_;        // per region: index in kept_, or -1

  // How far skeleton entries move: by the sizes of the pieces inserted before them. Kept
  // regions are in source order, so every insertion point grows with them: a binary search
  // over prefix sums, not a loop over every piece for every id.
  struct Shift {
    std::vector<uint32_t> at;
    std::vector<int64_t> total;  // sizes of the pieces up to and including this one
    bool strict = false;         // entries after the insertion point move, not the one at it
    int64_t of(uint32_t id) const {
      auto end = strict ? std::lower_bound(at.begin(), at.end(), id) : std::upper_bound(at.begin(), at.end(), id);
      return end == at.begin() ? 0 : total[static_cast<size_t>(end - at.begin()) - 1];
    }
  };
  Shift exprs_, functions_, classes_, stmts_, ownedExprs_, children_, ops_;
  static uint32_t moved(uint32_t id, const Shift& s) { return id == kNone ? kNone : static_cast<uint32_t>(id + s.of(id)); }
  // A statement that owns no expressions just before a kept `pass` has firstExpr equal to the
  // insertion point, yet its place is before the piece: go by statement order, not by value.
  uint32_t firstExprOf(StmtId s) const { return static_cast<uint32_t>(sk_.stmts[s].firstExpr + ownedExprs_.of(s)); }
  // Children and operators go by the expression that owns them.
  uint32_t childrenBefore(ExprId e) const { return static_cast<uint32_t>(children_.of(e)); }
  uint32_t opsBefore(ExprId e) const { return static_cast<uint32_t>(ops_.of(e)); }
  void buildShifts();
  uint32_t mapByte(uint32_t b) const;
  SourcePos mapPos(SourcePos p) const;

  bool locate(std::string& whyNot);
  static bool readWrapper(const FileModel& p, uint32_t headerLines, Kept& k);
  bool fitsWrapper(StmtId pass, const Kept& k) const;
  bool build(FileModel& out, std::string& whyNot) const;
};

// One piece's entries in the result: after its wrapper, moved to where the piece goes; the
// wrapper's statements, class and function stand for the real ones around the `pass`.
struct PieceMapping {
  const Splicer& s;
  const Kept& k;
  std::string_view view(std::string_view v) const {
    const std::string& src = *k.region->piece->source;
    if (!pointsInto(v, src)) return v;
    return std::string_view(s.target_.data() + (v.data() - src.data()) + k.byteDelta, v.size());
  }
  SourceRange range(const SourceRange& r) const {
    auto byte = [&](uint32_t b) { return static_cast<uint32_t>(b + k.byteDelta); };
    return {byte(r.startByte), byte(r.endByte), {line(r.start.line), r.start.col}, {line(r.end.line), r.end.col}};
  }
  uint32_t line(uint32_t l) const { return static_cast<uint32_t>(l + k.lineDelta); }
  ExprId expr(ExprId e) const { return e == kNone ? kNone : e + k.outExpr; }
  FunctionId function(FunctionId f) const {
    if (f == kNone) return kNone;
    if (f < k.fnHdr) return k.outFn;
    return f - k.fnHdr + k.outFunction;
  }
  StmtId stmt(StmtId t) const {
    if (t == kNone) return kNone;
    if (t < k.stmtHdr) return k.outParent;
    return t - k.stmtHdr + k.outStmt;
  }
  ClassId cls(ClassId c) const {
    if (c == kNone) return kNone;
    if (c < k.clsHdr) return k.outCls;
    return c - k.clsHdr + k.outClass;
  }
  // "_.test_x" in a class wrapper is "RealClass.test_x"; false when a name is not under it.
  bool qualified(std::string& name) const {
    if (!k.stmtHdr) return true;
    if (name.rfind(k.wrapperPrefix, 0) != 0) return false;
    name = k.realPrefix + name.substr(k.wrapperPrefix.size());
    return true;
  }
};

uint32_t Splicer::mapByte(uint32_t b) const {
  auto after = std::upper_bound(regions_.begin(), regions_.end(), b, [](uint32_t v, const SpliceRegion& r) { return v < r.skeletonStart; });
  if (after == regions_.begin()) return b;
  const size_t i = static_cast<size_t>(after - regions_.begin()) - 1;
  const SpliceRegion& r = regions_[i];
  if (b <= regionLineEnd_[i]) {
    if (keptOfRegion_[i] >= 0) return kept_[static_cast<size_t>(keptOfRegion_[i])].endByte;  // an end at the `pass`
    return r.start + (b - r.skeletonStart);
  }
  return static_cast<uint32_t>(int64_t(b) + int64_t(r.end) - int64_t(r.skeletonEnd));
}

SourcePos Splicer::mapPos(SourcePos p) const {
  auto after =
      std::upper_bound(regions_.begin(), regions_.end(), p.line, [](uint32_t v, const SpliceRegion& r) { return v < r.skeletonLine; });
  if (after == regions_.begin()) return p;
  const size_t i = static_cast<size_t>(after - regions_.begin()) - 1;
  const SpliceRegion& r = regions_[i];
  if (p.line == r.skeletonLine) {
    if (keptOfRegion_[i] >= 0) return kept_[static_cast<size_t>(keptOfRegion_[i])].endPos;
    return {r.firstLine, p.col};
  }
  return {static_cast<uint32_t>(int64_t(p.line) + int64_t(r.lastLine) - int64_t(r.skeletonLine)), p.col};
}

std::string_view Splicer::view(std::string_view v) const {
  const std::string& src = *sk_.source;
  if (!pointsInto(v, src)) return v;
  const uint32_t begin = mapByte(static_cast<uint32_t>(v.data() - src.data()));
  if (v.empty()) return std::string_view(target_.data() + begin, 0);
  const uint32_t end = mapByte(static_cast<uint32_t>(v.data() + v.size() - src.data()));
  return std::string_view(target_.data() + begin, end - begin);
}

// Finds each kept region's `pass`, its insertion point in every arena and its result positions.
bool Splicer::locate(std::string& whyNot) {
  const std::string& src = *sk_.source;
  // The frontend creates function k with the k-th FunctionDef statement, class k with the k-th
  // ClassDef; their counts before a `pass` say where a piece's functions and classes go.
  std::vector<uint32_t> functionsBefore(sk_.stmts.size() + 1, 0), classesBefore(sk_.stmts.size() + 1, 0);
  std::unordered_map<uint32_t, StmtId> passOnLine;
  for (StmtId s = 0; s < sk_.stmts.size(); ++s) {
    const Stmt& t = sk_.stmts[s];
    functionsBefore[s + 1] = functionsBefore[s] + (t.kind == StmtKind::FunctionDef);
    classesBefore[s + 1] = classesBefore[s] + (t.kind == StmtKind::ClassDef);
    if (t.kind == StmtKind::Other && t.text == "pass") passOnLine.emplace(t.range.start.line, s);
  }
  if (functionsBefore.back() != sk_.functions.size() || classesBefore.back() != sk_.classes.size()) {
    whyNot = "the skeleton's definitions do not match its statements";
    return false;
  }
  // Where the children and compare operators of the expressions from a point on begin.
  std::vector<uint32_t> childFrom(sk_.exprs.size() + 1, static_cast<uint32_t>(sk_.childIds.size()));
  std::vector<uint32_t> opFrom(sk_.exprs.size() + 1, static_cast<uint32_t>(sk_.compareOps.size()));
  for (size_t e = sk_.exprs.size(); e-- > 0;) {
    const Expr& x = sk_.exprs[e];
    childFrom[e] = x.childCount > 0 ? std::min(childFrom[e + 1], x.firstChild) : childFrom[e + 1];
    opFrom[e] = x.kind == ExprKind::Compare ? std::min(opFrom[e + 1], x.firstOp) : opFrom[e + 1];
  }
  keptOfRegion_.assign(regions_.size(), -1);
  regionLineEnd_.resize(regions_.size());
  for (size_t i = 0; i < regions_.size(); ++i) {
    const SpliceRegion& r = regions_[i];
    // Pieces that follow one another in the target may stand for one `pass`.
    const bool samePass = i > 0 && r.skeletonLine == regions_[i - 1].skeletonLine;
    if (samePass && (r.skeletonStart != regions_[i - 1].skeletonStart || r.skeletonEnd != regions_[i - 1].skeletonEnd || !r.piece ||
                     !regions_[i - 1].piece || r.start < regions_[i - 1].end || r.firstLine <= regions_[i - 1].lastLine)) {
      whyNot = "regions sharing a `pass` do not follow one another";
      return false;
    }
    if (i > 0 && !samePass && (r.skeletonLine < regions_[i - 1].skeletonLine || r.skeletonStart < regions_[i - 1].skeletonEnd)) {
      whyNot = "regions out of order";
      return false;
    }
    if (r.skeletonEnd > src.size() || r.skeletonStart >= r.skeletonEnd || r.end > target_.size() || r.start > r.end) {
      whyNot = "a region lies outside its text";
      return false;
    }
    regionLineEnd_[i] = src[r.skeletonEnd - 1] == '\n' ? r.skeletonEnd - 1 : r.skeletonEnd;
    if (!r.piece) continue;
    const FileModel& p = *r.piece;
    auto pass = passOnLine.find(r.skeletonLine);
    Kept k;
    if (!p.source || p.hasSyntaxErrors || !p.diagnostics.empty()) whyNot = "a unit did not parse cleanly";
    else if (pass == passOnLine.end()) whyNot = fmt::format("no `pass` on skeleton line {}", r.skeletonLine);
    else if (!readWrapper(p, r.headerLines, k)) whyNot = "a wrapped unit did not parse inside its wrapper";
    else if (!fitsWrapper(pass->second, k)) whyNot = "a unit's place does not fit its wrapper";
    else if (p.stmts.size() <= k.stmtHdr) whyNot = "a unit has no statement";
    if (!whyNot.empty()) return false;
    if (samePass) kept_.back().lastOfPass = false;
    k.region = &r;
    k.pass = pass->second;
    k.depth = sk_.stmts[k.pass].depth;
    k.nStmts = static_cast<uint32_t>(p.stmts.size() - k.stmtHdr);
    k.nExprs = static_cast<uint32_t>(p.exprs.size());
    k.nFunctions = static_cast<uint32_t>(p.functions.size() - k.fnHdr);
    k.nClasses = static_cast<uint32_t>(p.classes.size() - k.clsHdr);
    k.nChildren = static_cast<uint32_t>(p.childIds.size());
    k.nOps = static_cast<uint32_t>(p.compareOps.size());
    k.exprAt = sk_.stmts[k.pass].firstExpr;
    k.functionAt = functionsBefore[k.pass];
    k.classAt = classesBefore[k.pass];
    k.importAt = static_cast<uint32_t>(
        std::count_if(sk_.imports.begin(), sk_.imports.end(), [&](const Import& im) { return im.line < r.skeletonLine; }));
    k.childAt = childFrom[k.exprAt];
    k.opAt = opFrom[k.exprAt];
    k.lineDelta = int64_t(r.firstLine) - 1 - r.headerLines;
    k.byteDelta = int64_t(r.start) - r.headerBytes;
    keptOfRegion_[i] = static_cast<int>(kept_.size());
    kept_.push_back(std::move(k));
  }
  // Where each piece starts in the result: its insertion point moved by the pieces before it
  // (a `pass` is gone once its last piece is in).
  uint64_t stmts = 0, passes = 0, exprs = 0, functions = 0, classes = 0, children = 0, ops = 0;
  for (Kept& k : kept_) {
    k.outStmt = static_cast<uint32_t>(k.pass + stmts - passes);
    k.outExpr = static_cast<uint32_t>(k.exprAt + exprs);
    k.outFunction = static_cast<uint32_t>(k.functionAt + functions);
    k.outClass = static_cast<uint32_t>(k.classAt + classes);
    k.outChild = static_cast<uint32_t>(k.childAt + children);
    k.outOp = static_cast<uint32_t>(k.opAt + ops);
    stmts += k.nStmts;
    passes += k.lastOfPass ? 1 : 0;
    exprs += k.nExprs;
    functions += k.nFunctions;
    classes += k.nClasses;
    children += k.nChildren;
    ops += k.nOps;
  }
  buildShifts();
  for (Kept& k : kept_) {
    const Stmt& ps = sk_.stmts[k.pass];
    k.outParent = stmt(ps.parent);
    k.outCls = cls(ps.cls);
    k.outFn = function(ps.function);
    if (k.fnHdr) k.realPrefix = sk_.functions[ps.function].qualifiedName + ".";
    else if (k.clsHdr) k.realPrefix = sk_.classes[ps.cls].qualifiedName + ".";
    // The piece ends where its wrapper's block does, after a comment on the last line too
    // (tree-sitter keeps it in the block: `x: int  # c` ends a class after the comment);
    // without a wrapper, where its last statement at the top ends (a definition, or an `if`
    // with its `else`).
    const std::vector<Stmt>& stmts = k.region->piece->stmts;
    size_t last = k.stmtHdr;
    for (size_t i = k.stmtHdr; i < stmts.size(); ++i)
      if (stmts[i].range.endByte > stmts[last].range.endByte) last = i;
    if (k.stmtHdr > 0) last = k.stmtHdr - 1;
    const SourceRange end = PieceMapping{*this, k}.range(stmts[last].range);
    k.endPos = end.end;
    k.endByte = end.endByte;
  }
  return true;
}

// A piece's wrapper is one definition per header line: `class _:` (a method's), `def _():`
// (a statement's in a function) or both (a statement's in a method); none at module level.
bool Splicer::readWrapper(const FileModel& p, uint32_t headerLines, Kept& k) {
  while (k.stmtHdr < p.stmts.size() && p.stmts[k.stmtHdr].range.start.line <= headerLines) {
    const Stmt& w = p.stmts[k.stmtHdr];
    if (w.parent != (k.stmtHdr == 0 ? kNone : k.stmtHdr - 1) || k.fnHdr) return false;
    if (w.kind == StmtKind::ClassDef && k.stmtHdr == 0) k.clsHdr = 1;
    else if (w.kind == StmtKind::FunctionDef) k.fnHdr = 1;
    else return false;
    ++k.stmtHdr;
  }
  if (k.stmtHdr != headerLines || p.stmts.size() <= k.stmtHdr || p.stmts[k.stmtHdr].firstExpr != 0) return false;
  if (k.clsHdr && (p.classes.empty() || p.classes[0].name != "_" || !p.classes[0].bases.empty())) return false;
  if (k.fnHdr &&
      (p.functions.empty() || p.functions[0].name != "_" || !p.functions[0].params.empty() || !p.functions[0].decorators.empty()))
    return false;
  if (k.fnHdr) k.wrapperPrefix = p.functions[0].qualifiedName + ".";
  else if (k.clsHdr) k.wrapperPrefix = p.classes[0].qualifiedName + ".";
  return true;
}

// The `pass` sits where the wrapper's innermost block would: in a function's body (a method's
// when the wrapper has a class), in a class's body, or at module level.
bool Splicer::fitsWrapper(StmtId pass, const Kept& k) const {
  const Stmt& ps = sk_.stmts[pass];
  if ((ps.cls != kNone) != (k.clsHdr == 1) || (ps.function != kNone) != (k.fnHdr == 1)) return false;
  if (!k.fnHdr) return ps.depth == 0;
  if (ps.function >= sk_.functions.size()) return false;
  if (ps.depth == 0) return sk_.functions[ps.function].firstStmt == ps.parent + 1;
  // In the block of a compound statement of the same function, one level below it.
  return ps.parent != kNone && sk_.stmts[ps.parent].function == ps.function && sk_.stmts[ps.parent].depth + 1 == ps.depth;
}

void Splicer::buildShifts() {
  auto add = [](Shift& s, uint32_t at, int64_t size) {
    s.at.push_back(at);
    s.total.push_back((s.total.empty() ? 0 : s.total.back()) + size);
  };
  stmts_.strict = ownedExprs_.strict = true;
  for (const Kept& k : kept_) {
    add(exprs_, k.exprAt, k.nExprs);
    add(functions_, k.functionAt, k.nFunctions);
    add(classes_, k.classAt, k.nClasses);
    add(stmts_, k.pass, int64_t(k.nStmts) - (k.lastOfPass ? 1 : 0));
    add(ownedExprs_, k.pass, k.nExprs);
    add(children_, k.exprAt, k.nChildren);
    add(ops_, k.exprAt, k.nOps);
  }
}

// Merges one arena: before skeleton entry i go the pieces whose insertion point is i.
template <class Skeleton, class Piece>
void mergeArena(size_t skeletonSize, const std::vector<Kept>& kept, uint32_t Kept::*at, Skeleton fromSkeleton, Piece fromPiece) {
  size_t next = 0;
  for (size_t i = 0; i <= skeletonSize; ++i) {
    for (; next < kept.size() && kept[next].*at == i; ++next) fromPiece(kept[next]);
    if (i < skeletonSize) fromSkeleton(i);
  }
}

// The fields every entry maps the same way from either source; `m` says how (a Splicer for the
// skeleton, a PieceMapping for one piece). What differs between them, the positions an entry
// owns in another arena, its callers set.
template <class M>
Stmt remapped(Stmt t, const M& m) {
  t.parent = m.stmt(t.parent);
  t.function = m.function(t.function);
  t.cls = m.cls(t.cls);
  t.a = m.expr(t.a);
  t.b = m.expr(t.b);
  t.op = m.view(t.op);
  t.text = m.view(t.text);
  t.range = m.range(t.range);
  return t;
}
template <class M>
Expr remapped(Expr x, const M& m) {
  x.text = m.view(x.text);
  x.name = m.view(x.name);
  x.range = m.range(x.range);
  return x;
}
template <class M>
bool remapped(Function& f, const M& m) {
  f.name = m.view(f.name);
  f.cls = m.cls(f.cls);
  f.parent = m.function(f.parent);
  for (Param& q : f.params) {
    q.name = m.view(q.name);
    q.type = m.view(q.type);
    q.defaultValue = m.expr(q.defaultValue);
  }
  for (ExprId& d : f.decorators) d = m.expr(d);
  f.firstStmt = m.stmt(f.firstStmt);
  f.endStmt = m.stmt(f.endStmt);
  f.range = m.range(f.range);
  return m.qualified(f.qualifiedName);
}
template <class M>
bool remapped(ClassDef& c, const M& m) {
  c.name = m.view(c.name);
  for (ExprId& b : c.bases) b = m.expr(b);
  c.parent = m.cls(c.parent);
  c.enclosingFunction = m.function(c.enclosingFunction);
  c.range = m.range(c.range);
  return m.qualified(c.qualifiedName);
}
template <class M>
Import remapped(Import im, const M& m) {
  im.name = m.view(im.name);
  im.alias = m.view(im.alias);
  im.scope = m.function(im.scope);
  im.line = m.line(im.line);
  return im;
}

bool Splicer::build(FileModel& out, std::string& whyNot) const {
  const FileModel& sk = sk_;
  // Every arena's final size is known: reserving it spares the copies and the page faults of
  // growing (a spliced model of a large test file holds tens of thousands of expressions).
  size_t stmts = sk.stmts.size(), exprs = sk.exprs.size(), children = sk.childIds.size(), ops = sk.compareOps.size();
  size_t functions = sk.functions.size(), classes = sk.classes.size(), imports = sk.imports.size();
  for (const Kept& k : kept_) {
    const FileModel& p = *k.region->piece;
    stmts += p.stmts.size();
    exprs += p.exprs.size();
    children += p.childIds.size();
    ops += p.compareOps.size();
    functions += p.functions.size();
    classes += p.classes.size();
    imports += p.imports.size();
  }
  out.stmts.reserve(stmts);
  out.exprs.reserve(exprs);
  out.childIds.reserve(children);
  out.compareOps.reserve(ops);
  out.functions.reserve(functions);
  out.classes.reserve(classes);
  out.imports.reserve(imports);
  // Statements: a piece takes its `pass`'s place.
  size_t next = 0;
  for (StmtId s = 0; s < sk.stmts.size(); ++s) {
    if (next < kept_.size() && kept_[next].pass == s) {
      for (; next < kept_.size() && kept_[next].pass == s; ++next) {
        const Kept& k = kept_[next];
        const FileModel& p = *k.region->piece;
        for (size_t i = k.stmtHdr; i < p.stmts.size(); ++i) {
          out.stmts.push_back(remapped(p.stmts[i], PieceMapping{*this, k}));
          out.stmts.back().firstExpr += k.outExpr;
          if (k.fnHdr && p.stmts[i].function == 0) out.stmts.back().depth += k.depth;  // in the wrapper's body
        }
      }
      continue;
    }
    out.stmts.push_back(remapped(sk.stmts[s], *this));
    out.stmts.back().firstExpr = firstExprOf(s);
  }
  mergeArena(
      sk.exprs.size(), kept_, &Kept::exprAt,
      [&](size_t e) {
        out.exprs.push_back(remapped(sk.exprs[e], *this));
        out.exprs.back().firstChild += childrenBefore(static_cast<ExprId>(e));
        out.exprs.back().firstOp += opsBefore(static_cast<ExprId>(e));
      },
      [&](const Kept& k) {
        for (const Expr& x : k.region->piece->exprs) {
          out.exprs.push_back(remapped(x, PieceMapping{*this, k}));
          out.exprs.back().firstChild += k.outChild;
          out.exprs.back().firstOp += k.outOp;
        }
      });
  // Each statement owns the expressions up to the next one's, as the frontend leaves them.
  for (size_t s = 0; s < out.stmts.size(); ++s)
    out.stmts[s].endExpr = s + 1 < out.stmts.size() ? out.stmts[s + 1].firstExpr : static_cast<ExprId>(out.exprs.size());
  mergeArena(
      sk.childIds.size(), kept_, &Kept::childAt, [&](size_t i) { out.childIds.push_back(expr(sk.childIds[i])); },
      [&](const Kept& k) {
        for (ExprId c : k.region->piece->childIds) out.childIds.push_back(c + k.outExpr);
      });
  mergeArena(
      sk.compareOps.size(), kept_, &Kept::opAt, [&](size_t i) { out.compareOps.push_back(view(sk.compareOps[i])); },
      [&](const Kept& k) {
        for (std::string_view op : k.region->piece->compareOps) out.compareOps.push_back(PieceMapping{*this, k}.view(op));
      });
  bool named = true;  // a wrapped piece's definitions are named under the wrapper
  mergeArena(
      sk.functions.size(), kept_, &Kept::functionAt,
      [&](size_t i) {
        out.functions.push_back(sk.functions[i]);
        named &= remapped(out.functions.back(), *this);
      },
      [&](const Kept& k) {
        const std::vector<Function>& functions = k.region->piece->functions;
        for (size_t i = k.fnHdr; i < functions.size(); ++i) {  // not the wrapper
          out.functions.push_back(functions[i]);
          named &= remapped(out.functions.back(), PieceMapping{*this, k});
        }
      });
  // A `yield` in a statement makes the function around it a generator.
  for (const Kept& k : kept_)
    if (k.fnHdr && k.region->piece->functions[0].isGenerator) out.functions[k.outFn].isGenerator = true;
  mergeArena(
      sk.classes.size(), kept_, &Kept::classAt,
      [&](size_t i) {
        out.classes.push_back(sk.classes[i]);
        named &= remapped(out.classes.back(), *this);
      },
      [&](const Kept& k) {
        const std::vector<ClassDef>& classes = k.region->piece->classes;
        for (size_t i = k.clsHdr; i < classes.size(); ++i) {  // not the wrapper
          out.classes.push_back(classes[i]);
          named &= remapped(out.classes.back(), PieceMapping{*this, k});
        }
      });
  mergeArena(
      sk.imports.size(), kept_, &Kept::importAt, [&](size_t i) { out.imports.push_back(remapped(sk.imports[i], *this)); },
      [&](const Kept& k) {
        for (const Import& im : k.region->piece->imports) out.imports.push_back(remapped(im, PieceMapping{*this, k}));
      });
  if (!named) whyNot = "a wrapped definition's name is not under the wrapper";
  return named;
}

std::optional<FileModel> Splicer::run(std::string& whyNot) {
  if (!sk_.source || sk_.hasSyntaxErrors || !sk_.diagnostics.empty()) {
    whyNot = "the skeleton did not parse cleanly";
    return std::nullopt;
  }
  if (!locate(whyNot)) return std::nullopt;
  FileModel out;
  out.path = sk_.path;
  out.moduleName = sk_.moduleName;
  out.language = sk_.language;
  if (!build(out, whyNot)) return std::nullopt;
  return out;
}

}  // namespace

std::optional<FileModel> spliceModels(const FileModel& skeleton, std::string target, const std::vector<SpliceRegion>& regions,
                                      std::string& whyNot) {
  // The result's views point into its own source: own the buffer before splicing (moving a
  // short string would copy its characters).
  auto source = std::make_unique<std::string>(std::move(target));
  Splicer splicer(skeleton, *source, regions);
  std::optional<FileModel> out = splicer.run(whyNot);
  if (out) {
    out->source = std::move(source);
    indexNames(*out);
  }
  return out;
}

}  // namespace oalens::analyzer
