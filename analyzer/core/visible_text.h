// Text from analysed inputs (file names, source text, commit messages) on its way to a terminal
// or a file a person reads: control bytes become visible escapes, so a file named with an
// escape sequence cannot move the cursor, recolour or retitle the terminal of whoever reads the
// report. Newlines and tabs stay; a JSON document never holds a raw control byte (its writer
// escapes them), so the escaping changes nothing there.
#pragma once
#include <string>
#include <string_view>

namespace oalens::analyzer {

// `text` with each control byte other than newline and tab (C0, DEL, and the C1 controls
// U+0080-U+009F in UTF-8) written as \xHH; unchanged when it holds none.
std::string withVisibleControls(std::string_view text);

// Whether withVisibleControls would change `text`.
bool hasControls(std::string_view text);

}  // namespace oalens::analyzer
