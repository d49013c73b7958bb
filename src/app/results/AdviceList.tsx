/** What to do about what happened, in words a person can act on. */
import { adviseResult } from '../../state/advice';
import type { FitResult } from '../../fit/types';
import { revertToStart } from '../../state/actions/params';

export function AdviceList({ result }: { readonly result: FitResult }) {
  const advice = adviseResult(result);
  if (advice.length === 0) return null;
  const offerRevert = result.status <= 0;
  return (
    <ul className="advice" data-testid="result-advice">
      {advice.map((a, i) => (
        <li key={i} className={`advice-item advice-${a.tone}`}>
          {a.text}
        </li>
      ))}
      {offerRevert && (
        <li className="advice-item advice-info">
          <button type="button" className="link-btn" onClick={revertToStart} data-testid="revert-start">
            Restore the start values
          </button>
        </li>
      )}
    </ul>
  );
}
