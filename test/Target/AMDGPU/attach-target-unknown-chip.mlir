// A chip without a rownorm target description is refused by name.
// RUN: rmsnorm-opt %s --verify-diagnostics --rownorm-amdgpu-attach-target=chip=gfx90a

// expected-error @+1 {{cannot compile for #rocdl.target<O = 3, chip = "gfx90a">: no rownorm target description for chip 'gfx90a' (described chips: gfx942)}}
module {
}
