func.func @nothing_to_compile() {
  return
}
