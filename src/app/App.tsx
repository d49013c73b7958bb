/** The workbench: a setup column (data, model, parameters, options, Fit) and the plot with results. */
import { Suspense, useDeferredValue, useEffect } from 'react';
import { useApp } from '../state';
import { runFit } from '../state/actions/fit';
import { loadSampleList } from '../state/actions/samples';
import { RenderBoundary } from './common/RenderBoundary';
import { DataPanel } from './data/DataPanel';
import { FitBar } from './fit/FitBar';
import { OptionsPanel } from './fit/OptionsPanel';
import { AssayPanel } from './assay/AssayPanel';
import { DropOverlay } from './layout/DropOverlay';
import { EmptyState } from './layout/EmptyState';
import { Header } from './layout/Header';
import { Toolbar } from './layout/Toolbar';
import { ModelPanel } from './model/ModelPanel';
import { ParamsPanel } from './params/ParamsPanel';
import { PlotPanel } from './plot/PlotPanel';
import { preloadPlotly } from './plot/plotlyLoader';
import { SessionUndo } from './sessions/SessionUndo';
import { GlobalResults, GroupResults, MixedResults, preloadResults, ResultsPanel } from './results/lazyResults';
import { LinkFilePrompt } from './share/LinkFilePrompt';
import { PageNotices } from './share/PageNotices';
import { startWorkbench } from './share/startup';
import { useGlobalInput } from './useGlobalInput';

export function App() {
  // The plot and results cards are mounted in a deferred (time-sliced) render: a store update
  // renders synchronously, and mounting them in the same task as the data's arrival made one
  // main-thread task of 60–120 ms (e2e/firstplot.spec.ts).
  const hasData = useDeferredValue(useApp((s) => s.table !== null));
  const linkWaits = useApp((s) => s.pendingLink !== null);
  // What each part draws from: a part that failed is drawn again when its input changes.
  const table = useApp((s) => s.table);
  const modelText = useApp((s) => s.modelText);
  const params = useApp((s) => s.params);
  const outcome = useApp((s) => s.outcome);
  const batch = useApp((s) => s.batch);
  const global = useApp((s) => s.global);
  const mixed = useApp((s) => s.mixed);
  useGlobalInput();
  useEffect(() => {
    // Names the task of the first render in performance traces (e2e/firstplot.spec.ts).
    performance.mark('app.mounted');
    void loadSampleList();
    // A link in the address takes precedence over the saved session.
    void startWorkbench();
    // plotly.js and the results cards' code arrive after the first paint, before they are needed
    // (plotly first: the first plot waits for it).
    preloadPlotly();
    preloadResults();
  }, []);
  return (
    <div className="app" data-testid="app">
      <Toolbar />
      <Header />
      <div className="workspace">
        <form
          className="sidebar"
          aria-label="Fit setup"
          data-testid="setup-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void runFit();
          }}
        >
          <div className="sidebar-scroll">
            <RenderBoundary area="The data panel" resetKey={table}>
              <DataPanel />
            </RenderBoundary>
            <RenderBoundary area="The model panel" resetKey={modelText}>
              <ModelPanel />
            </RenderBoundary>
            <RenderBoundary area="The parameters" resetKey={params}>
              <ParamsPanel />
            </RenderBoundary>
            <RenderBoundary area="The options" resetKey={table}>
              <OptionsPanel />
            </RenderBoundary>
            <RenderBoundary area="The assay controls" resetKey={table}>
              <AssayPanel />
            </RenderBoundary>
          </div>
          <RenderBoundary area="The fit bar" resetKey={outcome}>
            <FitBar />
          </RenderBoundary>
        </form>
        <main className="main" aria-label="Plot and results">
          <PageNotices />
          {hasData ? (
            <>
              <RenderBoundary area="The plot" resetKey={outcome}>
                <PlotPanel />
              </RenderBoundary>
              <Suspense fallback={null}>
                <RenderBoundary area="The per-group results" resetKey={batch}>
                  <GroupResults />
                </RenderBoundary>
                <RenderBoundary area="The global fit" resetKey={global}>
                  <GlobalResults />
                </RenderBoundary>
                <RenderBoundary area="The mixed-effects fit" resetKey={mixed}>
                  <MixedResults />
                </RenderBoundary>
                <RenderBoundary area="The results" resetKey={outcome}>
                  <ResultsPanel />
                </RenderBoundary>
              </Suspense>
            </>
          ) : linkWaits ? (
            <LinkFilePrompt />
          ) : (
            <EmptyState />
          )}
        </main>
      </div>
      <DropOverlay />
      <SessionUndo />
    </div>
  );
}
