/** An inline message next to the control it concerns. */
import type { ReactNode } from 'react';

export interface NoticeProps {
  readonly tone: 'error' | 'warning' | 'info' | 'success';
  readonly children: ReactNode;
  readonly id?: string;
  readonly testId?: string;
}

export function Notice({ tone, children, id, testId }: NoticeProps) {
  return (
    <div className={`notice notice-${tone}`} id={id} data-testid={testId} role={tone === 'error' ? 'alert' : undefined}>
      {children}
    </div>
  );
}
