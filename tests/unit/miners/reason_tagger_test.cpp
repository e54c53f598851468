#include "miners/classify/reason_tagger.h"

#include <gtest/gtest.h>

#include <algorithm>

using oalens::miners::messageProse;
using oalens::miners::ReasonTagger;

namespace {

ReasonTagger builtin() {
  std::string err;
  ReasonTagger t = ReasonTagger::builtin(err);
  EXPECT_TRUE(err.empty()) << err;
  return t;
}

bool has(const ReasonTagger& t, const std::string& message, const std::string& id) {
  const auto v = t.tag(message);
  return std::find(v.begin(), v.end(), id) != v.end();
}

}  // namespace

struct Case {
  const char* message;
  const char* reason;
  bool tagged;
};

TEST(ReasonTagger, BuiltinPatternsTagMessages) {
  const ReasonTagger t = builtin();
  const Case cases[] = {
      {"Fix flaky test_conv on CI", "flaky", true},
      {"Relax rtol to eliminate spurious failures of the random-input test", "flaky", true},
      {"Relax tolerance on GPU", "hardware", true},
      {"This fixes a flaky CUDA test.", "hardware", true},
      {"Fix a test that is failing flakily on GPU (#2521)", "hardware", true},
      // The machines changed, or a test fixed on a GPU model; not a GPU a feature is for.
      {"CI: switch GPU pool (#77)", "hardware", true},
      {"fix local float8 tests on H100", "hardware", true},
      {"enable decoder kernel for V100", "hardware", false},
      {"Replace hard-coded thresholds: margin for GPU architecture differences", "hardware", true},
      {"Add nightly GPU tests (#7895)", "hardware", true},
      {"Add GPU testing for Jax+Torch", "hardware", true},
      {"add cuda tests for ssim loss and refactor", "hardware", false},
      {"W4A8 kernels\n\nthe generator reaches 133 tok/sec on A100", "hardware", false},
      {"loosen float16 tolerance", "dtype", true},
      {"Allow f16 partial sums in the reduction kernel", "dtype", true},
      {"Revert \"Tighten bounds\"", "rollback", true},
      {"Refactor backend tests", "refactoring", true},
      {"Fix code style in the conv tests", "refactoring", true},
      {"Add tests for softmax", "new-test", true},
      {"Add linalg.solve test for batched inputs", "new-test", true},
      {"enabled tests", "new-test", true},
      {"Enable compiled-mode tests for the sharded path", "new-test", true},
      {"Request the highest precision for the conv reference", "precision", true},
      {"Loosen the numerical tolerance of the solver test", "precision", false},
      {"Relax the check: numerical error accumulates over the scan", "precision", true},
      {"Stop numerical tests from flaking", "precision", false},
      {"Stop numerical tests from flaking", "flaky", true},
      {"Loosen the numerical tolerance of the solver test", "dtype", false},
      {"Repair mixed precision attention on the jax backend", "dtype", true},
      {"Keep a running mean\n\n  |x| is summed in float32 now\n", "dtype", true},
      // Words that only look like a reason: a dtype attribute, a project's "x-style" rule,
      // tests talked about rather than added, the precision of a metric, a table's header.
      {"Reinterpret the buffer in place\n\nb.view(Y).copy_(src) -> b.copy_(src.view(b.dtype))", "dtype", false},
      {"arrays: follow torch-style casting for nested lists", "refactoring", false},
      {"Regrouped the tests for batching rules", "new-test", false},
      {"Split the kernel cache, add tracing, tidy tests", "new-test", false},
      {"Cover precision & recall metrics for top_k", "dtype", false},
      {"Tune the tile shapes\n\n| Case | Dtype | Old | New |\n|---|---|---|---|\n| 1 | bf16 | 2 | 1 |\n", "dtype", false},
  };
  for (const Case& c : cases) EXPECT_EQ(has(t, c.message, c.reason), c.tagged) << c.reason << ": " << c.message;
  EXPECT_TRUE(t.tag("Update README").empty());
}

