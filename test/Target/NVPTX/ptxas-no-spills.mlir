// Every emitted kernel of the suite's shapes assembles with ptxas for sm_90
// with no spills and no stack frame; the manifests report what ptxas said.
// REQUIRES: ptxas
// RUN: rm -rf %t && rmsnorm-emit %S/../Inputs/kernels.mlir --target=nvptx -o %t > %t.lines
// RUN: cat %t/*.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=LINES < %t.lines

// CHECK-NOT: "spill_store_bytes": {{[1-9-]}}
// CHECK-NOT: "spill_load_bytes": {{[1-9-]}}
// CHECK-NOT: "stack_frame_bytes": {{[1-9-]}}
// CHECK-COUNT-15: "reported_by": "ptxas -v"
// LINES-COUNT-15: .sm_90.cubin: registers {{[0-9]+}}, vector width
