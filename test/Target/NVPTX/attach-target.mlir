// rownorm-nvptx-attach-target records the chip once and keeps a matching one.
// RUN: rmsnorm-opt %s --split-input-file --rownorm-nvptx-attach-target | FileCheck %s --check-prefix=DEFAULT
// RUN: rmsnorm-opt %s --split-input-file --rownorm-nvptx-attach-target --rownorm-nvptx-attach-target | FileCheck %s --check-prefix=DEFAULT
// RUN: rmsnorm-opt %s --split-input-file --rownorm-nvptx-attach-target="chip=sm_90 features=+ptx83" | FileCheck %s --check-prefix=FEATURES

// A module without a target gets the default chip.
// DEFAULT: module attributes {rownorm.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">}
// FEATURES: module attributes {rownorm.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx83">}
module {
}

// -----

// A module that records the same chip keeps its own attribute as written.
// DEFAULT: module attributes {rownorm.target = #nvvm.target<O = 1, chip = "sm_90">}
// FEATURES: module attributes {rownorm.target = #nvvm.target<O = 1, chip = "sm_90">}
module attributes {rownorm.target = #nvvm.target<O = 1, chip = "sm_90">} {
}
