// jemalloc's options for the oalens binary (read at its first allocation; MALLOC_CONF in the
// environment still overrides them). `mine` keeps a few hundred MB of parse trees, models and
// blob texts alive and walks them from both workers: with its heap and metadata on transparent
// huge pages (this kernel gives them only to memory that asks, `madvise`), Keras master -j2
// took 45.5 s against 50.1 s over five alternating runs (user 78.3 against 87.5 s; 11 of 12
// rounds faster, one even), peak RSS +17 MB of 530; JAX master 34.5 against 34.7 s, +14 MB of
// 658. Without jemalloc (the sanitizer builds) the symbol is read by nothing.
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's
const char* malloc_conf = "thp:always,metadata_thp:always";
}
