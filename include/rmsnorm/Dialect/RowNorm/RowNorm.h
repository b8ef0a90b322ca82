//===- RowNorm.h ------------------------------------------------*- C++ -*-===//

#ifndef RMSNORM_DIALECT_ROWNORM_ROWNORM_H
#define RMSNORM_DIALECT_ROWNORM_ROWNORM_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "rmsnorm/Target/TargetInfo.h"

#include "RowNormDialect.h.inc"
#include "RowNormInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "RowNormAttrs.h.inc"

#define GET_OP_CLASSES
#include "RowNormOps.h.inc"

#endif // RMSNORM_DIALECT_ROWNORM_ROWNORM_H
