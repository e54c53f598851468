// A margins report as SARIF 2.1.0 (`oalens report --margins DB --root TREE --format sarif`): each
// judged OA assertion but the healthy ones is a result, so code-scanning UIs list the tolerances
// to revisit beside lint's and the gate's findings:
//   MG101 over-loose-tolerance  note     no recorded run used 0.1% of the tolerance
//   MG102 flaky-tight-tolerance warning  a run failed, or used over half of it
//   MG103 failing-check         error    it failed in every run that reached it
#pragma once
#include <nlohmann/json.hpp>
#include <string_view>

#include "reports/margins/margins_verdicts.h"

namespace oalens::reports {

// helpBase: the absolute URI docs/margins.md is under (reports::helpUriBase).
nlohmann::ordered_json marginsSarif(const MarginsReport& report, std::string_view helpBase);

}  // namespace oalens::reports
