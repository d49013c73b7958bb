/** A fit that could not run: the reason and what to try. */
import { useApp } from '../../state';
import { adviseError } from '../../state/advice';

export function FitErrorCard() {
  const error = useApp((s) => (s.fitStatus === 'error' ? s.fitError : null));
  if (!error) return null;
  const advice = adviseError(error);
  return (
    <section className="card error-card" data-testid="fit-error" role="alert">
      <h2 className="card-title">The fit could not run</h2>
      <p>{error.message}</p>
      {advice && <p className="muted">{advice}</p>}
    </section>
  );
}
