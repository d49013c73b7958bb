/** The little of plotly.js the app uses (the dist bundle ships no types). */
declare module 'plotly.js-dist-min' {
  export type Datum = Record<string, unknown>;
  export interface PlotlyHTMLElement extends HTMLElement {
    on?(event: string, handler: (event: unknown) => void): void;
  }
  export interface PlotlyStatic {
    react(root: HTMLElement, data: readonly Datum[], layout: Datum, config?: Datum): Promise<PlotlyHTMLElement>;
    purge(root: HTMLElement): void;
    Plots: { resize(root: HTMLElement): void };
  }
  const Plotly: PlotlyStatic;
  export default Plotly;
}
