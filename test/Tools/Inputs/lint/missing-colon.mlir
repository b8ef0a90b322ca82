// Deliberately broken directives: lint_directives.py must report all three.
// RUN rmsnorm-opt %s
// CHECK-NEXT func.func
// expected-error @+1