TEST(ReasonTagger, ReadsTheProseNotCodeBlocksTrailersOrASquashedBranchsCommits) {
  const ReasonTagger t = builtin();
  const std::string codeBlock = "Add a seeded sampler\n\nUsage:\n```python\ns = sampler.make(7)\ns.draw()  # dtype=float32\n```\n";
  EXPECT_FALSE(has(t, codeBlock, "dtype"));
  const std::string trailer =
      "Widen the svd check's tolerance\n\nFails by a little on some seeds.\n\nPiperOrigin-RevId: 12345\nReverted-Undo-Id: 7\n";
  EXPECT_FALSE(has(t, trailer, "rollback"));
  const std::string squash =
      "Port the LSTM cell to the new API (#57)\n\n* first cut\n\n* revert the cache tweak\n\n* cleanup\n\n* passes on GPU\n\n"
      "* the mac runner is flaky here\n";
  // The subject's port to a new API is a feature; of the bullets only the flaky runner counts.
  EXPECT_EQ(t.tag(squash), (std::vector<std::string>{"flaky", "feature"})) << messageProse(squash, false);
  // A step of the branch undone, its "This reverts commit" line included: no rollback of the history.
  const std::string squashedRevert =
      "Fix the noise level (#26)\n\n* first try\n\n* Revert \"first try\"\n\nThis reverts commit 0123abc.\n\n* lint\n";
  EXPECT_FALSE(has(t, squashedRevert, "rollback")) << messageProse(squashedRevert, false);
  EXPECT_TRUE(has(t, "Revert \"Fix the noise level\"\n\nThis reverts commit 0123abc.\n", "rollback"));
  // Two bullets are a written list, not a squash: read.
  EXPECT_TRUE(has(t, "Relax two tolerances\n\n* fails on the GPU runner\n* see #12\n", "hardware"));
  // The subject always counts, and a paragraph that only looks like a trailer is prose.
  EXPECT_TRUE(has(t, "Revert \"Tighten bounds\" (#9)\n\n* a\n\n* b\n\n* c\n", "rollback"));
  EXPECT_TRUE(has(t, "Fix a test\n\nFollow-up: loosen the tolerance on GPU.\n\nMore text.\n", "hardware"));
  // A squashed branch's subjects without bullets, one per paragraph: its steps, not a rollback.
  const std::string subjects =
      "support qr factorization in lm\n\nmove the max values to post init\n\nrevert gain ratio change\n\n"
      "PiperOrigin-RevId: 12345\n";
  EXPECT_FALSE(has(t, subjects, "rollback")) << messageProse(subjects, false);
  // One line of prose, or sentences, are the author's account: read.
  EXPECT_TRUE(has(t, "Loosen the lm check\n\nrevert the tolerance of #12 on GPU\n", "rollback"));
  EXPECT_TRUE(has(t, "Loosen the lm check\n\nThe new solver is slower.\n\nRevert the tolerance of #12.\n", "rollback"));
}

TEST(ReasonTagger, ReadsNeitherATemplatesTaskListNorItsIssueLinks) {
  const ReasonTagger t = builtin();
  // Written here after the shape of a common pull-request template.
  const std::string templated =
      "Let the patch sampler keep metadata (#71)\n\nFixes #70.\n\n### Types of changes\n"
      "<!--- Tick what applies and remove\nthe rest -->\n"
      "- [x] Non-breaking change (fix or new feature that would not\nbreak existing behaviour).\n"
      "- [ ] Breaking change (fix or new feature that would change\nexisting behaviour).\n"
      "- [x] New tests added to cover the changes.\n\nA closing remark.\n";
  EXPECT_FALSE(has(t, templated, "fix")) << messageProse(templated, true);
  EXPECT_FALSE(has(t, templated, "feature")) << messageProse(templated, true);
  EXPECT_FALSE(has(t, templated, "new-test")) << messageProse(templated, true);
  EXPECT_NE(messageProse(templated, true).find("A closing remark."), std::string::npos);
  // Links alone, in any of their usual spellings; a sentence that names an issue is prose.
  EXPECT_FALSE(has(t, "Expose the sampler\n\nFix #1038, fix #377 and closes https://github.com/o/r/issues/9\n", "fix"));
  EXPECT_TRUE(has(t, "Expose the sampler\n\nThis fixes the off-by-one of #12.\n", "fix"));
  EXPECT_TRUE(has(t, "Fixes #921 (#922)\n", "fix"));  // the subject always counts
  // A fix of the test's CI or doctests is the test's.
  EXPECT_TRUE(has(t, "Fix CI\n", "test-fix"));
  EXPECT_TRUE(has(t, "Fix doctest and unittest\n", "test-fix"));
}

