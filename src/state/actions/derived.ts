/** Derived quantities as typed in the results (issue 10); computed where shown and exported. */
import { setState } from '../store';

export function setDerivedText(text: string): void {
  setState({ derivedText: text });
}
