// The model of a scoped version (miners/gate/diff_scope.h) built from models of its parts, for
// `mine`. Parsing was half of mine's cycles, and most of what it parsed had been parsed for an
// earlier commit: on Keras master the scoped texts held 23 MB of changed tests, 25 MB of
// unchanged tests a change reached and 28 MB of unchanged context. Here a version is cut into
// its skeleton (each run of adjacent tests, module-level helpers and other methods of a class
// replaced by one `pass` line, so the skeleton stays the same while they grow, shrink, come
// or go) and its units (the kept tests and helpers, and the other methods; a method parsed
// inside a `class _:` wrapper; a test left out is its `pass`), each parsed once and cached by
// its text, and the scoped model is spliced from them (analyzer/model/model_splice.h). A
// unit's model is spliced in turn from its statements (statement_parts.h), and so is a
// skeleton's from its top-level statements, a class among them from its class-level ones:
// a skeleton changes with every import and every edit of a class-level table of test cases,
// and skeletons were a quarter of the bytes parsed on Keras master. The cache is shared by
// the workers and bounded by the bytes its models hold; it is cut into shards by the key, each
// with its own lock, since the two workers look pieces up about a million times per Keras
// history and waited on one lock thousands of times.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/model/code_model.h"
#include "miners/gate/diff_scope.h"
#include "miners/walk/clock_cache.h"

namespace oalens::miners {

class PieceModels {
 public:
  // `splitUnits`: a unit's model is spliced in turn from its body's statements, each parsed
  // once (miners/walk/statement_parts.h); false parses each unit's text whole.
  explicit PieceModels(size_t budgetBytes, bool splitUnits = true);

  // The model of `scoped.newText` for the file at `path`; nullopt (with the reason) when it
  // cannot be spliced, and the text must be parsed as it is.
  std::optional<analyzer::FileModel> assemble(const std::string& path, const ScopedPair& scoped, std::string& whyNot);

  struct Counters {
    size_t hits = 0, misses = 0, heldBytes = 0;      // of skeletons and units
    size_t partHits = 0, partMisses = 0;             // of the statements and skeletons units are spliced from
    size_t unitMisses = 0, unitsFromStatements = 0;  // units built, and those spliced from parts
    size_t skeletonsFromStatements = 0;              // skeletons spliced from their top-level statements
    size_t blocksFromStatements = 0;                 // compound statements spliced from their block's
  };
  Counters counters();

  // A unit's skeleton and statements are parts.
  enum class Piece { Skeleton, Unit, Part };

  // A piece's key: the 128-bit digest of its text (with its path where that matters).
  struct Digest {
    uint64_t low = 0, high = 0;
    bool operator==(const Digest&) const = default;
  };

 private:
  using Model = std::shared_ptr<const analyzer::FileModel>;
  struct DigestHash {
    size_t operator()(const Digest& d) const { return d.low; }
  };
  // The parsed model of `source` (cached by its text, and by the path too for a skeleton or
  // a unit that imports).
  // `split` false: parsed as it is, not cut into statements. `nesting`: how many compound
  // statements around this piece were cut already; past kMaxCutNesting the piece is parsed
  // whole, since each cut copies and re-reads everything inside it (3,000 nested `if`s made
  // mine's cost grow with the cube of the file's size).
  static constexpr uint32_t kMaxCutNesting = 6;
  Model parsed(const std::string& path, std::string source, Piece piece, bool split = true, uint32_t nesting = 0);
  // A unit's model spliced from its body's statements, a skeleton's from its top-level ones, a
  // compound statement's from its block's (statement_parts.h); null when it cannot be.
  enum class Cut { Unit, TopLevel, Block };
  Model splicedFromStatements(const std::string& path, const std::string& source, Cut cut, uint32_t nesting);

  struct Shard {
    explicit Shard(size_t budget) : models(budget) {}
    std::mutex mu;
    ClockCache<Digest, Model, DigestHash> models;
  };
  static constexpr size_t kShards = 16;
  Shard& shardOf(const Digest& key) { return *shards_[key.high % kShards]; }  // the low half picks slots

  const bool splitUnits_;
  std::vector<std::unique_ptr<Shard>> shards_;
  struct AtomicCounters {
    std::atomic<size_t> hits{0}, misses{0}, partHits{0}, partMisses{0}, unitMisses{0}, unitsFromStatements{0}, skeletonsFromStatements{0},
        blocksFromStatements{0};
  } counters_;
};

}  // namespace oalens::miners
