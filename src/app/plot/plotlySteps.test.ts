/**
 * scripts/plotly/core.cjs evaluates plotly's modules in several tasks by requiring, ahead of
 * plotly's src/core.js, what that file requires, in its order. That is only the same evaluation as
 * plotly's own if src/core.js still requires these modules in this order: checked here against the
 * installed plotly.js, so an upgrade that reorders them fails this test instead of the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const coreCjs = readFileSync(join(root, 'scripts/plotly/core.cjs'), 'utf8');
// The steps come before plotly(), which requires lib/core and then, already evaluated by it, the
// internals the page wraps or reads (plots, subroutines, axes, registry, titles, plot_config).
const steps = coreCjs.slice(0, coreCjs.indexOf('exports.plotly = function'));
const core = readFileSync(join(root, 'node_modules/plotly.js/src/core.js'), 'utf8');

/** The plotly modules a text requires, in order, as paths under plotly.js/ ('src/…', 'build/…'). */
function plotlyRequires(text: string, from: 'steps' | 'core'): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/require\('([^']+)'\)/g)) {
    const id = m[1];
    if (from === 'steps' && id.startsWith('plotly.js/') && id !== 'plotly.js/lib/core' && !id.includes('/lib/heatmap') && !id.endsWith('plots/plots') && !id.endsWith('plot_api/subroutines') && !id.endsWith('cartesian/axes') && !id.endsWith('plot_api/plot_config')) out.push(id.slice('plotly.js/'.length));
    if (from === 'core' && id.startsWith('.')) out.push(id.startsWith('../') ? id.slice(3) : `src/${id.slice(2)}`);
    if (from === 'core' && id === 'native-promise-only') out.push(id);
    if (from === 'steps' && id === 'native-promise-only') out.push(id);
  }
  // A module required again (the registration step re-requires registry and plot_api) is cached.
  return out.filter((id, i) => out.indexOf(id) === i);
}

describe('plotly evaluated in steps (scripts/plotly/core.cjs)', () => {
  it("requires a prefix of src/core.js's requires, in the same order", () => {
    const ahead = plotlyRequires(steps, 'steps');
    const natural = plotlyRequires(core, 'core');
    expect(ahead.length).toBeGreaterThan(10);
    expect(natural.slice(0, ahead.length)).toEqual(ahead);
  });

  it('src/core.js registers the api methods and the scatter trace before it requires the components', () => {
    const apiLoop = core.indexOf("moduleType: 'apiMethod'");
    const scatter = core.indexOf("register(require('./traces/scatter'))");
    const components = core.indexOf("require('./components/annotations')");
    expect(apiLoop).toBeGreaterThan(0);
    expect(scatter).toBeGreaterThan(apiLoop);
    expect(components).toBeGreaterThan(scatter);
    // The components are only registered after all of them are required (one register([...])).
    expect(core.slice(components - 20, components)).toContain('register([');
  });
});

describe("plotly's step 4 in pieces (scripts/plotly/coreSteps.cjs)", () => {
  const pieces = readFileSync(join(root, 'scripts/plotly/coreSteps.cjs'), 'utf8');
  const installed = JSON.parse(readFileSync(join(root, 'node_modules/plotly.js/package.json'), 'utf8')).version as string;

  it('was measured on the installed plotly.js (after an upgrade: npx tsx scripts/plotly/measureSteps.ts)', () => {
    expect(pieces).toContain(`exports.plotlyVersion = '${installed}';`);
  });

  it("names only plotly.js's own modules, each a file of the installed package, none twice, in several pieces", () => {
    const ids = [...pieces.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id.startsWith('plotly.js/src/') || id.startsWith('plotly.js/build/'), id).toBe(true);
      expect(existsSync(join(root, 'node_modules', `${id}.js`)), id).toBe(true);
    }
    expect([...pieces.matchAll(/function \(\) \{/g)].length).toBeGreaterThan(2);
  });

  it("runs before core.cjs's step 4, after the self-contained packages", () => {
    const coreCjs = readFileSync(join(root, 'scripts/plotly/core.cjs'), 'utf8');
// The steps come before plotly(), which requires lib/core and then, already evaluated by it, the
// internals the page wraps or reads (plots, subroutines, axes, registry, titles, plot_config).
const steps = coreCjs.slice(0, coreCjs.indexOf('exports.plotly = function'));
    const spread = steps.indexOf("...require('./coreSteps.cjs').steps");
    expect(spread).toBeGreaterThan(steps.indexOf("require('polybooljs')"));
    expect(spread).toBeLessThan(steps.indexOf("require('plotly.js/src/version')"));
  });
});
