#include "analyzer/model/test_cases.h"

namespace oalens::analyzer {

namespace {

bool startsWithTest(std::string_view n) { return n.rfind("test", 0) == 0 || n.rfind("Test", 0) == 0; }

bool classCollectsTests(const FileModel& m, const ClassDef& c) {
  if (startsWithTest(c.name)) return true;
  // unittest collects TestCase subclasses whatever their name; nose and pytest follow it.
  for (ExprId b : c.bases) {
    std::string_view t = m.expr(b).text;
    if (t.find("TestCase") != std::string_view::npos || t.find("Test") != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

void markTestCases(FileModel& m) {
  for (Function& f : m.functions) {
    if (f.parent != kNone || f.name.rfind("test", 0) != 0) continue;
    if (f.cls == kNone) {
      f.isTestCase = true;
      continue;
    }
    const ClassDef& c = m.classes[f.cls];
    if (c.enclosingFunction == kNone && classCollectsTests(m, c)) f.isTestCase = true;
  }
}

}  // namespace oalens::analyzer
