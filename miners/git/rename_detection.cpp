// Rename detection over a diff of two trees (rename_detection.h).
#include "miners/git/rename_detection.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "miners/git/git_handles.h"
#include "miners/git/line_signature.h"

namespace oalens::miners {

namespace {

std::vector<FileChange> collectDeltas(git_diff* d) {
  std::vector<FileChange> out;
  for (size_t i = 0; i < git_diff_num_deltas(d); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(d, i);
    FileChange fc;
    switch (delta->status) {
      case GIT_DELTA_ADDED:
      case GIT_DELTA_UNTRACKED: fc.status = FileChange::Status::Added; break;
      case GIT_DELTA_DELETED: fc.status = FileChange::Status::Deleted; break;
      case GIT_DELTA_RENAMED: fc.status = FileChange::Status::Renamed; break;
      case GIT_DELTA_MODIFIED: fc.status = FileChange::Status::Modified; break;
      default: continue;  // type changes, submodules, conflicts (reported separately)
    }
    if (fc.status != FileChange::Status::Added) {
      fc.oldPath = delta->old_file.path;
      fc.oldBlob = hex(&delta->old_file.id);
    }
    if (fc.status != FileChange::Status::Deleted) {
      fc.newPath = delta->new_file.path;
      if (delta->new_file.flags & GIT_DIFF_FLAG_VALID_ID && !git_oid_is_zero(&delta->new_file.id)) fc.newBlob = hex(&delta->new_file.id);
    }
    out.push_back(std::move(fc));
  }
  return out;
}

// libgit2's default rename threshold (diff_tform.c, DEFAULT_THRESHOLD; find options leave it
// 0). Pairs scoring under it never become renames and never keep a better pair from becoming
// one (a mapping is replaced only by a higher score), so any score under it gives the same
// renames: the comparison may stop as soon as the threshold is out of reach.
constexpr int kRenameThreshold = 50;

// libgit2's default rename metric with each pair's score remembered. git_diff_find_similar
// scores every added file against every deleted one, and scores them all again after a round
// in which a better match bumped an earlier one: on Keras master one commit that moves 1,297
// files made 626,050 comparisons of 313,025 pairs (2.3% of `mine` in all, perf). The renames
// are libgit2's own (line_signature.h); a score under kRenameThreshold may be any such score.
struct RememberedScores {
  std::unordered_map<uint64_t, int> byPair;  // the two signatures' numbers
  uint32_t signatures = 0;
};

struct NumberedSignature {
  LineSignature sig;
  uint32_t number = 0;
};

int numbered(void** out, git_hashsig* sig, void* scores) {
  *out = new NumberedSignature{LineSignature(sig), static_cast<RememberedScores*>(scores)->signatures++};
  return 0;
}

git_diff_similarity_metric rememberingMetric(RememberedScores& scores) {
  git_diff_similarity_metric metric{};
  metric.payload = &scores;
  metric.file_signature = [](void** out, const git_diff_file*, const char* fullpath, void* payload) {
    git_hashsig* sig = nullptr;
    const int error = git_hashsig_create_fromfile(&sig, fullpath, LineSignature::kOptions);
    return error < 0 ? error : numbered(out, sig, payload);
  };
  metric.buffer_signature = [](void** out, const git_diff_file*, const char* buf, size_t len, void* payload) {
    git_hashsig* sig = nullptr;
    const int error = git_hashsig_create(&sig, buf, len, LineSignature::kOptions);
    return error < 0 ? error : numbered(out, sig, payload);
  };
  metric.free_signature = [](void* sig, void*) { delete static_cast<NumberedSignature*>(sig); };
  metric.similarity = [](int* score, void* a, void* b, void* payload) {
    auto& remembered = static_cast<RememberedScores*>(payload)->byPair;
    const auto* sa = static_cast<const NumberedSignature*>(a);
    const auto* sb = static_cast<const NumberedSignature*>(b);
    // Most pairs of a large move are ruled out by the bound faster than a score is looked up.
    if (!sa->sig.mayReach(sb->sig, kRenameThreshold)) {
      *score = 0;
      return 0;
    }
    const uint64_t pair = uint64_t{sa->number} << 32 | sb->number;
    if (auto it = remembered.find(pair); it != remembered.end()) {
      *score = it->second;
      return 0;
    }
    const int similarity = sa->sig.similarityAtLeast(sb->sig, kRenameThreshold);
    if (similarity < 0) return similarity;
    remembered.emplace(pair, similarity);
    *score = similarity;
    return 0;
  };
  return metric;
}

// Added and deleted files with the same blob, paired as renames in path order, as git's
// exact rename detection pairs them whatever its rename limit: libgit2 compares each added
// file with at most `rename_limit` deleted ones, so in a move of 10,000 files 8,999 stayed a
// deletion and an addition.
void pairExactRenames(std::vector<FileChange>& changes) {
  std::unordered_map<std::string, std::vector<size_t>> deletedByBlob;
  for (size_t i = 0; i < changes.size(); ++i)
    if (changes[i].status == FileChange::Status::Deleted && !changes[i].oldBlob.empty()) deletedByBlob[changes[i].oldBlob].push_back(i);
  if (deletedByBlob.empty()) return;
  std::unordered_map<std::string, size_t> used;  // blob -> how many of its deletions are paired
  std::vector<bool> drop(changes.size(), false);
  for (FileChange& fc : changes) {
    if (fc.status != FileChange::Status::Added || fc.newBlob.empty()) continue;
    auto it = deletedByBlob.find(fc.newBlob);
    if (it == deletedByBlob.end() || used[fc.newBlob] >= it->second.size()) continue;
    const size_t deleted = it->second[used[fc.newBlob]++];
    fc.status = FileChange::Status::Renamed;
    fc.oldPath = changes[deleted].oldPath;
    fc.oldBlob = changes[deleted].oldBlob;
    drop[deleted] = true;
  }
  size_t kept = 0;
  for (size_t i = 0; i < changes.size(); ++i) {
    if (drop[i]) continue;
    if (kept != i) changes[kept] = std::move(changes[i]);  // not onto itself: a self-move empties a string
    ++kept;
  }
  changes.resize(kept);
}

// Whether the added files, or the deleted ones, all have a file of the same blob on the other
// side (or there are none): then no rename needs a similarity score.
bool everyRenameIsExact(git_diff* d) {
  std::unordered_map<std::string, int> balance;  // blob -> deleted minus added files with it
  size_t added = 0, deleted = 0;
  for (size_t i = 0; i < git_diff_num_deltas(d); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(d, i);
    if (delta->status == GIT_DELTA_DELETED) {
      ++deleted;
      ++balance[hex(&delta->old_file.id)];
    } else if (delta->status == GIT_DELTA_ADDED) {
      if (!(delta->new_file.flags & GIT_DIFF_FLAG_VALID_ID) || git_oid_is_zero(&delta->new_file.id)) return false;
      ++added;
      --balance[hex(&delta->new_file.id)];
    } else if (delta->status == GIT_DELTA_UNTRACKED) {
      return false;
    }
  }
  if (added == 0 || deleted == 0) return true;
  bool addsMatched = true, deletesMatched = true;
  for (const auto& [blob, n] : balance) {
    addsMatched = addsMatched && n >= 0;
    deletesMatched = deletesMatched && n <= 0;
  }
  return addsMatched || deletesMatched;
}

}  // namespace

// The changed files of a diff, renames detected: libgit2's similarity pairing with our own
// limit (the mined repository's diff.renameLimit is not read, so two clones give the same
// history), then the exact renames it left. When more files were deleted than the limit lets
// it compare, `note` says that an edited file moved beyond it counts as a deletion and an
// addition.
std::optional<std::vector<FileChange>> renamedDeltas(git_diff* d, int renameLimit, std::string& note, std::string& err) {
  // A move where every added file, or every deleted one, has a twin of the same blob on the
  // other side needs no similarity scores: libgit2 would compare each pair (10,000 moved files:
  // 10^8 comparisons, 6.5 s), and the exact pairing below finds them all.
  if (everyRenameIsExact(d)) {
    std::vector<FileChange> changes = collectDeltas(d);
    pairExactRenames(changes);
    return changes;
  }
  git_diff_find_options find = GIT_DIFF_FIND_OPTIONS_INIT;
  find.flags = GIT_DIFF_FIND_RENAMES;
  find.rename_limit = static_cast<size_t>(renameLimit);
  RememberedScores scores;
  git_diff_similarity_metric metric = rememberingMetric(scores);
  find.metric = &metric;
  if (git_diff_find_similar(d, &find) != 0) {
    err = lastGitError("rename detection failed");
    return std::nullopt;
  }
  std::vector<FileChange> changes = collectDeltas(d);
  pairExactRenames(changes);
  size_t added = 0, deleted = 0;
  for (const FileChange& fc : changes) {
    added += fc.status == FileChange::Status::Added;
    deleted += fc.status == FileChange::Status::Deleted;
  }
  if (added > 0 && deleted > static_cast<size_t>(renameLimit))
    note = fmt::format(
        "{} deleted and {} added files are more than the rename limit {} lets be compared: an edited file moved "
        "beyond it counts as a deletion and an addition (raise --rename-limit)",
        deleted, added, renameLimit);
  return changes;
}

}  // namespace oalens::miners
