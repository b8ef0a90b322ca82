// A chip without a rownorm target description is refused by name.
// RUN: rmsnorm-opt %s --verify-diagnostics --rownorm-nvptx-attach-target=chip=sm_80

// expected-error @+1 {{cannot compile for #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">: no rownorm target description for chip 'sm_80' (described chips: sm_90, sm_90a)}}
module {
}
