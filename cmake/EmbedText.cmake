# embed_text(<input file> <C++ symbol> <output .cpp>)
# Generates a translation unit defining `extern const char* const <symbol>` with the file's text,
# so data files in rules/ ship inside the binary and cannot go missing at run time.
function(embed_text input symbol output)
  file(READ "${input}" content)
  if(content MATCHES "\\)oalens_embed\"")
    message(FATAL_ERROR "${input} contains the raw-string delimiter )oalens_embed\"")
  endif()
  file(WRITE "${output}.tmp" "// Generated from ${input} by cmake/EmbedText.cmake; do not edit.\n"
       "extern const char* const ${symbol};\n"
       "const char* const ${symbol} = R\"oalens_embed(${content})oalens_embed\";\n")
  file(COPY_FILE "${output}.tmp" "${output}" ONLY_IF_DIFFERENT)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${input}")
endfunction()
