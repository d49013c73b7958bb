/** Progress of the streamed passes: which pass over the chunks this is, and which chunk it finished. */
export interface StreamProgress {
  readonly pass: 'cost' | 'linearize' | 'statistics';
  /** 1-based count of passes over the chunks so far in this fit (all kinds together). */
  readonly passIndex: number;
  /** 1-based chunk just finished, of `chunks`. */
  readonly chunk: number;
  readonly chunks: number;
}

/** One counter of passes shared by the evaluators and the statistics of one fit. */
export interface PassCounter {
  count: number;
  readonly onChunk?: (progress: StreamProgress) => void;
}
