// llvm dialect: globals, functions, GEP, loads, stores, branches, calls.
module {
  llvm.mlir.global internal constant @msg("hi\00") {addr_space = 0 : i32}
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.func @main(%n: i32) -> i32 {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
    llvm.store %n, %1 : i32, !llvm.ptr
    %2 = llvm.load %1 : !llvm.ptr -> i32
    %3 = llvm.icmp "sgt" %2, %0 : i32
    llvm.cond_br %3, ^bb1, ^bb2
  ^bb1:
    %4 = llvm.mlir.addressof @msg : !llvm.ptr
    %5 = llvm.getelementptr %4[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x i8>
    %6 = llvm.call @puts(%5) : (!llvm.ptr) -> i32
    llvm.return %6 : i32
  ^bb2:
    %7 = llvm.add %2, %0 : i32
    llvm.return %7 : i32
  }
}
