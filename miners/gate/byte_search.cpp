#include "miners/gate/byte_search.h"

#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace oalens::miners {

size_t findBytes(std::string_view haystack, std::string_view needle, size_t from) {
  const size_t n = haystack.size(), m = needle.size();
  if (from > n || m > n - from) return std::string_view::npos;
  if (m < 2) return haystack.find(needle, from);
  const char* const base = haystack.data();
  size_t at = from;
#ifdef __SSE2__
  // 16 places at a time: those where both the needle's first and last bytes match, each
  // then compared whole (Wojciech Muła's filter). Most blocks of text have none.
  const __m128i first = _mm_set1_epi8(needle.front()), last = _mm_set1_epi8(needle.back());
  for (; at + 16 + (m - 1) <= n; at += 16) {
    const __m128i starts = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + at));
    const __m128i ends = _mm_loadu_si128(reinterpret_cast<const __m128i*>(base + at + m - 1));
    unsigned candidates =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(starts, first), _mm_cmpeq_epi8(ends, last))));
    for (; candidates != 0; candidates &= candidates - 1) {
      const size_t place = at + static_cast<size_t>(__builtin_ctz(candidates));
      if (std::memcmp(base + place + 1, needle.data() + 1, m - 2) == 0) return place;
    }
  }
#endif
  const size_t rest = haystack.substr(at).find(needle);
  return rest == std::string_view::npos ? rest : at + rest;
}

}  // namespace oalens::miners
