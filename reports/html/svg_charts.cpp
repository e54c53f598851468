#include "reports/html/svg_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "analyzer/core/input_guard.h"

namespace oalens::reports {

std::string htmlEscape(std::string_view raw) {
  // The page is UTF-8: a file name or text with other bytes (a Latin-1 path) gets U+FFFD.
  const std::string valid = analyzer::withValidUtf8(raw);
  const std::string_view text = valid;
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {
std::string number(double v) { return v == std::floor(v) && std::abs(v) < 1e15 ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v); }
}  // namespace

namespace {

// A label in lines of at most `width` characters, broken after a path or name separator where
// one is near the end of a line, else anywhere; at most `maxLines`, the last cut with "...".
std::vector<std::string> wrapped(const std::string& label, size_t width, size_t maxLines) {
  std::vector<std::string> lines;
  std::string_view rest = label;
  while (!rest.empty()) {
    if (lines.size() + 1 == maxLines && rest.size() > width) {
      lines.push_back(std::string(rest.substr(0, width - 3)) + "...");
      break;
    }
    size_t cut = std::min(width, rest.size());
    if (cut < rest.size())
      if (const size_t sep = rest.substr(0, cut).find_last_of("/._ ,-:"); sep != std::string_view::npos && sep >= width / 2) cut = sep + 1;
    lines.emplace_back(rest.substr(0, cut));
    rest.remove_prefix(cut);
  }
  return lines;
}

}  // namespace

std::string horizontalBars(const std::vector<Bar>& bars, std::string_view unit) {
  if (bars.empty()) return "<p class=\"none\">nothing to show</p>\n";
  // 300 px hold 46 characters of the 12 px font; a line of a wrapped label takes 14 px.
  constexpr int kLabelWidth = 300, kBarWidth = 420, kRow = 22, kLine = 14;
  constexpr size_t kLabelChars = 46, kMaxLines = 3;
  double top = 0;
  for (const Bar& b : bars) top = std::max(top, b.value);
  std::vector<std::vector<std::string>> labels;
  int height = 4;
  for (const Bar& b : bars) {
    labels.push_back(wrapped(b.label, kLabelChars, kMaxLines));
    height += std::max(kRow, static_cast<int>(labels.back().size()) * kLine + 8);
  }
  std::string svg = fmt::format("<svg class=\"chart\" width=\"{}\" height=\"{}\" role=\"img\">\n", kLabelWidth + kBarWidth + 80, height);
  int y = 2;
  for (size_t i = 0; i < bars.size(); ++i) {
    const int rowHeight = std::max(kRow, static_cast<int>(labels[i].size()) * kLine + 8);
    const double w = top > 0 ? bars[i].value / top * kBarWidth : 0;
    const std::string value = number(bars[i].value) + htmlEscape(unit);
    // The row's group carries the full label: hovering the label, the bar or the value shows it.
    svg += fmt::format("<g><title>{}: {}</title>", htmlEscape(bars[i].label), value);
    std::string text = fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">", kLabelWidth - 6, y + 15);
    for (size_t l = 0; l < labels[i].size(); ++l)
      text += fmt::format("<tspan x=\"{}\" dy=\"{}\">{}</tspan>", kLabelWidth - 6, l == 0 ? 0 : kLine, htmlEscape(labels[i][l]));
    text += "</text>";
    svg += bars[i].href.empty() ? text : fmt::format("<a href=\"{}\">{}</a>", htmlEscape(bars[i].href), text);
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" class=\"bar\"/>", kLabelWidth, y + 3, std::max(w, 1.0),
                       kRow - 6);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text></g>\n", kLabelWidth + w + 6, y + 15, value);
    y += rowHeight;
  }
  return svg + "</svg>\n";
}

std::string stackedColumns(const std::vector<std::string>& columns, const std::vector<Series>& series) {
  if (columns.empty() || series.empty()) return "<p class=\"none\">nothing to show</p>\n";
  // kTotals: room above the tallest column for its total.
  constexpr int kPlotHeight = 220, kLeft = 50, kBottom = 40, kLegend = 24, kTotals = 14;
  const int columnWidth = std::clamp(760 / static_cast<int>(columns.size()), 8, 48);
  auto total = [&](size_t c) {
    double sum = 0;
    for (const Series& s : series) sum += c < s.values.size() ? s.values[c] : 0;
    return sum;
  };
  double top = 0;
  for (size_t c = 0; c < columns.size(); ++c) top = std::max(top, total(c));
  int legendWidth = kLeft;
  for (const Series& s : series) legendWidth += 24 + static_cast<int>(s.name.size()) * 7;
  const int width = std::max({kLeft + columnWidth * static_cast<int>(columns.size()) + 20, legendWidth + 10, 320});
  const int height = kPlotHeight + kBottom + kLegend;
  std::string svg = fmt::format("<svg class=\"chart\" width=\"{}\" height=\"{}\" role=\"img\">\n", width, height + kTotals);
  svg += fmt::format("<g transform=\"translate(0,{})\">", kTotals);
  svg += fmt::format("<text x=\"{}\" y=\"12\" text-anchor=\"end\">{}</text>", kLeft - 6, number(top));
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"axis\"/>\n", kLeft, kPlotHeight,
                     kLeft + columnWidth * static_cast<int>(columns.size()), kPlotHeight);
  const size_t labelEvery = std::max<size_t>(1, columns.size() / 16);
  for (size_t c = 0; c < columns.size(); ++c) {
    const int x = kLeft + static_cast<int>(c) * columnWidth;
    double base = 0;
    for (const Series& s : series) {
      const double v = c < s.values.size() ? s.values[c] : 0;
      if (v <= 0 || top <= 0) continue;
      const double h = v / top * (kPlotHeight - 10), y = kPlotHeight - base - h;
      svg += fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"{}\"><title>{} {}: {}</title></rect>", x + 1, y,
                         columnWidth - 2, h, htmlEscape(s.color), htmlEscape(columns[c]), htmlEscape(s.name), number(v));
      // A part's value inside it where 10 px digits fit: its height and the column's width.
      if (h >= 12 && columnWidth >= 7 * static_cast<int>(number(v).size()) + 4)
        svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"middle\" class=\"inside\">{}</text>", x + columnWidth / 2,
                           y + h / 2 + 4, number(v));
      base += h;
    }
    // Narrow columns (many years) keep their totals to the hover text, where they cannot overlap.
    if (base > 0 && columnWidth >= 6 * static_cast<int>(number(total(c)).size()) + 2)
      svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"middle\" class=\"total\">{}</text>", x + columnWidth / 2,
                         kPlotHeight - base - 3, number(total(c)));
    if (c % labelEvery == 0)
      svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x + columnWidth / 2, kPlotHeight + 16,
                         htmlEscape(columns[c]));
    svg += "\n";
  }
  int lx = kLeft;
  for (const Series& s : series) {
    const int y = kPlotHeight + kBottom;
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>", lx, y,
                       htmlEscape(s.color), lx + 16, y + 11, htmlEscape(s.name));
    lx += 24 + static_cast<int>(s.name.size()) * 7;
  }
  return svg + "\n</g></svg>\n";
}

}  // namespace oalens::reports
