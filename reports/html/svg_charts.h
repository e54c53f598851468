// Charts as inline SVG for the self-contained HTML dashboard: no script, no external file, so
// the page opens the same from a CI artifact, an e-mail or a file system years later. Labels
// and values are escaped here; callers pass plain text.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace oalens::reports {

std::string htmlEscape(std::string_view text);

struct Bar {
  std::string label;
  double value = 0;
  std::string href;  // the label links here when set (a file's page)
};

// Horizontal bars, largest first as given, each labelled with its value. A long label wraps
// onto up to three lines (cut with "..." beyond); the whole label shows on hover.
std::string horizontalBars(const std::vector<Bar>& bars, std::string_view unit = "");

struct Series {
  std::string name;
  std::string color;           // CSS color
  std::vector<double> values;  // one per column
};

// Columns of stacked series (e.g. OA changes per year by kind), with a legend; each column's
// total above it and each part's value inside it where it fits.
std::string stackedColumns(const std::vector<std::string>& columns, const std::vector<Series>& series);

}  // namespace oalens::reports
