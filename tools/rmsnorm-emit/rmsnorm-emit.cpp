//===- rmsnorm-emit.cpp - .mlir to kernel files other projects embed ------===//
//
// One command from a .mlir file to, per kernel and target, the assembly and
// a loadable image, a JSON manifest that says how to launch it and a C header
// that embeds it. The driver is lib/Emit (EmitMain); the targets are listed
// in InitAllEmitTargets.h.
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Emit/EmitMain.h"
#include "rmsnorm/Emit/InitAllEmitTargets.h"
#include "rmsnorm/InitAll.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::rmsnorm::registerAllDialects(registry);
  return mlir::rmsnorm::emit::emitMain(
      argc, argv, registry, mlir::rmsnorm::emit::createAllEmitTargets(), {});
}
