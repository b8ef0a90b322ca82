#!/usr/bin/env bash
# Which tests fail when one pass is removed: for each pass creator given (as
# it is spelled in an addPass call, e.g. createFuseRsqrt), delete its addPass
# lines from the pipeline sources, rebuild, run the suite, print the failing
# tests; then restore the sources and rebuild. The README's removal table
# comes from this script's output.
#   tools/pass-removal.sh createTileRows createWidenReductions ...
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${RMSNORM_BUILD_DIR:-$ROOT/build}"
export PATH="/usr/lib/llvm-22/bin:$PATH"
cd "$ROOT"
mapfile -t sources < <(grep -rl "addPass(create" lib/Pipelines lib/Target)
if [[ -n "$(git status --porcelain -- "${sources[@]}")" ]]; then
  echo "pass-removal: commit or stash the pipeline sources first" >&2
  exit 2
fi
for pass in "$@"; do
  sed -i "/addPass($pass(/d" "${sources[@]}"
  if git diff --quiet -- "${sources[@]}"; then
    echo "$pass: no addPass($pass(...)) in ${sources[*]}"
    continue
  fi
  if ninja -C "$BUILD" -j2 > /tmp/pass-removal-build.log 2>&1; then
    lit -q "$BUILD/test" 2>&1 | sed -n "s/^\(FAIL\|XPASS\|UNRESOLVED\|TIMEOUT\): RMSNORM :: \([^ ]*\).*/$pass: \2/p" | sort
  else
    echo "$pass: the build fails without it"
  fi
  git checkout -- "${sources[@]}"
done
ninja -C "$BUILD" -j2 > /dev/null
