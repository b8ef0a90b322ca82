#!/usr/bin/env bash
# Set up, build, and run the whole lit suite. Prints "N passed, M failed" (and
# ", K skipped" for unsupported tests) alone on the last line; exits non-zero
# on any failure, and when a test gated on a tool is unsupported although
# that tool is on this machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${RMSNORM_BUILD_DIR:-$ROOT/build}"
"$ROOT/tools/setup.sh"
# The sanitizer build (clang 22, ASan + UBSan over our code) brings the
# fuzzer, whose short run from the seed corpus is part of the suite.
"$ROOT/tools/sanitize.sh" build
export RMSNORM_FUZZ="${RMSNORM_SANITIZE_DIR:-$ROOT/build-sanitize}/bin/rmsnorm-fuzz"
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1:verify_asan_link_order=0}"

export PATH="/usr/lib/llvm-22/bin:$PATH"
log="$BUILD/lit-results.txt"
set +e
lit -v --timeout 300 "$BUILD/test" >"$log" 2>&1
lit_status=$?
set -e
grep -E '^(FAIL|XPASS|TIMEOUT|UNRESOLVED): ' "$log" || true
# Show failures in full.
[[ $lit_status -ne 0 ]] && sed -n '/^\*\*\*\*\*\*\*\*\*\* TEST/,/^\*\*\*\*\*\*\*\*\*\*$/p' "$log" | head -400

count() { grep -cE "^($1): " "$log" || true; }
passed=$(( $(count PASS) + $(count XFAIL) ))
failed=$(( $(count 'FAIL|XPASS|TIMEOUT|UNRESOLVED') ))
skipped=$(count UNSUPPORTED)

# A gated test may only be unsupported where its tool is really missing.
have_tool() {
  case "$1" in
    mlir-runner) [[ -x /usr/lib/llvm-22/bin/mlir-runner ]] ;;
    ptxas) command -v ptxas >/dev/null || [[ -x /usr/local/cuda/bin/ptxas ]] ;;
    ld.lld) [[ -x /usr/lib/llvm-22/bin/ld.lld ]] ;;
    rmsnorm-fuzz) [[ -x "$RMSNORM_FUZZ" ]] ;;
    *) return 1 ;;
  esac
}
wrongly_skipped=0
while read -r name; do
  [[ -z "$name" ]] && continue
  file="$ROOT/test/$name"
  # Unsupported is right when any one of its features is missing here.
  features=$(sed -n 's/^.*REQUIRES: *//p' "$file" | tr ',' ' ')
  all_here=1
  for feature in $features; do
    have_tool "$feature" || all_here=0
  done
  if ((all_here)) && [[ -n $features ]]; then
    echo "unsupported although every feature it requires ($(echo $features)) is on this machine: $name"
    wrongly_skipped=$((wrongly_skipped + 1))
  fi
done < <(sed -n 's/^UNSUPPORTED: RMSNORM :: \(.*\) (.*$/\1/p' "$log")
failed=$((failed + wrongly_skipped))
if ((passed + failed == 0)); then
  echo "no test ran"
  failed=1
fi

if ((skipped)); then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[[ $failed -eq 0 && $lit_status -eq 0 ]]
