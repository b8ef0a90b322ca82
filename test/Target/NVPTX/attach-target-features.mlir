// NVPTX target features are checked before they reach LLVM: names LLVM does
// not know (+ptx10 was ignored with a warning and PTX 7.8 emitted) and PTX
// versions below the 8.0 rownorm's code needs are refused with the reason.
// RUN: not rmsnorm-opt %s --rownorm-nvptx-attach-target="features=+ptx10" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not rmsnorm-opt %s --rownorm-nvptx-attach-target="features=+ptx70" 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not rmsnorm-opt %s --rownorm-to-ptx-pipeline="features=-ptx80" 2>&1 | FileCheck %s --check-prefix=REMOVED
// RUN: rmsnorm-opt %s --rownorm-nvptx-attach-target="features=+ptx83" | FileCheck %s --check-prefix=KEPT
// UNKNOWN: error: cannot compile for #nvvm.target<O = 3, chip = "sm_90", features = "+ptx10">: 'ptx10' is not a feature of sm_90 that LLVM knows
// OLD: error: cannot compile for #nvvm.target<O = 3, chip = "sm_90", features = "+ptx70">: rownorm's PTX needs version 8.0 or later (+ptx80), got '+ptx70'
// REMOVED: error: cannot compile for #nvvm.target<O = 3, chip = "sm_90", features = "-ptx80">: rownorm's PTX needs version 8.0 or later (+ptx80), got '-ptx80'
// KEPT: rownorm.target = #nvvm.target<O = 3, chip = "sm_90", features = "+ptx83">
// A target written by hand is checked by the verifier, like one attached.
// RUN: not rmsnorm-opt %S/Inputs/hand-written-features.mlir 2>&1 | FileCheck %s --check-prefix=HAND
// HAND: error: cannot compile for #nvvm.target<chip = "sm_90", features = "+ptx10">: 'ptx10' is not a feature of sm_90 that LLVM knows
module {
}
