// rownorm-amdgpu-attach-target records the chip once and keeps a matching one.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-amdgpu-attach-target | FileCheck %s --check-prefix=DEFAULT
// RUN: rmsnorm-opt %s --split-input-file --rownorm-amdgpu-attach-target --rownorm-amdgpu-attach-target | FileCheck %s --check-prefix=DEFAULT
// RUN: rmsnorm-opt %s --split-input-file --rownorm-amdgpu-attach-target="chip=gfx942 features=-xnack" | FileCheck %s --check-prefix=FEATURES

// A module without a target gets the default chip.
// DEFAULT: module attributes {rownorm.target = #rocdl.target<O = 3, chip = "gfx942">}
// FEATURES: module attributes {rownorm.target = #rocdl.target<O = 3, chip = "gfx942", features = "-xnack">}
module {
}

// -----

// A module that records the same chip keeps its own attribute as written.
// DEFAULT: module attributes {rownorm.target = #rocdl.target<O = 1, chip = "gfx942">}
// FEATURES: module attributes {rownorm.target = #rocdl.target<O = 1, chip = "gfx942">}
module attributes {rownorm.target = #rocdl.target<O = 1, chip = "gfx942">} {
}
