// What a worker learned about one commit, handed to the writer.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "miners/classify/change_classifier.h"
#include "miners/classify/change_evidence.h"
#include "miners/git/repository.h"
#include "miners/pairing/pairing.h"

namespace oalens::miners {

struct FileResult {
  using Versions = std::vector<AssertionVersion>;
  FileChange change;
  // The OA assertions of the old and new blob (null: none), shared with the cache of analysed
  // versions rather than copied: a version of a large test file holds thousands.
  std::shared_ptr<const Versions> oldVersions, newVersions;
  const Versions& olds() const { return oldVersions ? *oldVersions : none(); }
  const Versions& news() const { return newVersions ? *newVersions : none(); }
  std::vector<Pair> pairs;
  std::vector<ChangeKinds> kinds;  // one per pair; no kind: unchanged
  // One per pair when the file has an API, parameter or threshold change (commit_evidence.h);
  // otherwise empty.
  std::vector<PairEvidence> evidence;
  std::vector<std::string> diagnostics;
  // A side whose git object could not be read (missing, or corrupt: git exits 128 on it), in
  // git's words; its commit is then stored as an error, with what could be read.
  std::string unreadableObject;

 private:
  static const Versions& none() {
    static const Versions empty;
    return empty;
  }
};

struct CommitResult {
  CommitInfo info;
  bool ok = true;
  std::string error;
  bool merge = false;
  bool outOfRange = false;  // outside --since/--until: not stored
  int testFiles = 0;
  std::vector<FileResult> files;
  std::string note;  // about the commit as a whole (renames past the limit), stored in mine_diagnostics
};

}  // namespace oalens::miners
