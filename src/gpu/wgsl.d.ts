/** Vite's `?raw` imports (https://vite.dev/guide/assets#importing-asset-as-string): the WGSL
 *  templates of shaders/ arrive as strings. */
declare module '*.wgsl?raw' {
  const source: string;
  export default source;
}
