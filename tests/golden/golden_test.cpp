// Golden tests over the self-written corpora corpora/dl_suite (Python) and
// corpora/dl_suite_cpp (C++):
//  1. every `# expect:` (`// expect:`) annotation in a corpus is met, and nothing unannotated
//     is reported (the runner lists `missing` and `noisy` records and field mismatches,
//     file:line each);
//  2. the full rendering of the scan equals tests/golden/<corpus>.golden.txt, shown as a
//     unified diff when not. Update path: OALENS_UPDATE_GOLDEN=1 ctest -R Golden
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/scan/scanner.h"
#include "tests/support/annotations.h"

namespace fs = std::filesystem;
using namespace oalens::analyzer;

namespace {

struct Corpus {
  std::string name;    // folder under corpora/, and the golden file's stem
  std::string marker;  // what starts an annotation
  std::vector<std::string> extensions;
  size_t minAnnotations;  // a guard against a corpus the runner silently fails to read
  fs::path dir() const { return fs::path(OALENS_SOURCE_DIR) / "corpora" / name; }
  fs::path golden() const { return fs::path(OALENS_SOURCE_DIR) / "tests" / "golden" / (name + ".golden.txt"); }
};

const Corpus kPython{"dl_suite", "# expect: ", {".py"}, 150};
const Corpus kCpp{"dl_suite_cpp", "// expect: ", {".c", ".cc", ".cpp", ".h"}, 60};

struct Expected {
  bool oa = false;
  std::map<std::string, std::string> fields;  // api, cat, thr
  std::vector<std::string> tolerances;        // name:provenance[:value]
};

std::map<std::pair<std::string, uint32_t>, Expected> readAnnotations(const Corpus& corpus) {
  std::map<std::pair<std::string, uint32_t>, Expected> out;
  for (const auto& [key, text] : oalens::testing::readAnnotations(corpus.dir(), corpus.marker, corpus.extensions)) {
    std::istringstream words(text);
    Expected e;
    std::string w;
    words >> w;
    e.oa = w == "oa";
    while (words >> w) {
      auto eq = w.find('=');
      if (eq == std::string::npos) continue;
      std::string k = w.substr(0, eq), value = w.substr(eq + 1);
      if (k == "tol") {
        std::stringstream parts(value);
        for (std::string t; std::getline(parts, t, ',');) e.tolerances.push_back(t);
      } else {
        e.fields[k] = value;
      }
    }
    out[key] = e;
  }
  return out;
}

ScanResult scanCorpus(const Corpus& corpus, unsigned threads) {
  Catalogue c = Catalogue::builtin();
  ScanOptions opt;
  opt.threads = threads;
  ScanResult r = scanPath(corpus.dir(), c, opt);
  classifyOracles(r);
  return r;
}

std::string render(const Corpus& corpus, const ScanResult& r) {
  std::ostringstream out;
  out << "# oalens scan of corpora/" << corpus.name << ": " << r.assertions.size() << " assertions, " << r.oaCount() << " OA, "
      << r.testCaseCount() << " test cases, " << r.testCasesWithOa() << " with OA\n";
  for (const auto& a : r.assertions) {
    out << a.file << ":" << a.range.start.line << ":" << a.range.start.col << " " << a.api << " " << categoryName(a.category)
        << (a.isOa ? " oa" : " -");
    if (a.isOa) out << " thr=" << thresholdProvenanceName(a.thresholdProvenance) << " oracle=" << a.oracleType;
    if (!a.via.empty()) out << " via=" << a.via;
    for (size_t i = 0; i < a.checkSites.size(); ++i) out << (i == 0 ? " sites=" : ",") << a.checkSites[i];
    if (a.negated) out << " negated";
    out << " case=" << (a.testCase.empty() ? "-" : a.testCase);
    for (const auto& t : a.tolerances) {
      out << " " << t.name << "=" << t.text << "(" << provenanceName(t.provenance);
      if (t.value) out << "," << *t.value;
      out << ")";
    }
    if (!a.actualText.empty()) out << " actual=`" << a.actualText << "`";
    if (!a.expectedText.empty()) out << " expected=`" << a.expectedText << "`";
    out << "\n";
  }
  return out.str();
}

std::string unifiedDiff(const std::string& want, const std::string& got) {
  fs::path a = fs::temp_directory_path() / "oalens_golden_want.txt";
  fs::path b = fs::temp_directory_path() / "oalens_golden_got.txt";
  std::ofstream(a) << want;
  std::ofstream(b) << got;
  std::string cmd = "diff -u --label golden --label actual " + a.string() + " " + b.string();
  std::string out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[4096];
    while (size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    ::pclose(p);
  }
  return out;
}

void expectAnnotationsMet(const Corpus& corpus) {
  auto expected = readAnnotations(corpus);
  ASSERT_GE(expected.size(), corpus.minAnnotations) << "corpus annotations not found under " << corpus.dir();
  ScanResult r = scanCorpus(corpus, 2);
  std::vector<std::string> problems;
  std::map<std::pair<std::string, uint32_t>, const Assertion*> got;
  for (const auto& a : r.assertions) {
    auto key = std::make_pair(a.file, a.range.start.line);
    if (!expected.count(key)) problems.push_back("noisy:   " + a.file + ":" + std::to_string(a.range.start.line) + " " + a.api);
    got[key] = &a;
  }
  for (const auto& [key, e] : expected) {
    std::string where = key.first + ":" + std::to_string(key.second);
    auto it = got.find(key);
    if (it == got.end()) {
      problems.push_back("missing: " + where + " " + e.fields.at("api"));
      continue;
    }
    const Assertion& a = *it->second;
    auto mismatch = [&](const std::string& what, const std::string& want, const std::string& have) {
      if (want != have) problems.push_back("wrong:   " + where + " " + what + ": expected " + want + ", got " + have);
    };
    mismatch("is_oa", e.oa ? "oa" : "assert", a.isOa ? "oa" : "assert");
    mismatch("api", e.fields.at("api"), a.api);
    if (e.fields.count("cat")) mismatch("category", e.fields.at("cat"), std::string(categoryName(a.category)));
    if (e.fields.count("thr")) mismatch("threshold", e.fields.at("thr"), std::string(thresholdProvenanceName(a.thresholdProvenance)));
    if (!e.oa) continue;
    std::vector<std::string> haveTols;
    for (const auto& t : a.tolerances) haveTols.push_back(t.name);
    if (haveTols.size() != e.tolerances.size())
      problems.push_back("wrong:   " + where + " tolerance count: expected " + std::to_string(e.tolerances.size()) + ", got " +
                         std::to_string(haveTols.size()));
    for (const auto& spec : e.tolerances) {
      std::stringstream parts(spec);
      std::string name, prov, value;
      std::getline(parts, name, ':');
      std::getline(parts, prov, ':');
      std::getline(parts, value);
      const Tolerance* t = nullptr;
      for (const auto& x : a.tolerances)
        if (x.name == name) t = &x;
      if (!t) {
        problems.push_back("wrong:   " + where + " tolerance " + name + " missing");
        continue;
      }
      mismatch(name + " provenance", prov, std::string(provenanceName(t->provenance)));
      if (!value.empty()) {
        double want = std::strtod(value.c_str(), nullptr);
        if (!t->value || std::fabs(*t->value - want) > 1e-12 * std::max(1.0, std::fabs(want)))
          problems.push_back("wrong:   " + where + " " + name + " value: expected " + value + ", got " +
                             (t->value ? std::to_string(*t->value) : "none"));
      }
    }
  }
  std::string report;
  for (const auto& p : problems) report += p + "\n";
  EXPECT_TRUE(problems.empty()) << problems.size() << " problem(s):\n" << report;
}

void expectRenderingMatches(const Corpus& corpus) {
  std::string got = render(corpus, scanCorpus(corpus, 2));
  const fs::path golden = corpus.golden();
  if (const char* u = std::getenv("OALENS_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    std::ofstream(golden) << got;
    GTEST_SKIP() << "updated " << golden;
  }
  std::ifstream f(golden);
  ASSERT_TRUE(f) << golden << " missing; create it with OALENS_UPDATE_GOLDEN=1 ctest -R Golden";
  std::stringstream ss;
  ss << f.rdbuf();
  std::string want = ss.str();
  EXPECT_TRUE(want == got) << "golden rendering differs (update with OALENS_UPDATE_GOLDEN=1 ctest -R Golden if intended):\n"
                           << unifiedDiff(want, got);
}

}  // namespace

TEST(Golden, CorpusAnnotationsAreMet) { expectAnnotationsMet(kPython); }
TEST(Golden, CppCorpusAnnotationsAreMet) { expectAnnotationsMet(kCpp); }
TEST(Golden, RenderingMatchesGoldenFile) { expectRenderingMatches(kPython); }
TEST(Golden, CppRenderingMatchesGoldenFile) { expectRenderingMatches(kCpp); }
TEST(Golden, OneThreadAndManyThreadsAgree) {
  for (const Corpus* c : {&kPython, &kCpp}) EXPECT_EQ(render(*c, scanCorpus(*c, 1)), render(*c, scanCorpus(*c, 4)));
}
