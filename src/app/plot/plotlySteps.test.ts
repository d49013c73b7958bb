/**
 * scripts/plotly/core.cjs evaluates plotly's modules in several tasks by requiring, ahead of
 * plotly's src/core.js, what that file requires, in its order. That is only the same evaluation as
 * plotly's own if src/core.js still requires these modules in this order: checked here against the
 * installed plotly.js, so an upgrade that reorders them fails this test instead of the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const steps = readFileSync(join(root, 'scripts/plotly/core.cjs'), 'utf8');
const core = readFileSync(join(root, 'node_modules/plotly.js/src/core.js'), 'utf8');

/** The plotly modules a text requires, in order, as paths under plotly.js/ ('src/…', 'build/…'). */
function plotlyRequires(text: string, from: 'steps' | 'core'): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/require\('([^']+)'\)/g)) {
    const id = m[1];
    if (from === 'steps' && id.startsWith('plotly.js/') && id !== 'plotly.js/lib/core' && !id.includes('/lib/heatmap') && !id.endsWith('plots/plots') && !id.endsWith('plot_api/subroutines')) out.push(id.slice('plotly.js/'.length));
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
