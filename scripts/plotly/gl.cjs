// plotly.js's WebGL scatter in its strict form: shaders from regl code compiled ahead of time, so
// it draws under a Content-Security-Policy without 'unsafe-eval' (as plotly's own strict bundle,
// lib/index-strict.js, does). Registered into core.cjs's Plotly when large data first needs it.
module.exports = require('plotly.js/src/traces/scattergl/strict');
