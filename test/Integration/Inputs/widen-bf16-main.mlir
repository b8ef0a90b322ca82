// Driver of cpu-widen-bf16-pairs.mlir: every bf16 bit pattern through
// @widen (defined before this file) in each of the 8 lanes (lane j sees
// pattern i + 8191 * j at step i), compared with the bits shifted up by 16
// and with arith.extf.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cpatterns = arith.constant 65536 : index
  %zero = arith.constant 0 : i32
  %lanes = arith.constant dense<[0, 8191, 16382, 24573, 32764, 40955, 49146, 57337]> : vector<8xi32>
  %mask = arith.constant dense<65535> : vector<8xi32>
  %shift = arith.constant dense<16> : vector<8xi32>
  %eight = arith.constant 8 : i32
  %counts:3 = scf.for %i = %c0 to %cpatterns step %c1
      iter_args(%bad = %zero, %badExt = %zero, %seen = %zero) -> (i32, i32, i32) {
    %i32 = arith.index_cast %i : index to i32
    %base = vector.broadcast %i32 : i32 to vector<8xi32>
    %sum = arith.addi %base, %lanes : vector<8xi32>
    %pattern = arith.andi %sum, %mask : vector<8xi32>
    %bits = arith.trunci %pattern : vector<8xi32> to vector<8xi16>
    %v = arith.bitcast %bits : vector<8xi16> to vector<8xbf16>
    %got = func.call @widen(%v) : (vector<8xbf16>) -> vector<8xf32>
    %gotBits = arith.bitcast %got : vector<8xf32> to vector<8xi32>
    %want = arith.shli %pattern, %shift : vector<8xi32>
    %ne = arith.cmpi ne, %gotBits, %want : vector<8xi32>
    %ne32 = arith.extui %ne : vector<8xi1> to vector<8xi32>
    %n = vector.reduction <add>, %ne32 : vector<8xi32> into i32
    %ext = arith.extf %v : vector<8xbf16> to vector<8xf32>
    %extBits = arith.bitcast %ext : vector<8xf32> to vector<8xi32>
    %neExt = arith.cmpi ne, %gotBits, %extBits : vector<8xi32>
    %neExt32 = arith.extui %neExt : vector<8xi1> to vector<8xi32>
    %nExt = vector.reduction <add>, %neExt32 : vector<8xi32> into i32
    %bad2 = arith.addi %bad, %n : i32
    %badExt2 = arith.addi %badExt, %nExt : i32
    %seen2 = arith.addi %seen, %eight : i32
    scf.yield %bad2, %badExt2, %seen2 : i32, i32, i32
  }
  vector.print str "patterns checked: "
  vector.print %counts#2 : i32
  vector.print str "differ from the bits shifted up by 16: "
  vector.print %counts#0 : i32
  vector.print str "differ from arith.extf: "
  vector.print %counts#1 : i32
  return
}
