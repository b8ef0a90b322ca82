//===- NoHip.cpp - builds without HIP
//---------------------------------------===//

#include "rmsnorm/Runtime/Device.h"
#include "rmsnorm/Runtime/Manifest.h"

namespace rmsnorm::runtime {
std::unique_ptr<Device> openHipDevice() {
  throw Error("this harness was built without HIP (install HIP's development "
              "files and rebuild to run .hsaco kernels)");
}
} // namespace rmsnorm::runtime
