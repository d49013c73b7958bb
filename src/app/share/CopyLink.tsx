/**
 * "Copy link": the whole fit in the address's fragment (nothing is sent anywhere), put on the
 * clipboard and in the address bar; the popover says whether the data are in it and how large it
 * is, or, when the clipboard is refused, shows the link in a field to copy by hand.
 */
import { useEffect, useState } from 'react';
import { getState, store, useApp } from '../../state';
import { planCurrentLink } from '../../state/actions/link';
import { shareBlocker } from '../../state/shareSpec';
import { copyText } from './clipboard';
import { linkSignature, showLink } from './hashSync';
import { describeLink } from './linkText';
import { usePopover } from './usePopover';

type Outcome =
  | { readonly kind: 'working' }
  | { readonly kind: 'done'; readonly url: string; readonly copied: boolean; readonly text: string; readonly included: boolean; readonly bytes: number }
  | { readonly kind: 'error'; readonly message: string };

export function CopyLink() {
  const blocked = useApp(shareBlocker);
  const running = useApp((s) => s.fitStatus === 'running');
  const pop = usePopover();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reason = blocked ?? (running ? 'Wait for the fit to finish.' : null);
  // The popover describes the link of the page as it was: once the model, parameters, settings
  // or data change it is stale (it stayed over the plot controls saying "Link copied"), so it
  // closes, as the address drops the fragment then (hashSync.ts).
  const { hide } = pop;
  useEffect(() => {
    if (!pop.open || outcome?.kind !== 'done') return;
    const copiedAs = linkSignature(getState());
    return store.subscribe((state) => {
      if (linkSignature(state) !== copiedAs) hide();
    });
  }, [pop.open, outcome, hide]);

  const copy = async () => {
    if (reason) return;
    setOutcome({ kind: 'working' });
    pop.show();
    const plan = await planCurrentLink();
    if (!plan.ok) {
      setOutcome({ kind: 'error', message: plan.error.message });
      return;
    }
    showLink(plan.value.fragment);
    const url = location.href;
    const copied = await copyText(url);
    setOutcome({ kind: 'done', url, copied, text: describeLink(plan.value, url), included: plan.value.dataIncluded, bytes: url.length });
  };

  return (
    <div className="tool">
      <button
        ref={pop.buttonRef}
        type="button"
        className="btn btn-primary-outline"
        aria-disabled={reason ? true : undefined}
        title={reason ? `Copy link: ${reason}` : 'Copy a link to this fit (model, parameters, settings and, when they fit, the data)'}
        aria-expanded={pop.open}
        aria-controls={pop.open ? 'link-popover' : undefined}
        data-testid="copy-link"
        onClick={() => void copy()}
      >
        <LinkIcon />
        Copy link
      </button>
      {pop.open && outcome && (
        <div ref={pop.panelRef} className="popover popover-link" id="link-popover" role="dialog" aria-label="Fit link" data-testid="link-popover">
          <LinkOutcome outcome={outcome} onClose={() => pop.hide(true)} />
        </div>
      )}
    </div>
  );
}

function LinkOutcome({ outcome, onClose }: { readonly outcome: Outcome; readonly onClose: () => void }) {
  if (outcome.kind === 'working') {
    return (
      <p className="popover-text" role="status">
        Making the link…
      </p>
    );
  }
  if (outcome.kind === 'error') {
    return (
      <>
        <PopoverHead title="This fit cannot be shared yet" onClose={onClose} />
        <p className="popover-text field-error" role="alert" data-testid="link-status" data-state="error">
          {outcome.message}
        </p>
      </>
    );
  }
  return (
    <>
      <PopoverHead title={outcome.copied ? 'Link copied' : 'Copy this link'} tone={outcome.copied ? 'ok' : undefined} onClose={onClose} />
      <p className="popover-text" role="status" data-testid="link-status" data-state={outcome.copied ? 'copied' : 'shown'} data-included={String(outcome.included)} data-bytes={outcome.bytes}>
        {outcome.text}
      </p>
      {!outcome.copied && (
        <>
          <label className="popover-label" htmlFor="link-text">
            The browser did not allow copying to the clipboard: select the link and copy it (Ctrl+C).
          </label>
          <input id="link-text" className="link-field" readOnly value={outcome.url} data-testid="link-text" autoFocus onFocus={(e) => e.target.select()} />
        </>
      )}
      <p className="popover-foot muted small">The address bar shows the link too. Nothing is sent to a server: the fit is in the part after #.</p>
    </>
  );
}

export function PopoverHead({ title, onClose, tone }: { readonly title: string; readonly onClose: () => void; readonly tone?: 'ok' }) {
  return (
    <div className="popover-head">
      <h2 className={tone === 'ok' ? 'popover-title popover-title-ok' : 'popover-title'}>
        {tone === 'ok' && <CheckIcon />}
        {title}
      </h2>
      <button type="button" className="icon-btn" aria-label="Close" onClick={onClose} data-testid="popover-close">
        ×
      </button>
    </div>
  );
}

function LinkIcon() {
  return (
    <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
      <path d="M6.5 9.5a3 3 0 0 0 4.2 0l2.1-2.1a3 3 0 0 0-4.2-4.2l-.9.9M9.5 6.5a3 3 0 0 0-4.2 0L3.2 8.6a3 3 0 0 0 4.2 4.2l.9-.9" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
