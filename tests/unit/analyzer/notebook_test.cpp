// Notebooks as the Python of their code cells: the cells in order, IPython's syntax left out
// with the numbering kept, each line's cell and line of the .ipynb text, broken notebooks told.
#include "analyzer/frontend/notebook.h"

#include <gtest/gtest.h>

using namespace oalens::analyzer;

namespace {

// A notebook as Jupyter writes it: one JSON string a source line.
const char* kNotebook = R"nb({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# Title"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": [
    "%matplotlib inline\n",
    "import numpy as np\n",
    "x = np.ones(3)"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": [
    "%%bash\n",
    "ls -la"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": [
    "%%time\n",
    "files = !ls\n",
    "np.mean?\n",
    "y = x * 2"
   ]
  }
 ],
 "nbformat": 4,
 "nbformat_minor": 5
}
)nb";

TEST(Notebook, CodeCellsInOrderWithIPythonLinesBlank) {
  std::string err;
  auto code = notebookCode(kNotebook, err);
  ASSERT_TRUE(code) << err;
  EXPECT_EQ(code->python, "\nimport numpy as np\nx = np.ones(3)\n\n\n\n\n\ny = x * 2\n");
  ASSERT_EQ(code->lines.size(), 9u);
  // Cells are counted among all cells, the markdown one included.
  EXPECT_EQ(code->lines[1].cell, 2u);
  EXPECT_EQ(code->lines[1].cellLine, 2u);
  EXPECT_EQ(code->lines[8].cell, 4u);
  EXPECT_EQ(code->lines[8].cellLine, 4u);
  ASSERT_EQ(code->cellSpans.size(), 3u);
  EXPECT_EQ(code->cellSpans[2], (std::pair<uint32_t, uint32_t>{6, 9}));
}

TEST(Notebook, EachLineKnowsItsLineInTheFile) {
  std::string err;
  auto code = notebookCode(kNotebook, err);
  ASSERT_TRUE(code) << err;
  EXPECT_EQ(code->lines[1].fileLine, 16u);  // "import numpy as np\n"
  EXPECT_EQ(code->lines[8].fileLine, 37u);  // "y = x * 2"
}

TEST(Notebook, ASourceWrittenAsOneStringPointsAtItsKey) {
  std::string err;
  auto code = notebookCode("{\n \"cells\": [{\n  \"cell_type\": \"code\",\n  \"source\": \"a = 1\\nb = a\"\n }]\n}", err);
  ASSERT_TRUE(code) << err;
  EXPECT_EQ(code->python, "a = 1\nb = a\n");
  EXPECT_EQ(code->lines[1].fileLine, 4u);
  code = notebookCode(R"({"cells": [{"cell_type": "code", "source": "a = 1"}]})", err);
  ASSERT_TRUE(code) << err;
  EXPECT_EQ(code->lines[0].fileLine, 1u);
  // Where the sources found are not one a cell (a cell without one), the lines are not known.
  code = notebookCode(R"({"cells": [{"cell_type": "raw"}, {"cell_type": "code", "source": "a = 1"}]})", err);
  ASSERT_TRUE(code) << err;
  EXPECT_EQ(code->lines[0].fileLine, 0u);
}

TEST(Notebook, Nbformat3ReadsTheWorksheetsInput) {
  std::string err;
  auto code = notebookCode(R"({"worksheets": [{"cells": [{"cell_type": "code", "input": ["z = 3\n"]}]}], "nbformat": 3})", err);
  ASSERT_TRUE(code) << err;
  EXPECT_EQ(code->python, "z = 3\n");
}

TEST(Notebook, BrokenNotebooksAreToldWhy) {
  std::string err;
  EXPECT_FALSE(notebookCode("{\"cells\": [", err));
  EXPECT_NE(err.find("not JSON"), std::string::npos) << err;
  EXPECT_FALSE(notebookCode("{\"nbformat\": 4}", err));
  EXPECT_NE(err.find("no list of cells"), std::string::npos) << err;
  EXPECT_FALSE(notebookCode(R"({"cells": [{"cell_type": "code"}]})", err));
  EXPECT_NE(err.find("has no source"), std::string::npos) << err;
  EXPECT_FALSE(notebookCode(R"({"cells": [{"cell_type": "code", "source": [1, 2]}]})", err));
  EXPECT_NE(err.find("neither text nor a list"), std::string::npos) << err;
  EXPECT_FALSE(notebookCode("[1, 2]", err));
}

TEST(Notebook, OnlyTheIpynbSuffixIsANotebook) {
  EXPECT_TRUE(isNotebookPath("a/b.ipynb"));
  EXPECT_FALSE(isNotebookPath("a/ipynb"));
  EXPECT_FALSE(isNotebookPath("a/b.ipynb.py"));
}

}  // namespace
