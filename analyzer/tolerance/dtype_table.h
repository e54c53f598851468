// A tolerance's value for each dtype, where the API picks it by dtype. JAX's check_close (and
// every JaxTestCase method over it) reads `tolerance(dtype, tol)`: a call that leaves `rtol`
// out checks float32 within 1e-6 and float64 within 1e-15, and a per-dtype table it is given
// (`rtol={np.float64: 1e-14}`) keeps that default for every dtype the table does not name. So
// `rtol` left out -> `rtol={np.float64: 1e-14}` loosens float64 and leaves float32 alone, and
// `{np.float32: 1e-3}` -> `{np.float32: 1e-3, np.complex64: 1e-3}` loosens complex64.
// The tables come from the catalogue's `dtype_defaults` (rules/catalogue/python.toml).
#pragma once
#include <map>
#include <string>
#include <string_view>

namespace oalens::analyzer {

// dtype ("float32", "bfloat16", "complex64") -> value.
using DtypeTable = std::map<std::string, double, std::less<>>;

// The values of tolerance `kind` an entry's `dtype_defaults` gives ({float32 = "rtol=1e-6
// atol=1e-6", ...}, also "rtol=atol=1e-3"); entries that are not plain numbers
// ("10*eps(float16)") are left out. Null when none is. Tables are kept for the life of the
// process and shared: equal inputs give the same pointer, from any thread.
const DtypeTable* dtypeDefaultsOf(const std::map<std::string, std::string>& dtypeDefaults, std::string_view kind);

}  // namespace oalens::analyzer
