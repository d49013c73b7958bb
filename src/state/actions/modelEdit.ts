/**
 * The model as the user writes or picks it: the text (actions/model.ts), then the columns it
 * names join the x variables (actions/data.ts followModelColumns; state/modelColumns.ts), as
 * the CLI reads the same model. Apart from model.ts, which data.ts imports, so that no import
 * goes in a circle.
 */
import { followModelColumns } from './data';
import { setModelText } from './model';

export async function editModel(text: string, libraryId?: string | null): Promise<void> {
  setModelText(text, libraryId);
  await followModelColumns();
}
