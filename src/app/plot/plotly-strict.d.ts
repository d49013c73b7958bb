/**
 * plotly.js in its "strict" form (no run-time code generation: its WebGL traces use precompiled
 * regl code), so the page works under a Content-Security-Policy without 'unsafe-eval'. The page
 * loads a partial build of it made by scripts/plotlyPartial.ts: `virtual:plotly/core` (core and
 * heatmap) and `virtual:plotly/gl` (the WebGL scatter, registered when large data needs it). Their
 * types are those of plotly.js-dist-min (a dev dependency).
 */
declare module 'virtual:plotly/core' {
  import Plotly from 'plotly.js-dist-min';
  type Core = typeof Plotly & { register(modules: unknown): void; fitbenchInternal: { plots: unknown; subroutines: unknown; axes: unknown; registry: unknown; titles: unknown; dfltConfig: Record<string, unknown> } };
  /** Requires plotly's large dependencies one call at a time, then plotly (scripts/plotly/core.cjs). */
  const core: { steps: (() => void)[]; plotly(): Core };
  export default core;
}
declare module 'virtual:plotly/gl' {
  const scattergl: unknown;
  export default scattergl;
}
