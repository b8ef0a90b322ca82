module attributes {rownorm.target = #nvvm.target<chip = "sm_90", features = "+ptx10">} {
}
