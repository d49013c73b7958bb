/** Ways in: the file picker, the sample list, and a paste box. */
import { useRef, useState } from 'react';
import { loadText } from '../../state/actions/data';
import { loadSample } from '../../state/actions/samples';
import { useApp } from '../../state';
import { HiddenFileInput } from '../common/HiddenFileInput';
import { openFile } from '../share/openFile';

export function OpenControls() {
  const input = useRef<HTMLInputElement>(null);
  const samples = useApp((s) => s.samples);
  const [pasting, setPasting] = useState(false);
  const [text, setText] = useState('');
  return (
    <div className="open-controls">
      <div className="button-row">
        <button type="button" className="btn" onClick={() => input.current?.click()} data-testid="open-file">
          Open file…
        </button>
        <HiddenFileInput ref={input} testId="file-input" onFile={(file) => file && void openFile(file, file.name)} />
        <button type="button" className="btn" aria-expanded={pasting} onClick={() => setPasting(!pasting)} data-testid="paste-toggle">
          Paste…
        </button>
        <select
          className="select sample-select"
          value=""
          aria-label="Load a sample dataset"
          data-testid="sample-select"
          onChange={(e) => {
            const sample = samples?.find((x) => x.id === e.target.value);
            if (sample) void loadSample(sample);
          }}
        >
          <option value="">Try a sample…</option>
          {samples?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      {pasting && (
        <div className="paste-box">
          <textarea
            className="paste-text"
            placeholder={'Paste cells from a spreadsheet or CSV text here\nx\ty\n0\t1.02\n1\t2.71'}
            aria-label="Data to paste"
            value={text}
            rows={5}
            data-testid="paste-text"
            onChange={(e) => setText(e.target.value)}
          />
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary-outline"
              disabled={text.trim() === ''}
              data-testid="paste-load"
              onClick={() => {
                void loadText(text).then((ok) => ok && (setPasting(false), setText('')));
              }}
            >
              Load pasted data
            </button>
            <span className="muted small">Tip: Ctrl+V anywhere on the page works too.</span>
          </div>
        </div>
      )}
    </div>
  );
}
