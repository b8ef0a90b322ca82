//===- rmsnorm-opt.cpp - the rownorm optimizer driver ---------------------===//

#include "rmsnorm/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::rmsnorm::registerAllDialects(registry);
  mlir::rmsnorm::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "rmsnorm-opt: row-normalization kernel compiler\n",
      registry));
}