TEST(ReasonTagger, AReasonCanSkipTheSquashedCommits) {
  std::string err;
  const ReasonTagger t = ReasonTagger::fromToml(
      "[[reason]]\nid = \"all\"\npattern = 'gpu'\n[[reason]]\nid = \"prose\"\nsquashed_commits = false\npattern = 'gpu'\n", "r.toml", err);
  ASSERT_TRUE(err.empty()) << err;
  EXPECT_EQ(t.tag("Add x\n\n* a\n\n* b\n\n* works on gpu\n"), std::vector<std::string>{"all"});
  EXPECT_EQ(t.tag("Add x on gpu\n\n* a\n\n* b\n\n* c\n"), (std::vector<std::string>{"all", "prose"}));
  ReasonTagger::fromToml("[[reason]]\nid = \"x\"\nsquashed_commits = 1\npattern = 'a'\n", "r.toml", err);
  EXPECT_NE(err.find("'squashed_commits' must be true or false"), std::string::npos) << err;
}

TEST(ReasonTagger, BadPatternsAreReportedWithTheirEntry) {
  std::string err;
  ReasonTagger t = ReasonTagger::fromToml("[[reason]]\nid = \"x\"\npattern = \"(unclosed\"\n", "r.toml", err);
  EXPECT_NE(err.find("r.toml: reason[0] (x)"), std::string::npos) << err;
  EXPECT_EQ(t.size(), 0u);
}

