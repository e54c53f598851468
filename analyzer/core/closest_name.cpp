#include "analyzer/core/closest_name.h"

#include <algorithm>

namespace oalens::analyzer {

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string closestName(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t bestDistance = 3;  // at most two edits
  for (const std::string& c : candidates) {
    const size_t d = editDistance(word, c);
    if (d < bestDistance && d * 2 < std::max<size_t>(word.size(), 2)) best = c, bestDistance = d;
  }
  return best;
}

}  // namespace oalens::analyzer
