// A mistyped subcommand or flag gets the name meant; a word far from every name gets none.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/process.h"

namespace {

using oalens::testing::runCommand;

TEST(Suggestions, AMistypedCommandOrFlagNamesTheOneMeant) {
  const std::string bin = OALENS_BINARY;
  auto command = runCommand(bin + " scna .");
  EXPECT_EQ(command.status, 2);
  EXPECT_NE(command.out.find("oalens: unknown command 'scna'; did you mean 'scan'?"), std::string::npos) << command.out;
  auto flag = runCommand(bin + " lint --formt json .");
  EXPECT_EQ(flag.status, 2);
  EXPECT_NE(flag.out.find("oalens: unknown option '--formt' of lint; did you mean '--format'?"), std::string::npos) << flag.out;
  auto far = runCommand(bin + " compile .");
  EXPECT_EQ(far.status, 2);
  EXPECT_NE(far.out.find("oalens: unknown command 'compile'; `oalens --help` lists them"), std::string::npos) << far.out;
}

}  // namespace
