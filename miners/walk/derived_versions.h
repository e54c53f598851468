// The OA assertions of a new version of a test file, for `mine`, without scanning all of it:
// when a change touches only tests (miners/gate/diff_scope.h), the tests it leaves alone are
// the same text in the same context on both sides, so their assertions are the previous
// version's, moved by as many lines and bytes as the test itself moved; only the touched tests
// and what they depend on are scanned.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "miners/gate/diff_scope.h"
#include "miners/pairing/pairing.h"

namespace oalens::miners {

// Scans the scoped version (its blanked text and units) and returns its OA assertions;
// diagnostics go to the second argument. The caller may build its model from cached parts
// instead of parsing the text (miners/walk/piece_models.h).
using ScanScopedVersion = std::function<std::vector<AssertionVersion>(ScopedPair& scoped, std::vector<std::string>& diagnostics)>;

// The previous version's OA assertions, asked for only after the scan: another worker may still
// be analysing that version. Null when they cannot be used (the previous version had problems).
using OldOaVersions = std::function<const std::vector<AssertionVersion>*()>;

// nullopt when the new version must be scanned whole: the change is not confined to tests, the
// scoped scan reports anything (its diagnostics would miss the tests left out), or the previous
// version's assertions are not there. The layouts are scopeToChangedTests': the old text's when
// known (consumed), and the new text's, filled when the split is sure. With `checkWords`, the
// touched tests that can hold no OA check are left out of the scan (miners/gate/check_sieve.h).
std::optional<std::vector<AssertionVersion>> versionsFromScopedScan(const std::string& oldText, const std::string& newText,
                                                                    const OldOaVersions& oldVersions, const ScanScopedVersion& scan,
                                                                    TextLayout* oldLayout = nullptr, TextLayout* newLayout = nullptr,
                                                                    const CheckWords* checkWords = nullptr);

}  // namespace oalens::miners
