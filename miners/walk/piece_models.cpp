#include "miners/walk/piece_models.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>

#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/model/model_splice.h"
#include "analyzer/model/name_index.h"
#include "miners/gate/python_lines.h"
#include "miners/walk/statement_parts.h"

namespace oalens::miners {

namespace {

// One parser per worker thread: a TSParser is not thread-safe, and making one per piece would
// cost more than parsing a small test.
analyzer::PythonFrontend& threadFrontend() {
  thread_local analyzer::PythonFrontend frontend;
  return frontend;
}

// The arenas grow by doubling while the frontend or the splice fills them; a cached model
// keeps only what it holds, so that a byte budget holds more models.
analyzer::FileModel compacted(analyzer::FileModel m) {
  m.exprs.shrink_to_fit();
  m.childIds.shrink_to_fit();
  m.compareOps.shrink_to_fit();
  m.stmts.shrink_to_fit();
  m.functions.shrink_to_fit();
  m.classes.shrink_to_fit();
  m.imports.shrink_to_fit();
  return m;
}

size_t modelBytes(const analyzer::FileModel& m) {
  size_t bytes = sizeof(m) + (m.source ? m.source->capacity() : 0) + m.exprs.capacity() * sizeof(analyzer::Expr) +
                 m.childIds.capacity() * sizeof(analyzer::ExprId) + m.compareOps.capacity() * sizeof(std::string_view) +
                 m.stmts.capacity() * sizeof(analyzer::Stmt) + m.imports.capacity() * sizeof(analyzer::Import);
  for (const auto& f : m.functions)
    bytes += sizeof(f) + f.qualifiedName.capacity() + f.params.capacity() * sizeof(analyzer::Param) +
             f.decorators.capacity() * sizeof(analyzer::ExprId);
  for (const auto& c : m.classes) bytes += sizeof(c) + c.qualifiedName.capacity() + c.bases.capacity() * sizeof(analyzer::ExprId);
  if (m.names) bytes += m.names->approximateBytes();
  return bytes;
}

// The last line of a kept unit's node as tree-sitter-python ends it. Its scanner delays the
// dedent after a block's last statement past the comments indented at least as deep as the
// block, and such a comment belongs to the block: so the comments that follow the unit's last
// statement (blank lines between them), indented as deep as its body, are the unit's. nullopt
// when that cannot be told: a comment indented by other than spaces, or deeper than the def
// whose body is on its own line.
std::optional<int> nodeLastLine(const std::string& text, const std::vector<size_t>& starts, const TestUnit& u) {
  const int lines = static_cast<int>(starts.size()) - 2;
  int last = u.lastLine;
  for (int l = u.lastLine + 1; l <= lines; ++l) {
    const LineShape shape = lineShape(std::string_view(text.data() + starts[static_cast<size_t>(l)],
                                                       starts[static_cast<size_t>(l) + 1] - starts[static_cast<size_t>(l)]));
    if (shape.kind == LineShape::Blank) continue;
    if (shape.kind == LineShape::Unsure) return std::nullopt;
    if (shape.kind == LineShape::Code) break;
    if (u.bodyIndent < 0) {
      if (shape.indent > u.indent) return std::nullopt;
      break;
    }
    if (shape.indent < u.bodyIndent) break;
    last = l;
  }
  return last;
}

// The cache key of a piece. The skeleton gives the spliced model its path and module name. A
// unit's model depends on them only where a relative import is resolved against the module's
// package (diagnostics name the path too, but a unit with any is never spliced), so a unit
// without `import` is keyed by its text alone: a test that moves to another file unchanged is
// parsed once (Keras master: 5 of 36 MB of unit text). A path cannot be empty, so the two
// kinds of key cannot meet. The key is the 128-bit XXH3 digest of that text, not the text:
// comparing whole texts on every hit was 4% of mine's cycles (cold memory, the texts are the
// size of tests), and for the million keys of a Keras history the chance that two of them
// share a digest is about 1e-27.
PieceModels::Digest pieceKey(const std::string& path, const std::string& source, PieceModels::Piece piece) {
  const bool withPath = piece == PieceModels::Piece::Skeleton || source.find("import") != std::string::npos;
  XXH3_state_t state;
  XXH3_128bits_reset(&state);
  if (withPath) XXH3_128bits_update(&state, path.data(), path.size());
  const char kind = piece == PieceModels::Piece::Part ? '\1' : '\0';  // a unit and a statement may have the same text
  XXH3_128bits_update(&state, "\0", 1);
  XXH3_128bits_update(&state, &kind, 1);
  XXH3_128bits_update(&state, source.data(), source.size());
  const XXH128_hash_t h = XXH3_128bits_digest(&state);
  return {h.low64, h.high64};
}

}  // namespace

PieceModels::PieceModels(size_t budgetBytes, bool splitUnits) : splitUnits_(splitUnits) {
  for (size_t i = 0; i < kShards; ++i) shards_.push_back(std::make_unique<Shard>(budgetBytes / kShards));
}

PieceModels::Model PieceModels::parsed(const std::string& path, std::string source, Piece piece, bool split, uint32_t nesting) {
  const Digest key = pieceKey(path, source, piece);
  Shard& shard = shardOf(key);
  {
    std::lock_guard lock(shard.mu);
    if (const Model* hit = shard.models.find(key)) {
      ++(piece == Piece::Part ? counters_.partHits : counters_.hits);
      return *hit;
    }
  }
  ++(piece == Piece::Part ? counters_.partMisses : counters_.misses);
  if (piece == Piece::Unit) ++counters_.unitMisses;
  // Built outside the lock: two workers may build the same piece once each, which is rare.
  std::shared_ptr<const analyzer::FileModel> model;
  if (splitUnits_ && split && nesting <= kMaxCutNesting)
    model = splicedFromStatements(path, source,
                                  piece == Piece::Skeleton ? Cut::TopLevel
                                  : piece == Piece::Unit   ? Cut::Unit
                                                           : Cut::Block,
                                  nesting);
  if (!model)
    model =
        std::make_shared<analyzer::FileModel>(compacted(threadFrontend().parse(path, analyzer::pythonModuleName(path), std::move(source))));
  const size_t bytes = modelBytes(*model) + sizeof(Digest) + sizeof(Model);
  // Evicted models are freed after the lock is let go, so that the other worker does not wait
  // while their arenas are freed.
  std::vector<Model> evicted;
  std::lock_guard lock(shard.mu);
  shard.models.insert(key, model, bytes, evicted);
  return model;
}

PieceModels::Model PieceModels::splicedFromStatements(const std::string& path, const std::string& source, Cut cut, uint32_t nesting) {
  std::optional<StatementParts> parts = cut == Cut::TopLevel ? cutIntoTopLevelStatements(source)
                                        : cut == Cut::Unit   ? cutIntoStatements(source)
                                                             : cutIntoBlock(source);
  if (!parts) return nullptr;
  // A block's skeleton is a statement whose block is one `pass`: cut again, it would be itself.
  const Model skeleton = parsed(path, std::move(parts->skeleton), Piece::Part, cut != Cut::Block);
  std::vector<Model> statements;
  std::vector<analyzer::SpliceRegion> regions;
  statements.reserve(parts->statements.size());
  regions.reserve(parts->statements.size());
  for (StatementParts::Part& part : parts->statements) {
    // A class at the top of a skeleton is cut in turn: its class-level statements (lists of
    // test cases, constants) change while its methods, each a `pass` here, are units.
    statements.push_back(parsed(path, std::move(part.source), cut == Cut::TopLevel && part.definesClass ? Piece::Unit : Piece::Part, true,
                                cut == Cut::Block ? nesting + 1 : nesting));
    regions.push_back(part.region);
    regions.back().piece = statements.back().get();
  }
  std::string whyNot;
  std::optional<analyzer::FileModel> model = analyzer::spliceModels(*skeleton, source, regions, whyNot);
  if (!model) return nullptr;
  ++(cut == Cut::TopLevel ? counters_.skeletonsFromStatements
     : cut == Cut::Unit   ? counters_.unitsFromStatements
                          : counters_.blocksFromStatements);
  // The parts may have been parsed for another file.
  model->path = path;
  model->moduleName = analyzer::pythonModuleName(path);
  return std::make_shared<analyzer::FileModel>(compacted(std::move(*model)));
}

PieceModels::Counters PieceModels::counters() {
  Counters c;
  c.hits = counters_.hits, c.misses = counters_.misses, c.partHits = counters_.partHits, c.partMisses = counters_.partMisses;
  c.unitMisses = counters_.unitMisses, c.unitsFromStatements = counters_.unitsFromStatements;
  c.skeletonsFromStatements = counters_.skeletonsFromStatements, c.blocksFromStatements = counters_.blocksFromStatements;
  for (auto& shard : shards_) {
    std::lock_guard lock(shard->mu);
    c.heldBytes += shard->models.heldBytes();
  }
  return c;
}

std::optional<analyzer::FileModel> PieceModels::assemble(const std::string& path, const ScopedPair& scoped, std::string& whyNot) {
  if (!scoped.newDedentsAligned) {
    whyNot = "a dedent lands between block indents";
    return std::nullopt;
  }
  const std::string& text = scoped.newText;
  struct Unit {
    const TestUnit* unit;
    bool kept;     // written out in the target; else the scoped text's `pass` and blank lines
    int lastLine;  // of its node, or of its blank lines
  };
  std::vector<Unit> units;
  units.reserve(scoped.newUnits.size() + scoped.newMethods.size());
  for (const TestUnit& u : scoped.newUnits) units.push_back({&u, scoped.newKept.count(u.name) > 0, 0});
  for (const TestUnit& m : scoped.newMethods) units.push_back({&m, true, 0});
  std::sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) { return a.unit->firstLine < b.unit->firstLine; });
  const std::vector<size_t> starts = lineStartOffsets(text);  // [line] -> first byte; one past the last line
  const int lines = static_cast<int>(starts.size()) - 2;
  auto lineText = [&](int l) {
    return std::string_view(text.data() + starts[static_cast<size_t>(l)],
                            starts[static_cast<size_t>(l) + 1] - starts[static_cast<size_t>(l)]);
  };
  int previousLast = 0;
  for (Unit& unit : units) {
    const TestUnit& u = *unit.unit;
    if (u.firstLine <= previousLast || u.firstLine < 1 || u.lastLine < u.firstLine || u.lastLine > lines) {
      whyNot = "units overlap or lie outside the text";
      return std::nullopt;
    }
    unit.lastLine = u.lastLine;
    if (unit.kept) {
      const std::optional<int> nodeLast = nodeLastLine(text, starts, u);
      if (!nodeLast) {
        whyNot = "a comment after a unit's last statement is indented so that its block cannot be told";
        return std::nullopt;
      }
      unit.lastLine = *nodeLast;
    } else if (std::string_view line = lineText(u.firstLine);
               line.substr(0, static_cast<size_t>(u.indent)).find_first_not_of(' ') != std::string_view::npos ||
               !line.substr(static_cast<size_t>(u.indent)).starts_with("pass")) {
      whyNot = "a unit left out is not one `pass`";
      return std::nullopt;
    }
    previousLast = unit.lastLine;
  }
  // Units of one block with only blank lines and comments between them are a run, and one
  // `pass` in the skeleton stands for the whole run: a test added or removed among others
  // leaves the skeleton as it was. A unit left out is a piece too, its `pass` parsed once.
  auto onlyCommentsBetween = [&](int after, int before) {
    for (int l = after + 1; l < before; ++l)
      if (const LineShape::Kind kind = lineShape(lineText(l)).kind; kind != LineShape::Blank && kind != LineShape::Comment) return false;
    return true;
  };
  std::string skeleton;
  skeleton.reserve(text.size() / 4);
  std::vector<analyzer::SpliceRegion> regions;
  std::vector<Model> pieces;
  pieces.reserve(units.size());
  size_t copiedTo = 0;  // bytes of `text` already in the skeleton
  uint32_t skeletonLine = 1;
  for (size_t first = 0; first < units.size();) {
    size_t last = first;
    while (last + 1 < units.size() && units[last + 1].unit->indent == units[first].unit->indent &&
           onlyCommentsBetween(units[last].lastLine, units[last + 1].unit->firstLine))
      ++last;
    const TestUnit& head = *units[first].unit;
    const size_t start = starts[static_cast<size_t>(head.firstLine)], end = starts[static_cast<size_t>(units[last].lastLine) + 1];
    skeletonLine +=
        static_cast<uint32_t>(std::count(text.begin() + static_cast<long>(copiedTo), text.begin() + static_cast<long>(start), '\n'));
    skeleton.append(text, copiedTo, start - copiedTo);
    analyzer::SpliceRegion r;
    r.skeletonLine = skeletonLine;
    r.skeletonStart = static_cast<uint32_t>(skeleton.size());
    skeleton.append(static_cast<size_t>(head.indent), ' ').append("pass");
    const bool endsLine = end > start && text[end - 1] == '\n';
    if (endsLine) skeleton += '\n';
    r.skeletonEnd = static_cast<uint32_t>(skeleton.size());
    for (size_t i = first; i <= last; ++i) {
      const TestUnit& u = *units[i].unit;
      r.firstLine = static_cast<uint32_t>(u.firstLine);
      r.lastLine = static_cast<uint32_t>(units[i].lastLine);
      r.start = static_cast<uint32_t>(starts[static_cast<size_t>(u.firstLine)]);
      r.end = static_cast<uint32_t>(starts[static_cast<size_t>(units[i].lastLine) + 1]);
      std::string source;
      r.headerLines = 0;
      r.headerBytes = 0;
      if (u.indent > 0) {
        source = kMethodWrapper;
        r.headerLines = 1;
        r.headerBytes = static_cast<uint32_t>(kMethodWrapper.size());
      }
      source.append(text, r.start, r.end - r.start);
      pieces.push_back(parsed(path, std::move(source), units[i].kept ? Piece::Unit : Piece::Part));
      r.piece = pieces.back().get();
      regions.push_back(r);
    }
    skeletonLine += endsLine ? 1 : 0;
    copiedTo = end;
    first = last + 1;
  }
  skeleton.append(text, copiedTo, std::string::npos);
  const Model skeletonModel = parsed(path, std::move(skeleton), Piece::Skeleton);
  return analyzer::spliceModels(*skeletonModel, text, regions, whyNot);
}

}  // namespace oalens::miners
