// A file the lint accepts: positive lines before -NOT lines, a prefix with
// only -NOT lines (they scan everything), prefixes from --check-prefixes and
// from a piped FileCheck, and lit keywords.
// REQUIRES: nothing-that-exists
// RUN: rmsnorm-opt %s | FileCheck %s --check-prefixes=ALPHA,B-C
// RUN: not FileCheck %s 2>&1 | FileCheck %s --check-prefix=CAUGHT --implicit-check-not=x
// ALPHA: func.func
// ALPHA-NOT: math.sqrt
// B-C-NOT: arith.divf
// CHECK-LABEL: func
// CAUGHT: error
// Note: words in comments with a colon are fine: Note and NOTE are no prefix
// of this file, but only upper-case tokens are directives.
