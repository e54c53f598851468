// SARIF 2.1.0 output, the one writer of every SARIF log OALens prints: `scan` (each OA
// assertion a `note` result of rule OA000, the inventory), `lint`, `diff` and `report
// --margins` (their findings). Every run says where its paths are relative to
// (originalUriBaseIds SRCROOT, uriBaseId on each location), every result names its rule by id
// and index and carries a fingerprint, every rule a full description, help in text and
// markdown and an absolute helpUri: what the schema, GitHub code scanning and editors read.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "analyzer/core/finding.h"
#include "analyzer/scan/scanner.h"

namespace oalens::reports {

// Where a run's files and rule pages are.
struct SarifPlace {
  std::string root;      // absolute directory the result paths are relative to; "" when unknown (a bare repository)
  std::string helpBase;  // absolute URI ending in '/' that a rule's doc page (README.md, rules/...) is relative to
};

// The helpUri base when none is configured: where the Debian package installs the docs.
inline constexpr std::string_view kDefaultHelpUriBase = "file:///usr/share/doc/oalens/";

// `base` as a helpUri base: absolute (a scheme, then ':'), ending in '/'; "" when it is not.
std::string helpUriBase(std::string_view base);

nlohmann::ordered_json scanSarif(const analyzer::ScanResult& r, const SarifPlace& place);

// A rule's descriptor (tool.driver.rules): its metadata as `oalens rules` lists it. The level
// is the SARIF level of its severity; an empty description falls back on the summary, an empty
// markdown on the text. docPage is relative to the helpUri base.
struct SarifRule {
  std::string_view id, name, summary, description, help, markdown, docPage, level, family, precision;
};
nlohmann::ordered_json sarifRule(const SarifRule& r, std::string_view helpBase);

// SARIF's level of a severity: it has no info level, so info is a note.
std::string_view sarifLevel(analyzer::Severity s);

// A finding at its level: one place, relative to SRCROOT, with its fingerprint as
// partialFingerprints; a region with an end when the finding has one.
nlohmann::ordered_json sarifResult(const analyzer::Finding& f);

// The log of one run of oalens with these rule descriptors and results: SRCROOT from `place`,
// each result's ruleIndex looked up in `rules`.
nlohmann::ordered_json sarifLog(nlohmann::ordered_json rules, nlohmann::ordered_json results, const SarifPlace& place,
                                nlohmann::ordered_json invocation = nullptr);

// `path` as a URI reference: bytes outside RFC 3986's unreserved set and '/' percent-encoded.
std::string uriOfPath(std::string_view path);

}  // namespace oalens::reports