TEST(ReasonTagger, WordsOfTheLabelledHistories) {
  const ReasonTagger t = builtin();
  const Case cases[] = {
      {"Factorize backend tests (#9137)", "refactoring", true},
      {"Clarify tests and variable names", "refactoring", true},
      {"Clarify the schedule's public API", "refactoring", false},
      {"deflake the vmap test", "flaky", true},
      {"Resolve comments. Make the error message more readable.", "test-refactoring", true},
      {"Fix review comments and add a clipped audio case", "refactoring", true},
      {"Comment fixes", "refactoring", true},
      {"Fixes the comment parser", "refactoring", false},
      {"Swap actual and expected in the summary checks", "test-refactoring", true},
      {"Fix the comment parser", "refactoring", false},
      {"Drop `torch_sparse` dependency in tests (14/n)", "refactoring", true},
      {"TST No torch dependency for non-torch frontends", "test-refactoring", true},
      {"Get rid of deprecation warnings", "refactoring", true},
      {"Use kwargs in equality asserts in tests.", "refactoring", true},
      {"Add a dependency on scipy for the solver", "refactoring", false},
      {"working tests", "test-fix", true},
      {"solve tests for soft-sort", "test-fix", true},
      {"Satisfy tensorflow...", "test-fix", true},
      {"Solve the sparse system with CG", "test-fix", false},
      {"fix python formatting", "refactoring", true},
      {"CheckArraysEqual -> CheckOutputArraysEqual", "refactoring", true},
      {"Map inputs -> outputs in the new graph builder", "refactoring", false},
      {"use the library's assert_allclose", "replace", true},
      {"Format code base.", "refactoring", true},
      {"Use parameterized for tests. Make naming more consistent", "refactoring", true},
      {"added variable names to make debugging easier", "refactoring", true},
      {"Format the output of the report", "refactoring", false},
      {"Reduce test sizes for the pricing model.", "refactoring", true},
      {"Reduce Quasi-HJM test size.", "refactoring", true},
      {"Reduce the memory the sampler needs", "refactoring", false},
      {"[JAX] Increase numerical tolerances of tests in preparation for an XLA:CPU vectorization change", "hardware", true},
      {"Better test error message.", "refactoring", true},
      {"Updated numpy as np", "refactoring", true},
      {"Make separable conv backend tests efficient", "refactoring", true},
      {"incorporating py.test", "refactoring", true},
      {"Using black in numpyro (#971)", "refactoring", true},
      {"The black box model", "refactoring", false},
      {"Fix seed for numpy and random module in tests", "flaky", true},
      {"Fix asr decoder_test random_seed.", "flaky", true},
      {"Testing for CUDA compatibility (#1052)", "hardware", true},
      {"fix determinstic seed", "flaky", false},
      {"update tolerance levels for improved test stability", "flaky", true},
      {"removed deprecated jax.test_util calls", "deprecation", true},
      // A move to the API that is not deprecated names its target; tests extended to devices.
      {"update torch.testing to non deprecated assert_close", "feature", true},
      {"Keep the non-GPU path", "feature", false},
      {"Two changes here\n\n2. modified unit tests to run on cuda and cpu", "new-test", true},
      {"the tests run on cpu only", "new-test", false},
      {"Test fbeta available device #3335 (#3360)", "new-test", true},
      {"adds available_device to RocCurve #3335 (#3379)", "new-test", true},
      {"The metric reads the available device count", "new-test", false},
      {"allowing tests to run on cuda as well", "new-test", true},
      {"the kernel may run on cuda as well", "new-test", false},
      {"Changed all failIf/Unless to the non-deprecated assertTrue/False.", "deprecation", true},
      {"The non-deprecated kernels keep their defaults", "deprecation", false},
      {"Tidying up the likelihood tests.", "refactoring", true},
      {"Took the metric tests out of run_all_in_graph_and_eager_mode (#12)", "refactoring", true},
      {"Moved some helpers away from the TestCase they lived in", "refactoring", true},
      {"Run the layer in graph and eager mode", "refactoring", false},
      {"[Feat] refactor tests for kornia.color (#759)", "test-refactoring", true},
      {"so2 tests update and cleanup (#2029)", "test-refactoring", true},
      {"Switch to unittest, small formatting changes", "test-refactoring", true},
      {"Refactor of MultiTask / FullyBayesianMultiTaskGP to use ProductKernel", "test-refactoring", false},
      {"Move losses to dedicated sub-package.", "test-refactoring", false},
      {"Fix mypy issues in tests and examples (#1077)", "test-refactoring", true},
      {"Loosening regression to make tests more stable.", "flaky", true},
      {"Made a test case more robust", "flaky", true},
      {"A stable sort for the indices", "flaky", false},
      {"Switched back to variable based restore", "rollback", true},
      {"working on backwards compatibility, restoring old tests", "rollback", true},
      {"Restore the learning rate schedule", "rollback", false},
      {"Add type hints to the collector; lint", "test-refactoring", true},
      {"Linear layer supports bfloat16", "test-refactoring", false},
      {"This will help remove an error that appear with different seed in the tests.", "flaky", true},
      {"Fix test in float32", "dtype", true},
      {"Fix overflow of uint8 images", "dtype", true},
      {"Use assertTrue instead of failUnless.\n\nfail* functions are deprecated in Python 2.7.", "feature", true},
      {"Add CNTK backend.", "feature", true},
      {"Add `CirculantNormal` distribution. (#1988)", "feature", true},
      {"Implement IntervalCensoredDistribution (#2090)", "feature", true},
      {"Add vectorized RandomBrightness, RandomContrast and RandomHue", "feature", true},
      {"Add more tests for MaxPool", "feature", false},
      {"add Tests for the loss", "feature", false},
      {"GpuDnnBatchNorm now accepts 5d inputs.", "feature", true},
      {"Fix test on python 3.", "test-fix", true},
      {"Resolve assertion errors in inference test", "test-fix", true},
      {"Skip or relax some of the tests for the models if using TPU", "hardware", true},
      {"Spelling fixes (#662)", "refactoring", true},
      {"Fix Flakehell on tests", "refactoring", true},
      {"Remove warnings when compiling with -Wall -Wextra", "refactoring", true},
      {"Fix lint errors in the ops tests", "refactoring", true},
      {"Fixed norm test for every mode and fixed test for old numpy version.", "test-fix", true},
      {"Tests used to fail due to accumulation of negligible errors", "test-fix", true},
      {"Use assert_allclose instead of numpy.allclose().", "replace", true},
      {"Replace `parametrize` with `skipif`", "replace", true},
      {"Replace the kernel; compare with numpy", "replace", false},
      {"Use utt.assert_allclose in test", "replace", true},
      {"Use the new kernel in the tests", "replace", false},
      {"Fix batch normalization", "fix", true},
      {"Tests for subtensor_of_dot, and corrected optimization", "fix", true},
      {"increase test tolerance, so cuda-float16 not failing", "hardware", true},
      {"bump version\n\nfixes for the cuda backend", "hardware", true},
      {"Housekeeping: CUDA-specific test failures that passed on CPU only", "hardware", true},
      {"Fix cuda tests", "hardware", true},
      {"Move the softmax test to the dnn test file", "refactoring", true},
      {"rewrite the calls as suggested in review", "refactoring", true},
      {"Move to the new API", "refactoring", false},
      {"test was failing because allclose was too strict", "test-fix", true},
      {"Raise the bound, the build breaks because of it", "test-fix", true},
      {"Make the test less brittle", "flaky", true},
      {"Increase tolerance to improve consistency", "flaky", true},
      {"Set default backend to TF", "feature", true},
      {"Fix test_posterior_cuda (#12)", "hardware", true},
      {"accept a higher threshold: rounding and order are not the same on cpu and gpu", "hardware", true},
      {"the result differs between CPU and GPU by a few ulps", "hardware", true},
      // A device as the component a change is about, not as its cause.
      {"Batch normalization optimizations for old gpu backend.", "hardware", false},
      {"implemented mode wrap_centered on gpu for Images2Neibs", "hardware", false},
      {"add cuda tests for ssim loss and refactor", "hardware", false},
      {"Exposed rng generation device and dtype for augmentations.", "hardware", false},
      // A data type the commit adds support for is the feature's subject; a dtype's name inside a
      // function's name (`LLM.int8()`) is no data type.
      {"Change the blocksize; additional bf16 support", "dtype-support", true},
      {"Change the blocksize; additional bf16 support", "feature", true},
      {"int8/uint8 support (#12)", "dtype-support", true},
      {"Use cutlass; add support for f16 inputs", "dtype-support", true},
      {"Loosen the float16 tolerance of the conv test", "dtype-support", false},
      {"Add ChainerX float16", "dtype-support", true},
      {"[feat] allow fp16 optimizer state with Adam (#41)", "dtype-support", true},
      {"Fix the test\n\nadd a float16 tolerance", "dtype-support", false},
      {"LLM.int8() refactoring, part 1", "dtype", false},
      {"Cast the reference to int8 before comparing", "dtype", true},
  };
  for (const Case& c : cases) EXPECT_EQ(has(t, c.message, c.reason), c.tagged) << c.reason << ": " << c.message;
}

