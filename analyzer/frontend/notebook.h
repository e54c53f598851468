// Jupyter notebooks (.ipynb) read as the Python program their code cells make, in order: what
// `lint` checks in them. Each line of that program remembers its cell and its line there, and
// the line of the .ipynb file that holds it, so that findings point at the notebook.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oalens::analyzer {

struct NotebookLine {
  uint32_t cell = 0;      // 1-based position among all the notebook's cells (markdown included)
  uint32_t cellLine = 0;  // 1-based line within the cell
  uint32_t fileLine = 0;  // 1-based line of the .ipynb text that holds it (the cell's "source" line when not one a line)
};

struct NotebookCode {
  std::string python;               // the code cells, one after the other
  std::vector<NotebookLine> lines;  // for each line of `python`, in order
  // For each code cell, the first and last line of `python` (1-based, inclusive) it became.
  std::vector<std::pair<uint32_t, uint32_t>> cellSpans;
};

bool isNotebookPath(std::string_view path);

// The Python of a notebook's code cells. IPython's own syntax becomes blank lines, which keep the
// numbering: line magics (`%matplotlib inline`), shell escapes (`!pip install x`), help
// (`np.mean?`); a cell magic's line (`%%time`) for magics that run the cell as Python, the whole
// cell for the others (`%%bash`). nullopt with `err` set when the text is no notebook (not JSON,
// no `cells` list, a cell without its source).
std::optional<NotebookCode> notebookCode(std::string_view text, std::string& err);

}  // namespace oalens::analyzer
