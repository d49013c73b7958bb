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
import { ModelPanel } from './model/ModelPanel';
import { ParamsPanel } from './params/ParamsPanel';
import { PlotPanel } from './plot/PlotPanel';
import { ResultsPanel } from './results/ResultsPanel';
import { useGlobalInput } from './useGlobalInput';

export function App() {
  const hasData = useApp((s) => s.table !== null);
  useGlobalInput();
  useEffect(() => {
    void loadSampleList();
  }, []);
  return (
    <div className="app" data-testid="app">
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
          {hasData ? (
            <>
              <PlotPanel />
              <ResultsPanel />
            </>
          ) : (
            <EmptyState />
          )}
        </main>
      </div>
      <DropOverlay />
    </div>
  );
}
