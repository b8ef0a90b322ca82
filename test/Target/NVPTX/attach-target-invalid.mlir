// rownorm-nvptx-attach-target never retargets a module.
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics --rownorm-nvptx-attach-target

// Another vendor's target.
// expected-error @+1 {{module already targets #rocdl.target<chip = "gfx942">; refusing to compile it for #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">}}
module attributes {rownorm.target = #rocdl.target<chip = "gfx942">} {
}

// -----

// Another chip of the same vendor.
// expected-error @+1 {{module already targets #nvvm.target<chip = "sm_90a">; refusing to compile it for #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">}}
module attributes {rownorm.target = #nvvm.target<chip = "sm_90a">} {
}
