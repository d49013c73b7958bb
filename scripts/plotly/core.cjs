// The plotly.js the page loads first: its core (cartesian axes, the SVG scatter, legend, hover,
// zoom, shapes, toImage) and the heatmap that draws the density of large series. The WebGL
// scatter is gl.cjs, loaded only for large data. Built by scripts/plotlyPartial.ts.
//
// Evaluating plotly's modules took one main-thread task of 60–150 ms. esbuild evaluates a CommonJS
// module on its first require, so the page calls `steps` one task at a time
// (src/app/plot/plotlyLoader.ts) before plotly itself (`plotly()`), each requiring a part:
// - first self-contained packages that plotly's core requires at its top level anyway: they
//   require nothing of plotly's, so evaluating them first changes no order inside plotly;
// - then what plotly's src/core.js requires, in its order and with the registrations it makes
//   between them (apiMethod registration is an idempotent assignment, and a second registration
//   of the scatter trace is ignored), so that when plotly() requires lib/core every module is
//   there and src/core.js only registers the components, the locales and the rest.
//   scripts/plotly/core.test.ts checks that src/core.js still reads as these steps assume.
exports.steps = [
  function () {
    require('@plotly/d3');
  },
  function () {
    require('d3-time');
    require('d3-time-format');
    require('d3-format');
    require('fast-isnumeric');
  },
  function () {
    require('culori');
    require('polybooljs');
    require('events');
  },
  // Step 4 in pieces (./coreSteps.cjs); the step itself then finds its modules evaluated.
  ...require('./coreSteps.cjs').steps,
  function () {
    require('plotly.js/src/version');
    require('native-promise-only');
    require('plotly.js/build/plotcss');
    require('plotly.js/src/registry');
    require('plotly.js/src/plot_api');
  },
  function () {
    var Registry = require('plotly.js/src/registry');
    var plotApi = require('plotly.js/src/plot_api');
    for (var name of Object.keys(plotApi)) Registry.register({ moduleType: 'apiMethod', name: name, fn: plotApi[name] });
    Registry.register(require('plotly.js/src/traces/scatter'));
  },
  function () {
    require('plotly.js/src/components/annotations');
    require('plotly.js/src/components/annotations3d');
    require('plotly.js/src/components/selections');
    require('plotly.js/src/components/shapes');
    require('plotly.js/src/components/images');
    require('plotly.js/src/components/updatemenus');
    require('plotly.js/src/components/sliders');
    require('plotly.js/src/components/rangeslider');
  },
  function () {
    require('plotly.js/src/components/rangeselector');
    require('plotly.js/src/components/grid');
    require('plotly.js/src/components/errorbars');
    require('plotly.js/src/components/colorscale');
    require('plotly.js/src/components/colorbar');
    require('plotly.js/src/components/legend');
    require('plotly.js/src/components/fx');
    require('plotly.js/src/components/modebar');
  },
];

exports.plotly = function () {
  var Plotly = require('plotly.js/lib/core');
  Plotly.register([require('plotly.js/lib/heatmap')]);
  // plotly's internal Plots module (Plotly.Plots is a copy of three of its functions), the draw
  // steps and the cartesian axes: the page wraps previousPromises and some steps so that a draw
  // yields between steps, and the registry, whose components draw without yielding (src/app/plot/plotlySlices.ts).
  Plotly.fitbenchInternal = {
    plots: require('plotly.js/src/plots/plots'),
    subroutines: require('plotly.js/src/plot_api/subroutines'),
    axes: require('plotly.js/src/plots/cartesian/axes'),
    registry: require('plotly.js/src/registry'),
    titles: require('plotly.js/src/components/titles'),
    // The default config: a figure's defaults computed on a plain object (as Plotly.validate
    // does) in the page's warm-up (src/app/plot/plotlyWarmup.ts).
    dfltConfig: require('plotly.js/src/plot_api/plot_config').dfltConfig,
  };
  return Plotly;
};
