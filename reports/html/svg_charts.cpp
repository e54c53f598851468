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

std::string horizontalBars(const std::vector<Bar>& bars, std::string_view unit) {
  if (bars.empty()) return "<p class=\"none\">nothing to show</p>\n";
  constexpr int kLabelWidth = 300, kBarWidth = 420, kRow = 22;
  double top = 0;
  for (const Bar& b : bars) top = std::max(top, b.value);
  const int height = static_cast<int>(bars.size()) * kRow + 4;
  std::string svg = fmt::format("<svg class=\"chart\" width=\"{}\" height=\"{}\" role=\"img\">\n", kLabelWidth + kBarWidth + 80, height);
  for (size_t i = 0; i < bars.size(); ++i) {
    const int y = static_cast<int>(i) * kRow + 2;
    const double w = top > 0 ? bars[i].value / top * kBarWidth : 0;
    std::string label = bars[i].label.size() > 48 ? bars[i].label.substr(0, 45) + "..." : bars[i].label;
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>", kLabelWidth - 6, y + 15, htmlEscape(label));
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" class=\"bar\"><title>{}: {}{}</title></rect>", kLabelWidth, y + 3,
                       std::max(w, 1.0), kRow - 6, htmlEscape(bars[i].label), number(bars[i].value), htmlEscape(unit));
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}{}</text>\n", kLabelWidth + w + 6, y + 15, number(bars[i].value), htmlEscape(unit));
  }
  return svg + "</svg>\n";
}

std::string stackedColumns(const std::vector<std::string>& columns, const std::vector<Series>& series) {
  if (columns.empty() || series.empty()) return "<p class=\"none\">nothing to show</p>\n";
  constexpr int kPlotHeight = 220, kLeft = 50, kBottom = 40, kLegend = 24;
  const int columnWidth = std::clamp(760 / static_cast<int>(columns.size()), 8, 48);
  double top = 0;
  for (size_t c = 0; c < columns.size(); ++c) {
    double sum = 0;
    for (const Series& s : series) sum += c < s.values.size() ? s.values[c] : 0;
    top = std::max(top, sum);
  }
  int legendWidth = kLeft;
  for (const Series& s : series) legendWidth += 24 + static_cast<int>(s.name.size()) * 7;
  const int width = std::max({kLeft + columnWidth * static_cast<int>(columns.size()) + 20, legendWidth + 10, 320});
  const int height = kPlotHeight + kBottom + kLegend;
  std::string svg = fmt::format("<svg class=\"chart\" width=\"{}\" height=\"{}\" role=\"img\">\n", width, height);
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
      base += h;
    }
    if (c % labelEvery == 0)
      svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>", x + columnWidth / 2, kPlotHeight + 16, htmlEscape(columns[c]));
    svg += "\n";
  }
  int lx = kLeft;
  for (const Series& s : series) {
    const int y = kPlotHeight + kBottom;
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>", lx, y, htmlEscape(s.color),
                       lx + 16, y + 11, htmlEscape(s.name));
    lx += 24 + static_cast<int>(s.name.size()) * 7;
  }
  return svg + "\n</svg>\n";
}

}  // namespace oalens::reports
