// A model run on an input, its state saved and restored (into the same object or a new one of its
// class), and run again on that input: the same code under test run twice.
#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::oracleTypeAt;
using oalens::testing::scanPython;

namespace {

constexpr const char* kCheckpointLib =
    "class Saver:\n    def __init__(self, d, objects): pass\n    def save(self): pass\n    def load_latest(self): pass\n";

constexpr const char* kRestoreTest = R"(import torch
from ckptlib import Saver

def test_restored_into_a_new_module(tmp_path):
    module = torch.nn.Linear(4, 2).to("cpu")
    Saver(tmp_path, {"m": module}).save()
    x = torch.randn(3, 4)
    before = module(x)
    module = torch.nn.Linear(4, 2)
    saver = Saver(tmp_path, {"m": module})
    saver.load_latest()
    assert torch.allclose(module(x), before)

def test_run_on_another_input_after_the_restore(tmp_path):
    module = torch.nn.Linear(4, 2)
    saver = Saver(tmp_path, {"m": module})
    x = torch.randn(3, 4)
    before = module(x)
    saver.load_latest()
    x = x * 2
    assert torch.allclose(module(x), before)
)";

}  // namespace

TEST(RestoredModelOracle, TheSameRunBeforeAndAfterARestoreIsTheSameCode) {
  ScanResult r = scanPython({{"ckptlib/__init__.py", kCheckpointLib}, {"tests/test_restore.py", kRestoreTest}});
  classifyOracles(r, {"ckptlib"});
  EXPECT_EQ(oracleTypeAt(r, 12), "SCUT_SAME");
  const Assertion* a = atLine(r, 12);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->expectedText, "before");
}

TEST(RestoredModelOracle, AnInputChangedAfterTheRestoreIsNoRerun) {
  ScanResult r = scanPython({{"ckptlib/__init__.py", kCheckpointLib}, {"tests/test_restore.py", kRestoreTest}});
  classifyOracles(r, {"ckptlib"});
  EXPECT_NE(oracleTypeAt(r, 21), "SCUT_SAME");
}

TEST(RestoredModelOracle, StateReadOffAModelStoredAndLoadedByNamedFunctionsIsTheSameComputation) {
  // `save_full_model` and `load_full_model`: a store and a read-back named with underscores; the
  // weights read off the model the library built, before and after, are its computation twice.
  ScanResult r =
      scanPython({{"ckptlib/__init__.py", "def build_model(n): pass\ndef save_full_model(m, d): pass\ndef load_full_model(d): pass\n"},
                  {"tests/test_store.py", R"(import numpy as np
from ckptlib import build_model, save_full_model, load_full_model

def test_weights_survive_a_store(tmp_path):
    model = build_model(np.linspace(0.0, 1.0, 4))
    w1 = model.weights
    save_full_model(model, tmp_path)
    loaded = load_full_model(tmp_path)
    w2 = loaded.weights
    np.testing.assert_allclose(w1, w2)
)"}});
  classifyOracles(r, {"ckptlib"});
  EXPECT_EQ(oracleTypeAt(r, 10), "SCUT_SAME");
}
