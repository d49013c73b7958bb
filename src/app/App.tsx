/** The workbench: a setup column (data, model, parameters, options, Fit) and the plot with results. */
import { useEffect } from 'react';
import { useApp } from '../state';
import { runFit } from '../state/actions/fit';
import { loadSampleList } from '../state/actions/samples';
import { DataPanel } from './data/DataPanel';
import { FitBar } from './fit/FitBar';
import { OptionsPanel } from './fit/OptionsPanel';
import { DropOverlay } from './layout/DropOverlay';
import { EmptyState } from './layout/EmptyState';
import { Header } from './layout/Header';
import { Toolbar } from './layout/Toolbar';
import { ModelPanel } from './model/ModelPanel';
import { ParamsPanel } from './params/ParamsPanel';
import { PlotPanel } from './plot/PlotPanel';
import { ResultsPanel } from './results/ResultsPanel';
import { LinkFilePrompt } from './share/LinkFilePrompt';
import { PageNotices } from './share/PageNotices';
import { startWorkbench } from './share/startup';
import { useGlobalInput } from './useGlobalInput';

export function App() {
  const hasData = useApp((s) => s.table !== null);
  const linkWaits = useApp((s) => s.pendingLink !== null);
  useGlobalInput();
  useEffect(() => {
    void loadSampleList();
    // A link in the address takes precedence over the saved session.
    void startWorkbench();
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
            <DataPanel />
            <ModelPanel />
            <ParamsPanel />
            <OptionsPanel />
          </div>
          <FitBar />
        </form>
        <main className="main" aria-label="Plot and results">
          <PageNotices />
          {hasData ? (
            <>
              <PlotPanel />
              <ResultsPanel />
            </>
          ) : linkWaits ? (
            <LinkFilePrompt />
          ) : (
            <EmptyState />
          )}
        </main>
      </div>
      <DropOverlay />
    </div>
  );
}
