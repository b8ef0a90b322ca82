// Deliberately broken: a -NOT before the first positive line of its prefix
// scans only up to that line's first match.
// RUN: rmsnorm-opt %s | FileCheck %s --check-prefix=ALL
// ALL-NOT: math.sqrt
// ALL: func.func
// ALL-NOT: math.sqrt
