/** Node's WebAssembly global, which the ES library the server builds against leaves out. */
declare namespace WebAssembly {
  function compile(bytes: Uint8Array): Promise<Module>
}
