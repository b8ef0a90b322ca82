// rownorm-amdgpu-attach-target never retargets a module.
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics --rownorm-amdgpu-attach-target

// Another vendor's target.
// expected-error @+1 {{module already targets #nvvm.target<chip = "sm_90">; refusing to compile it for #rocdl.target<O = 3, chip = "gfx942">}}
module attributes {rownorm.target = #nvvm.target<chip = "sm_90">} {
}