TEST(ReasonTagger, ANegatedWordDoesNotCount) {
  const ReasonTagger t = builtin();
  EXPECT_FALSE(has(t, "Seed the sampler: the failure is not flaky, the kernel is wrong", "flaky"));
  EXPECT_FALSE(has(t, "Check the mean on non-GPU devices only", "hardware"));
  EXPECT_FALSE(has(t, "Move the checks without refactoring them", "refactoring"));
  EXPECT_TRUE(has(t, "Make the test no longer flaky", "flaky"));
  // A negated match does not hide a later one.
  EXPECT_TRUE(has(t, "Not a refactoring of the kernel; a refactoring of its tests", "refactoring"));
}

TEST(ReasonTagger, MatchesSayWhereAndForWhichKinds) {
  const ReasonTagger t = builtin();
  auto find = [](const std::vector<oalens::miners::MessageMatch>& v, const std::string& id, uint8_t kinds) {
    return std::find_if(v.begin(), v.end(), [&](const auto& m) { return m.id == id && m.kinds == kinds; });
  };
  const std::string bracket = "[Feat] refactor tests for kornia.color";
  const auto m = t.matches(bracket);
  const auto feature = find(m, "feature", 0), refactoring = find(m, "refactoring", 0);
  ASSERT_NE(feature, m.end());
  ASSERT_NE(refactoring, m.end());
  EXPECT_LT(refactoring->position, feature->position);  // the bracket tag ranks last
  // The bare word dtype is read for threshold changes only.
  const auto d = t.matches("Expose the dtype of the generator");
  EXPECT_NE(find(d, "dtype", oalens::miners::kKindThreshold), d.end());
  EXPECT_EQ(find(d, "dtype", 0), d.end());
  std::string err;
  ReasonTagger::fromToml("[[reason]]\nid = \"x\"\nkinds = [\"threshold\", \"typo\"]\npattern = 'a'\n", "r.toml", err);
  EXPECT_NE(err.find("r.toml: reason[0] (x): 'kinds' must be a list of"), std::string::npos) << err;
}

