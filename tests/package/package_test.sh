#!/usr/bin/env bash
# The Debian package, as a user gets it: CPack builds it from this build tree (into a scratch
# directory), dpkg -x unpacks it into a scratch root, and from another directory, with only that
# root's bin/ added to PATH, `oalens --version` and a scan of a small suite must work; the
# scan's SARIF must point helpUri at the root's own docs (found next to the binary), and the
# module and workflow must be where the binary looks. The installed binary must not depend on
# the build tree: no run path into it, and the checks run with the source and build trees
# hidden (a mount namespace; without one they run as they are, and say so).
# Skipped (77) when dpkg-deb is absent.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd)
for tool in dpkg-deb dpkg-shlibdeps cpack; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "package test skipped: no $tool (Debian: dpkg, dpkg-dev, cmake)"
    exit 77
  fi
done
work=$(mktemp -d "${TMPDIR:-/tmp}/oalens-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }

(cd "$build" && cpack -G DEB --config CPackConfig.cmake -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
version=$(sed -n 's/^project(oalens VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")
deb="$work/out/oalens_${version}_amd64.deb"
[ -f "$deb" ] || fail "no $deb ($(ls "$work/out"))"
depends=$(dpkg-deb --field "$deb" Depends)
echo "Depends: $depends"
for lib in libc6 libsqlite3 libre2 libfmt9 libgit2-1.5; do
  [[ "$depends" == *"$lib"* ]] || fail "Depends lacks $lib (dpkg-shlibdeps)"
done

root="$work/root"
dpkg -x "$deb" "$root"
for f in usr/bin/oalens usr/lib/oalens/liboalens_clang.so usr/share/oalens/study/Snakefile \
         usr/share/oalens/margins/oalens_margins/__init__.py usr/share/doc/oalens/README.md \
         usr/share/doc/oalens/rules/lint/OA101_loose_tolerance/README.md usr/share/doc/oalens/rules/gate/CH301_loosened_tolerance/README.md; do
  [ -e "$root/$f" ] || fail "the package has no $f"
done
for f in usr/bin/oalens usr/lib/oalens/liboalens_clang.so; do
  if readelf -d "$root/$f" | grep -E "R(UN)?PATH" | grep -qF "$build"; then fail "$f has a run path into the build tree"; fi
done
missing=$(ldd "$root/usr/bin/oalens" "$root/usr/lib/oalens/liboalens_clang.so" | grep "not found" || true)
[ -z "$missing" ] || fail "unresolved libraries: $missing"

mkdir -p "$work/elsewhere" "$work/suite/tests" "$work/empty"
cat > "$work/suite/tests/test_ops.py" <<'PY'
import numpy as np


def test_layer_norm():
    np.testing.assert_allclose(np.ones(3), np.ones(3), rtol=0.5)
PY
# The checks run from another directory with the root's bin/ first on PATH and, where a mount
# namespace can be had (root), with the source and build trees hidden under empty directories:
# whatever the installed binary reads from them would be missing.
cat > "$work/checks.sh" <<CHECKS
set -euo pipefail
fail() { echo "FAILED: \$*"; exit 1; }
root="$root" version="$version"
cd "$work/elsewhere"
export PATH="$root/usr/bin:\$PATH"
CHECKS
sed -n '/^# --- checks ---$/,/^# --- end ---$/p' "$0" >> "$work/checks.sh"
hide='mount --bind "$0" "$2" && mount --bind "$0" "$1" && bash "$3"'
if unshare --mount --propagation private true 2>/dev/null; then
  unshare --mount --propagation private bash -c "$hide" "$work/empty" "$source" "$build" "$work/checks.sh" || fail "the installed oalens, source and build trees hidden"
  echo "ran with $source and $build hidden"
else
  echo "no mount namespace here: the checks ran with the source and build trees in place"
  bash "$work/checks.sh" || fail "the installed oalens"
fi
echo "passed: $deb ($(du -h "$deb" | cut -f1)) installs into a scratch root and scans from PATH"

exit 0
# --- checks ---
[ "$(command -v oalens)" = "$root/usr/bin/oalens" ] || fail "oalens on PATH is $(command -v oalens)"
[ "$(oalens --version)" = "oalens $version" ] || fail "oalens --version says '$(oalens --version)'"
scan=$(oalens scan ../suite --format json)
echo "$scan" | /usr/bin/python3 -c 'import json, sys; s = json.load(sys.stdin); assert s["summary"]["oa_assertions"] == 1, s["summary"]; assert s["assertions"][0]["file"] == "../suite/tests/test_ops.py", s["assertions"][0]["file"]' \
  || fail "oalens scan ../suite"
oalens scan ../suite --format sarif | /usr/bin/python3 -c 'import json, sys; r = json.load(sys.stdin)["runs"][0]["tool"]["driver"]["rules"][0]; print(r["helpUri"]); assert r["helpUri"] == "file://'"$root"'/usr/share/doc/oalens/docs/json.md", r["helpUri"]' \
  || fail "helpUri of the installed docs"
lint=$(oalens lint ../suite -q || true)
[[ "$lint" == "../suite/tests/test_ops.py:5:5: warning: "*"[OA101]" ]] || fail "oalens lint ../suite: $lint"
# --- end ---
