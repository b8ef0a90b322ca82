// Every emitted kernel of the suite's shapes assembles with ptxas for sm_90
// with no spills and no stack frame; the manifests report what ptxas said.
// Each field is pinned to 0 in all 21 manifests (15 kernels and 6 for many
// rows) and may appear nowhere else
// (--implicit-check-not), so a spill in any kernel, first or last, fails.
// REQUIRES: ptxas
// RUN: rm -rf %t && rmsnorm-emit %S/../Inputs/kernels.mlir --target=nvptx -o %t > %t.lines
// RUN: cat %t/*.json > %t.manifests
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=STORE --implicit-check-not=spill_store_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=LOAD --implicit-check-not=spill_load_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=STACK --implicit-check-not=stack_frame_bytes
// RUN: FileCheck %s --input-file=%t.manifests --check-prefix=BY --implicit-check-not=reported_by
// RUN: FileCheck %s --check-prefix=LINES < %t.lines

// STORE-COUNT-21: "spill_store_bytes": 0,
// LOAD-COUNT-21: "spill_load_bytes": 0,
// STACK-COUNT-21: "stack_frame_bytes": 0
// BY-COUNT-21: "reported_by": "ptxas -v",
// LINES-COUNT-21: .sm_90.cubin: registers {{[0-9]+}}, vector width

// Negative controls: a 64-byte spill planted in the last kernel's manifest,
// and a stack frame in the first, are caught.
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); i = t.rindex('\"spill_store_bytes\": 0'); open(sys.argv[2], 'w').write(t[:i] + '\"spill_store_bytes\": 64' + t[i + 22:])" %t.manifests %t.spill
// RUN: not FileCheck %s --input-file=%t.spill --check-prefix=STORE --implicit-check-not=spill_store_bytes 2>&1 | FileCheck %s --check-prefix=CAUGHT
// RUN: sed -e '0,/"stack_frame_bytes": 0/s//"stack_frame_bytes": 8/' %t.manifests > %t.stack
// RUN: not FileCheck %s --input-file=%t.stack --check-prefix=STACK --implicit-check-not=stack_frame_bytes 2>&1 | FileCheck %s --check-prefix=CAUGHT
// CAUGHT: error: {{.*}}{{excluded string found|expected string not found}} in input
