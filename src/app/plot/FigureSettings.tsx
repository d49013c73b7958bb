/**
 * "Figure…" (issue 13, figures for papers): a popover beside the plot's toggles with a title, axis
 * labels with units, the image size and the font size, and the PNG and SVG downloads that use
 * them. The plot on screen is not changed; empty labels keep the column names.
 */
import { useState } from 'react';
import { getState, useApp } from '../../state';
import { setFigureNumber, setFigureText } from '../../state/actions/figure';
import { downloadBlob } from '../export/download';
import { exportName } from '../export/fileNames';
import { plotImage } from '../export/plotImage';
import { exportFileBase } from '../export/fileBase';
import { PopoverHead } from '../share/CopyLink';
import { usePopover } from '../share/usePopover';

function TextField({ label, value, placeholder, onChange, testId }: { readonly label: string; readonly value: string; readonly placeholder: string; readonly onChange: (v: string) => void; readonly testId: string }) {
  return (
    <label className="figure-field">
      <span>{label}</span>
      <input className="input" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
    </label>
  );
}

function SizeField({ label, value, unit, onCommit, testId }: { readonly label: string; readonly value: number; readonly unit: string; readonly onCommit: (v: number) => number; readonly testId: string }) {
  const [text, setText] = useState(String(value));
  const commit = () => setText(String(onCommit(Number(text))));
  return (
    <label className="figure-field figure-size">
      <span>{label}</span>
      <input className="input" inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} data-testid={testId} />
      <span className="muted small">{unit}</span>
    </label>
  );
}

export function FigureSettings() {
  const pop = usePopover();
  const figure = useApp((s) => s.figure);
  const x = useApp((s) => s.mapping.x[s.plot.plotVar] ?? 'x');
  const y = useApp((s) => s.mapping.y || 'y');
  const [message, setMessage] = useState<string | null>(null);
  const download = async (format: 'png' | 'svg') => {
    setMessage(null);
    const image = await plotImage(format);
    if (image.ok) downloadBlob(image.blob, exportName(exportFileBase(getState()), 'plot', format));
    else setMessage(image.message);
  };
  return (
    <div className="tool">
      <button ref={pop.buttonRef} type="button" className="btn btn-small" aria-expanded={pop.open} aria-controls={pop.open ? 'figure-popover' : undefined} onClick={pop.toggle} data-testid="figure-button" title="Title, axis labels, size and font of the PNG and SVG images">
        Figure…
      </button>
      {pop.open && (
        <div ref={pop.panelRef} className="popover popover-figure" id="figure-popover" role="dialog" aria-label="Figure for export" data-testid="figure-popover">
          <PopoverHead title="Figure for export" onClose={() => pop.hide(true)} />
          <TextField label="Title" value={figure.title} placeholder="(none)" onChange={(v) => setFigureText('title', v)} testId="figure-title" />
          <TextField label="x label" value={figure.xLabel} placeholder={x} onChange={(v) => setFigureText('xLabel', v)} testId="figure-xlabel" />
          <TextField label="y label" value={figure.yLabel} placeholder={y} onChange={(v) => setFigureText('yLabel', v)} testId="figure-ylabel" />
          <div className="figure-sizes">
            <SizeField label="Width" value={figure.width} unit="px" onCommit={(v) => setFigureNumber('width', v).width} testId="figure-width" />
            <SizeField label="Height" value={figure.height} unit="px" onCommit={(v) => setFigureNumber('height', v).height} testId="figure-height" />
            <SizeField label="Font" value={figure.fontSize} unit="pt" onCommit={(v) => setFigureNumber('fontSize', v).fontSize} testId="figure-font" />
          </div>
          <p className="popover-foot muted small">Labels may carry units, e.g. “Time (s)”. PNG is drawn at twice the size for print.</p>
          <div className="button-row">
            <button type="button" className="btn btn-small" onClick={() => void download('png')} data-testid="figure-png">
              Download PNG
            </button>
            <button type="button" className="btn btn-small" onClick={() => void download('svg')} data-testid="figure-svg">
              Download SVG
            </button>
          </div>
          {message && (
            <p className="field-error" role="alert">
              {message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
