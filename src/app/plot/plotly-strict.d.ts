/**
 * plotly.js's "strict" bundle: the same library without run-time code generation (its WebGL
 * traces use precompiled regl code), so the page works under a Content-Security-Policy without
 * 'unsafe-eval'. It ships no types; they are those of plotly.js-dist-min (a dev dependency, 4.1.2:
 * the patch release after this bundle's 4.1.1, whose types also list toImage's setBackground).
 */
declare module 'plotly.js-strict-dist-min' {
  import Plotly from 'plotly.js-dist-min';
  export default Plotly;
}
