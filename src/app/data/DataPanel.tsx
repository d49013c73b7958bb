/** Step 1: the data. */
import { useApp } from '../../state';
import { Panel } from '../common/Panel';
import { ColumnPickers } from './ColumnPickers';
import { LoadStatus } from './LoadStatus';
import { OpenControls } from './OpenControls';
import { Preview } from './Preview';
import { RowReport } from './RowReport';
import { ReadOptions } from './ReadOptions';
import { TableInfo } from './TableInfo';
import { RowFilters } from './RowFilters';
import { ExcludedPoints } from './ExcludedPoints';
import { GroupPicker } from './GroupPicker';
import { MemoryBudget } from './MemoryBudget';

export function DataPanel() {
  const table = useApp((s) => s.table);
  return (
    <Panel title="Data" step={1} testId="data-panel">
      {!table && <p className="hint">Drop a CSV, text, Excel (.xlsx), OpenDocument (.ods) or Parquet file anywhere on the page, paste cells from a spreadsheet, or try a sample.</p>}
      <OpenControls />
      <MemoryBudget />
      <LoadStatus />
      {table && (
        <>
          <TableInfo table={table} />
          <ReadOptions />
          <ColumnPickers />
          {/* A streamed table (issue 12) is fitted whole: filters, groups and exclusions need its rows in memory. */}
          {!table.stream && <RowFilters />}
          {!table.stream && <GroupPicker />}
          <RowReport />
          {!table.stream && <ExcludedPoints />}
          <Preview />
        </>
      )}
    </Panel>
  );
}
