/**
 * The results cards (single fit, per-group, global) are shown only once there are data, and their
 * code (tables, diagnostics, profiles, comparison) is a large part of the page's: it is loaded in
 * its own chunk, fetched and evaluated in idle time after the first paint, so that the page's
 * first evaluation stays short (issue 13) and the cards are there when the data come.
 */
import { lazy } from 'react';
import { whenIdleAfterPaint } from '../common/nextTask';

const loadCards = () => import('./resultCards');

export const ResultsPanel = lazy(() => loadCards().then((m) => ({ default: m.ResultsPanel })));
export const GroupResults = lazy(() => loadCards().then((m) => ({ default: m.GroupResults })));
export const GlobalResults = lazy(() => loadCards().then((m) => ({ default: m.GlobalResults })));
export const MixedResults = lazy(() => loadCards().then((m) => ({ default: m.MixedResults })));

/** Loads the cards' code once the page has painted and the main thread is idle. */
export function preloadResults(): void {
  whenIdleAfterPaint(() => void loadCards());
}
