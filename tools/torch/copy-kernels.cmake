# cmake -DFROM=<folder> -DTO=<folder> -P copy-kernels.cmake: the manifests
# and images of FROM into TO (a build step of rmsnorm_torch_kernel_set).
file(GLOB files "${FROM}/*.json" "${FROM}/*.cubin" "${FROM}/*.ptx")
file(MAKE_DIRECTORY "${TO}")
file(COPY ${files} DESTINATION "${TO}")
