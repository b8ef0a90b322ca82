//===- NVPTXEmitTarget.h ----------------------------------------*- C++ -*-===//

#ifndef RMSNORM_EMIT_NVPTX_NVPTXEMITTARGET_H
#define RMSNORM_EMIT_NVPTX_NVPTXEMITTARGET_H

#include "rmsnorm/Emit/EmitTarget.h"

namespace mlir::rmsnorm::emit {
/// PTX, and a cubin when ptxas is found (option --ptxas). Create it before
/// the command line is parsed: it declares its options.
std::unique_ptr<EmitTarget> createNVPTXEmitTarget();
} // namespace mlir::rmsnorm::emit

#endif // RMSNORM_EMIT_NVPTX_NVPTXEMITTARGET_H
