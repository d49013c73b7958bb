/**
 * The group table's note on ROUT (issue 26): "Fit each group" does not run the assay card's ROUT,
 * so with ROUT on the page says so and where it runs, instead of ignoring the setting; the CLI's
 * per-group ROUT is offered only where the CLI takes it (not for a wide file, which it refuses).
 */
import { describe, expect, it } from 'vitest';
import { initialState } from '../store';
import { groupRoutNote } from './groupFits';

describe('groupRoutNote', () => {
  const on = { ...initialState.assay, rout: true };
  it('is null with ROUT off, and names the opened group and the CLI with it on', () => {
    expect(groupRoutNote({ assay: initialState.assay, groupWide: false, groupBy: 'plate' })).toBeNull();
    expect(groupRoutNote({ assay: on, groupWide: false, groupBy: 'plate' })).toBe(
      "ROUT does not run here: each group above is fitted on all its rows. Open a plate to run ROUT on its rows, or flag each group's outliers on the command line with --group plate --outliers rout.",
    );
  });
  it('offers no CLI line for a wide file', () => {
    expect(groupRoutNote({ assay: on, groupWide: true, groupBy: null })).toBe('ROUT does not run here: each group above is fitted on all its rows. Open a group to run ROUT on its rows.');
  });
});
