#include "miners/git/text_hunks.h"

#include <git2.h>

#include "miners/git/repository.h"

namespace oalens::miners {

std::vector<LineHunk> wholeTextHunks(std::string_view oldText, std::string_view newText) {
  initGit();
  std::vector<LineHunk> hunks;
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.context_lines = 0;
  opts.flags |= GIT_DIFF_FORCE_TEXT;
  auto onHunk = [](const git_diff_delta*, const git_diff_hunk* h, void* payload) {
    static_cast<std::vector<LineHunk>*>(payload)->push_back({h->old_start, h->old_lines, h->new_start, h->new_lines});
    return 0;
  };
  git_diff_buffers(oldText.data(), oldText.size(), nullptr, newText.data(), newText.size(), nullptr, &opts, nullptr, nullptr, onHunk,
                   nullptr, &hunks);
  return hunks;
}

}  // namespace oalens::miners
