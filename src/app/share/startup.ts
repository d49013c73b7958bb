/**
 * What the page does when it opens: a fit link in the address takes precedence (it is opened into
 * a clean workbench); without one, the most recent saved session is restored. Then the page is
 * saved as it changes, and a link pasted into the address bar of the open page is opened too.
 */
import { openLink } from '../../state/actions/link';
import { refreshSessionList, restoreLatestSession, startAutosave } from '../../state/actions/sessions';
import { startHashSync, whileOpening } from './hashSync';

let started = false;

async function openFromAddress(fragment: string): Promise<void> {
  await whileOpening(fragment, () => openLink(fragment));
}

export async function startWorkbench(): Promise<void> {
  if (started) return;
  started = true;
  startAutosave();
  startHashSync();
  window.addEventListener('hashchange', () => {
    // replaceState (Copy link, the sync) fires no hashchange: this is a link typed or pasted.
    if (location.hash !== '') void openFromAddress(location.hash);
  });
  const fragment = location.hash;
  if (fragment !== '' && fragment !== '#') {
    await openFromAddress(fragment);
    await refreshSessionList();
  } else {
    await restoreLatestSession();
  }
}
