# The binding's kernel set, chosen at build time:
#   rmsnorm_torch_kernel_set(TARGET <target> DEST <folder>)
# puts the manifests and images of the set into DEST when TARGET builds:
# - RMSNORM_TORCH_KERNELS names a folder of emitted kernels (a machine
#   without MLIR, e.g. the GPU machine: tools/torch/emit-kernels.sh wrote it
#   elsewhere): its *.json, *.cubin and *.ptx are copied;
# - otherwise the installed rmsnorm package (find_package(rmsnorm), with
#   rmsnorm_DIR) generates one kernel per RMSNORM_TORCH_DTYPES x
#   RMSNORM_TORCH_WIDTHS x RMSNORM_TORCH_WEIGHT_DTYPES with
#   rmsnorm_add_kernels, epsilon a launch parameter, for sm_90.
set(RMSNORM_TORCH_KERNELS "" CACHE PATH
    "Folder of emitted kernels; empty: generate them with the rmsnorm package")
set(RMSNORM_TORCH_DTYPES "bf16;f16;f32" CACHE STRING "Row dtypes of the kernel set")
set(RMSNORM_TORCH_WIDTHS "128;512;1024;2048;4096;5120;8192" CACHE STRING
    "Row lengths N of the kernel set")
set(RMSNORM_TORCH_WEIGHT_DTYPES "same" CACHE STRING
    "Weight dtypes: same (the rows' own) and/or f32")

function(rmsnorm_torch_kernel_set)
  cmake_parse_arguments(ARG "" "TARGET;DEST" "" ${ARGN})
  if(RMSNORM_TORCH_KERNELS)
    if(NOT IS_DIRECTORY "${RMSNORM_TORCH_KERNELS}")
      message(FATAL_ERROR "RMSNORM_TORCH_KERNELS is not a folder: ${RMSNORM_TORCH_KERNELS}")
    endif()
    file(GLOB manifests "${RMSNORM_TORCH_KERNELS}/*.json")
    if(NOT manifests)
      message(FATAL_ERROR "RMSNORM_TORCH_KERNELS holds no manifests (*.json): ${RMSNORM_TORCH_KERNELS}")
    endif()
    file(GLOB images "${RMSNORM_TORCH_KERNELS}/*.cubin" "${RMSNORM_TORCH_KERNELS}/*.ptx")
    file(COPY ${manifests} ${images} DESTINATION "${ARG_DEST}")
    return()
  endif()
  find_package(rmsnorm CONFIG)
  if(NOT rmsnorm_FOUND)
    message(FATAL_ERROR "no kernels: set RMSNORM_TORCH_KERNELS to a folder of emitted "
                        "kernels, or rmsnorm_DIR to an installed rmsnorm "
                        "(<prefix>/lib/cmake/rmsnorm) to generate them")
  endif()
  set(seen)
  foreach(dtype IN LISTS RMSNORM_TORCH_DTYPES)
    foreach(weight IN LISTS RMSNORM_TORCH_WEIGHT_DTYPES)
      if(weight STREQUAL "same")
        set(weight ${dtype})
      elseif(NOT weight MATCHES "^(f32|same)$")
        message(FATAL_ERROR "RMSNORM_TORCH_WEIGHT_DTYPES: '${weight}' is not 'same' or f32 "
                            "(the weight types the op takes)")
      endif()
      foreach(n IN LISTS RMSNORM_TORCH_WIDTHS)
        set(name "rms_norm_${dtype}_${weight}_${n}")
        if(name IN_LIST seen)
          continue()
        endif()
        list(APPEND seen ${name})
        rmsnorm_add_kernels(TARGET ${ARG_TARGET} DTYPE ${dtype} N ${n}
                            WEIGHT_DTYPE ${weight} CHIPS sm_90 NAME ${name})
      endforeach()
    endforeach()
  endforeach()
  # After the kernels (dependencies of TARGET), copy what the op reads.
  add_custom_command(TARGET ${ARG_TARGET} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -DFROM=${CMAKE_CURRENT_BINARY_DIR}/rmsnorm_kernels
            -DTO=${ARG_DEST} -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/copy-kernels.cmake"
    VERBATIM)
endfunction()
