// The plotly.js the page loads first: its core (cartesian axes, the SVG scatter, legend, hover,
// zoom, shapes, toImage) and the heatmap that draws the density of large series. The WebGL
// scatter is gl.cjs, loaded only for large data. Built by scripts/plotlyPartial.ts.
var Plotly = require('plotly.js/lib/core');

Plotly.register([require('plotly.js/lib/heatmap')]);

module.exports = Plotly;
