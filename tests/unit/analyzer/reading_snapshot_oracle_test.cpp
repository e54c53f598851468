// A reading of an object the test takes with a function of its own, kept, and taken again after
// the object went through the library (saved and reloaded, its weights replaced): the kept
// reading is the test's data.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::oracleTypeAt;
using oalens::testing::scanPython;

namespace {

constexpr const char* kCheckpointTest = R"(import torch
from ckptlib import save_weights, load_weights

def weight_sum(model):
    return sum(p.abs().sum().item() for p in model.parameters())

def test_weights_survive_a_reload(tmp_path):
    model = torch.nn.Linear(3, 2)
    before = weight_sum(model)
    save_weights(model, tmp_path)
    model.tag = "reloaded"
    load_weights(model, tmp_path)
    assert abs(before - weight_sum(model)) < 1e-4

def test_a_rebuilt_model_is_read_afresh(tmp_path):
    model = torch.nn.Linear(3, 2)
    before = weight_sum(model)
    save_weights(model, tmp_path)
    model = torch.nn.Linear(3, 2)
    assert abs(before - weight_sum(model)) < 1e-4
)";

}  // namespace

TEST(ReadingSnapshotOracle, AReadingKeptBeforeTheObjectWasSavedAndReloadedIsData) {
  ScanResult r = scanPython(
      {{"ckptlib/__init__.py", "def save_weights(m, d): pass\ndef load_weights(m, d): pass\n"}, {"tests/test_ckpt.py", kCheckpointTest}});
  classifyOracles(r, {"ckptlib"});
  EXPECT_EQ(oracleTypeAt(r, 13), "D");
  const Assertion* a = atLine(r, 13);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->expectedText, "before");  // the kept reading is the oracle, the one after the reload the CUT
}

TEST(ReadingSnapshotOracle, AnObjectBuiltAnewIsNoSnapshotOfTheSameObject) {
  ScanResult r = scanPython(
      {{"ckptlib/__init__.py", "def save_weights(m, d): pass\ndef load_weights(m, d): pass\n"}, {"tests/test_ckpt.py", kCheckpointTest}});
  classifyOracles(r, {"ckptlib"});
  EXPECT_NE(oracleTypeAt(r, 20), "D");
}
