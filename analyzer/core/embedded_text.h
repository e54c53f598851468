// A text file built into the binary (cmake/EmbedText.cmake, embed_text_table): its path
// relative to the source tree and its contents. Tables of them end with {nullptr, nullptr}.
#pragma once

namespace oalens {

struct EmbeddedText {
  const char* path;
  const char* text;
};

}  // namespace oalens
