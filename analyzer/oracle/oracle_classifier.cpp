#include "analyzer/oracle/oracle_classifier.h"

namespace oalens::analyzer {

void classifyOracles(ScanResult& result) {
  for (Assertion& a : result.assertions) {
    if (!a.isOa) continue;
    a.oracleType = "UNKNOWN";
    if (a.evidence.empty()) a.evidence.push_back("oracle classification not run: not implemented in this version");
  }
}

}  // namespace oalens::analyzer
