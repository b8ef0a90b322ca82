// Deliberately broken: MANIFEST is checked by no RUN line, so its lines
// check nothing.
// RUN: rmsnorm-opt %s | FileCheck %s
// CHECK: func.func
// MANIFEST: "schema_version": 2
// MANIFEST-NOT: spill
