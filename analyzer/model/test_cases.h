// Marks the functions a test runner would collect as test cases. The convention is the union
// of what pytest, unittest and nose collect, restricted as the studied suites need it; see
// docs/counting.md for how it was chosen against the study's figures.
#pragma once
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

void markTestCases(FileModel& m);

}  // namespace oalens::analyzer
