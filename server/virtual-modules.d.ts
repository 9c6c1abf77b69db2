// The server build React Router's Vite plugin provides to server/app.ts.
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

// A .wasm file imported by the Worker entry: the Cloudflare Vite plugin bundles it as a
// compiled module ("CompiledWasm"), the only way workerd runs WebAssembly.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
