/** A titled section of the setup column. */
import type { ReactNode } from 'react';

export interface PanelProps {
  readonly title: string;
  readonly step?: number;
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly testId?: string;
}

export function Panel({ title, step, actions, children, testId }: PanelProps) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="panel" aria-labelledby={id} data-testid={testId}>
      <header className="panel-head">
        <h2 id={id} className="panel-title">
          {step !== undefined && <span className="step" aria-hidden="true">{step}</span>}
          {title}
        </h2>
        {actions && <div className="panel-actions">{actions}</div>}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}
