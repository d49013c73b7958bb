/**
 * The address bar and the fit link. Copy link puts the link in the address (history.replaceState,
 * nothing is sent anywhere), and opening a page with a link applies it; from then on the address
 * describes the page only until the page changes: as soon as the model, parameters, settings or
 * data differ from what the link holds, the fragment is taken off the address again, so a reload
 * restores the saved session (with the changes) instead of the older link.
 */
import { getState, store, type AppState } from '../../state';
import { fitSignature } from '../../state/signature';

const tableIds = new WeakMap<object, number>();
let nextTableId = 1;

function tableId(s: AppState): number {
  if (!s.table) return 0;
  let id = tableIds.get(s.table);
  if (id === undefined) {
    id = nextTableId++;
    tableIds.set(s.table, id);
  }
  return id;
}

/** What a link describes of the page. */
export function linkSignature(s: AppState): string {
  return `${tableId(s)}|${fitSignature(s)}|${s.libraryId ?? ''}|${JSON.stringify(s.settings)}`;
}

let linked: { readonly fragment: string; signature: string } | null = null;
let holds = 0;
let unsubscribe: (() => void) | null = null;

function clearFragment(): void {
  if (location.hash === '') return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** The address now shows `fragment`, which describes the page as it is. */
export function showLink(fragment: string): void {
  if (location.hash !== fragment) history.replaceState(history.state, '', fragment);
  linked = { fragment, signature: linkSignature(getState()) };
}

/** Runs `work` (opening a link) without the address reacting to the page's changes meanwhile;
 *  afterwards the address describes the page as the link left it. */
export async function whileOpening<T>(fragment: string, work: () => Promise<T>): Promise<T> {
  holds++;
  try {
    return await work();
  } finally {
    holds--;
    if (holds === 0 && location.hash === fragment) linked = { fragment, signature: linkSignature(getState()) };
  }
}

export function forgetLink(): void {
  linked = null;
  clearFragment();
}

export function startHashSync(): void {
  if (unsubscribe) return;
  unsubscribe = store.subscribe((s) => {
    if (!linked || holds > 0 || s.pendingLink !== null) return;
    if (location.hash !== linked.fragment) {
      linked = null;
      return;
    }
    if (linkSignature(s) !== linked.signature) forgetLink();
  });
}
