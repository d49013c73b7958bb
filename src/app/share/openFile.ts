/** A file the person opened (picker, drop, paste): checked against a link waiting for its data,
 *  else loaded as new data. */
import { getState } from '../../state';
import { loadFile } from '../../state/actions/data';
import { provideLinkFile } from '../../state/actions/link';
import { whileOpening } from './hashSync';

export function openFile(file: File, name = file.name): Promise<boolean> {
  if (getState().pendingLink) return whileOpening(location.hash, () => provideLinkFile(file, name));
  return loadFile(file, name);
}