// "Refactor tests in order to check consistency at each step, avoiding divergence. Tests used to
// fail ...": the refactoring is how the test was fixed, not why; it ranks after the reasons the
// message gives elsewhere. In another sentence the refactoring keeps its place.
TEST(ReasonTagger, TheMeansOfAPurposeRanksLast) {
  const ReasonTagger t = builtin();
  auto at = [&](const std::string& message, const std::string& id) {
    for (const auto& m : t.matches(message))
      if (m.id == id) return m.position;
    return std::string::npos;
  };
  const std::string means = "Refactor tests in order to check consistency at each step.\n\nTests used to fail due to accumulated errors.";
  EXPECT_LT(at(means, "test-fix"), at(means, "refactoring"));
  EXPECT_NE(at(means, "refactoring"), std::string::npos);
  const std::string apart = "Refactor tests. Compare each step so that tests used to fail no more.";
  EXPECT_LT(at(apart, "refactoring"), at(apart, "test-fix"));
}

// A squash merge's steps (three or more `* ` lines): a cause read only there is marked so, and a
// numerical problem the commit fixes is tagged as such.
TEST(ReasonTagger, MatchesSayWhetherOnlyASquashedStepNamesThem) {
  const ReasonTagger t = builtin();
  const std::string squash =
      "[Port] detection layers to Keras 3\n\n* chore: port the pooling layer\n\n* chore: disabling flaky test\n\n"
      "* chore: port the sampler\n";
  const auto m = t.matches(squash);
  const auto flaky = std::find_if(m.begin(), m.end(), [](const auto& x) { return x.id == "flaky"; });
  ASSERT_NE(flaky, m.end());
  EXPECT_TRUE(flaky->onlyInSquashedSteps);
  const auto flat = t.matches("Port the layers; a flaky test is disabled");
  const auto inProse = std::find_if(flat.begin(), flat.end(), [](const auto& x) { return x.id == "flaky"; });
  ASSERT_NE(inProse, flat.end());
  EXPECT_FALSE(inProse->onlyInSquashedSteps);
  EXPECT_TRUE(has(t, "Fix major numerical issue in the mean average precision metric", "fixed-numerics"));
  EXPECT_FALSE(has(t, "Raise the tolerance: numerical issues on some platforms", "fixed-numerics"));
  EXPECT_TRUE(has(t, "* add better assert output\n\ntest seems to be flaky", "diagnostics"));
  EXPECT_TRUE(has(t, "Clearer assertion messages in the optimizer tests", "diagnostics"));
  EXPECT_FALSE(has(t, "Add more asserts to the layer tests", "diagnostics"));
}
