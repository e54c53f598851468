// What a worker learned about one commit, handed to the writer.
#pragma once
#include <string>
#include <vector>

#include "miners/classify/change_classifier.h"
#include "miners/git/repository.h"
#include "miners/pairing/pairing.h"

namespace oalens::miners {

struct FileResult {
  FileChange change;
  std::vector<AssertionVersion> olds, news;  // OA assertions of the old and new blob
  std::vector<Pair> pairs;
  std::vector<ChangeKinds> kinds;  // one per pair; no kind: unchanged
  std::vector<std::string> diagnostics;
};

struct CommitResult {
  CommitInfo info;
  bool ok = true;
  std::string error;
  bool merge = false;
  bool outOfRange = false;  // outside --since/--until: not stored
  int testFiles = 0;
  std::vector<FileResult> files;
};

}  // namespace oalens::miners
