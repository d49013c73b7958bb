/**
 * A part of the page that failed to draw shows why, instead of unmounting the whole page (React
 * removes the entire tree when a render throws and nothing catches it). The rest of the page keeps
 * working; "Try again" draws the part anew, and "Discard the saved session" starts a clean
 * workbench for a session whose state cannot be drawn (it was saved before it was drawn, so without
 * this every later visit would fail the same way).
 *
 * `resetKey` redraws the part when it changes (a new fit, other data): a failure tied to one state
 * does not outlive it. Error boundaries must be class components (React's rule).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { discardSavedSession } from '../../state/actions/sessions';
import { forgetLink } from '../share/hashSync';

export interface RenderBoundaryProps {
  /** What the part is, for the message: "The results", "The plot", "The page". */
  readonly area: string;
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
  readonly key: unknown;
}

export class RenderBoundary extends Component<RenderBoundaryProps, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: RenderBoundaryProps, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.key) ? null : { key: props.resetKey, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.area} could not be drawn`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="notice notice-error render-failed" role="alert" data-testid="render-failed" data-area={this.props.area}>
        <p>
          <strong>{this.props.area} could not be shown.</strong> {error.name}: {error.message}
        </p>
        <p className="render-failed-hint">The rest of the page works. If this keeps happening with this session, discard it and start clean.</p>
        <div className="render-failed-actions">
          <button type="button" className="btn" onClick={() => this.setState({ error: null })} data-testid="render-retry">
            Try again
          </button>
          <button
            type="button"
            className="btn"
            data-testid="render-discard"
            onClick={() => {
              // A link in the address would open the same state again on reload.
              forgetLink();
              void discardSavedSession().then(() => this.setState({ error: null }));
            }}
          >
            Discard the saved session
          </button>
        </div>
      </div>
    );
  }
}
