// Deliberately broken directives: lint_directives.py must report each.
// RUN rmsnorm-opt %s
// CHECK-NEXT func.func
// expected-error @+1
// RUN: rmsnorm-opt %s | FileCheck %s --check-prefixes=CHECK,OWN
// OWN-LABEL func.func
