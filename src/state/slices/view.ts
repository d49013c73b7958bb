/** View slice: the model curve at the current parameters, the sample list, drag-and-drop. */
import type { AssaySettings } from '../../share/types';
import type { Curve, WorkerError } from '../../worker/api';

export interface SampleEntry {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly file: string;
  readonly x: readonly string[];
  readonly y: string;
  readonly sigma?: string;
  /** Errors in x (issue 24): the σ column of each x column measured with error. */
  readonly sigmaX?: Readonly<Record<string, string>>;
  readonly model: string;
  readonly params: Readonly<Record<string, number>>;
  readonly truth?: Readonly<Record<string, number>>;
  readonly certified?: { readonly values: Readonly<Record<string, number>>; readonly rss: number };
  /** The column that names the sample's groups (issue 9), picked when it opens. */
  readonly group?: string;
  /** Each y column is a dataset (a plate's wells as columns), switched on when it opens. */
  readonly wide?: boolean;
  /** Parameters with a random effect per group (issue 25): the sample opens in Mixed effects mode. */
  readonly random?: readonly string[];
  /** The library model the expression is: its guesser starts each group of a batch. */
  readonly library?: string;
  /** The assay switches it opens with (issue 26: the ELISA plate's unknowns and ROUT); the rest default. */
  readonly assay?: Partial<AssaySettings>;
}

export interface ViewSlice {
  /** The model at the current parameters (null before there is data and a valid model). */
  readonly curve: Curve | null;
  readonly curveError: WorkerError | null;
  /** Signature of what `curve` was drawn for. */
  readonly curveSignature: string | null;
  /** The x interval the user zoomed the plot to (data units) under the view it was made in
   *  (state/view.ts: it lapses when the axes change), or null for the whole data. */
  readonly plotRange: { readonly key: string; readonly range: readonly [number, number] } | null;
  /** Counts tables adopted: new data are a new view even under the same name ("Pasted data"). */
  readonly dataEpoch: number;
  readonly samples: readonly SampleEntry[] | null;
  readonly dragging: boolean;
}

export const initialView: ViewSlice = { curve: null, curveError: null, curveSignature: null, plotRange: null, dataEpoch: 0, samples: null, dragging: false };
