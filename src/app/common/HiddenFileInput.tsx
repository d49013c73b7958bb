/**
 * The file input behind an "Open…" button: hidden from sight and from the tab order (the button is
 * what a person uses), accepting the formats the page reads (text, .xlsx, .ods, .parquet; .xls to say how to convert it), cleared after each pick so
 * that choosing the same file again still fires.
 */
import type { Ref } from 'react';

const DATA_FILES = '.csv,.tsv,.txt,.dat,.xlsx,.ods,.parquet,.xls,text/csv,text/plain,text/tab-separated-values';

export function HiddenFileInput({ ref, testId, onFile }: { readonly ref: Ref<HTMLInputElement>; readonly testId: string; readonly onFile: (file: File | undefined) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={DATA_FILES}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(e) => {
        onFile(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
}
