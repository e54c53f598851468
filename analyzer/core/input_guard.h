// Reads one source file under the limits that keep a scan safe on hostile trees: a size cap,
// refusal of files with NUL bytes (Python rejects them too; they mark binary data), and a
// check for invalid UTF-8 that warns but still lets the file be scanned, since tree-sitter
// recovers byte by byte and the assertions elsewhere in the file are still worth finding.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace oalens::analyzer {

struct InputLimits {
  // 8 MiB: the largest hand-written test file seen in the studied suites is under 0.5 MiB;
  // generated files beyond this size are data, and parsing them would dominate the run.
  uint64_t maxFileBytes = 8ull << 20;
};

enum class ReadError { None, NotFound, NotRegular, Unreadable, TooLarge, HasNul, NotANotebook };

struct SourceInput {
  std::string text;
  ReadError error = ReadError::None;
  std::string message;                       // set when error != None: says what and what the limit is
  std::optional<uint64_t> firstInvalidUtf8;  // byte offset of the first invalid sequence
};

SourceInput readSourceFile(const std::filesystem::path& path, const InputLimits& limits);

// Checks bytes the way a file read would, for blobs from git that never touch the disk.
SourceInput checkSourceBytes(std::string bytes, const InputLimits& limits);
// What checkSourceBytes says of `bytes` without taking them (`text` stays empty): for a source
// that is already held elsewhere, such as a spliced model's.
SourceInput inspectSourceBytes(std::string_view bytes, const InputLimits& limits);

// Only whether the bytes are refused as a source (too large, a NUL byte), without the UTF-8
// check: for `mine`, where a refused side is unreadable rather than a version without checks.
SourceInput refusalOf(std::string_view bytes, const InputLimits& limits);

// Returns the offset of the first byte that does not start a valid UTF-8 sequence.
std::optional<uint64_t> findInvalidUtf8(std::string_view bytes);

// `bytes` with each byte that starts no valid UTF-8 sequence replaced by U+FFFD. RE2 reads its
// input as UTF-8 and matches no invalid byte with `.` or `[^/]`, so a file named
// `test_caf\xe9.py` (Latin-1) was never a test file; paths are matched in this form.
std::string withValidUtf8(std::string_view bytes);

// Whether `re` matches part of `path`, read as withValidUtf8 reads it.
bool pathMatches(std::string_view path, const re2::RE2& re);

}  // namespace oalens::analyzer
