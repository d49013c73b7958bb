/** The results cards, one chunk (./lazyResults.ts loads it). */
export { ResultsPanel } from './ResultsPanel';
export { GroupResults } from './GroupResults';
export { GlobalResults } from './GlobalResults';
export { MixedResults } from '../mixed/MixedResults';
