/**
 * The mixed-effects fit's tables (issue 25), laid out as R's summary(nlme): the fixed effects
 * with standard error, nlme's denominator degrees of freedom, t and two-sided p; the random
 * effects' standard deviations and correlations with the residual σ; and each group's
 * parameters (fixed effect + predicted random effect) beside its own fit where one was run.
 */
import type { MixedFitOutcome } from '../../worker/api';
import { formatNumber } from '../format/number';
import { formatCount } from '../format/count';
import { ScrollingTable } from '../common/ScrollingTable';
import { visibleValue } from '../../data/visibleText';

/** Rows drawn in the groups table (as the global card: 10 000 groups fit, the page would crawl). */
const TABLE_ROWS_MAX = 1000;

export function num(v: number, digits = 6): string {
  return Number.isFinite(v) ? formatNumber(v, digits) : v === Infinity ? '∞' : '–';
}

export function pValue(p: number): string {
  return !Number.isFinite(p) ? '–' : p < 1e-4 ? '< 0.0001' : p.toPrecision(3);
}

export function FixedTable({ m }: { readonly m: MixedFitOutcome['mixed'] }) {
  return (
    <table className="group-table" data-testid="mixed-fixed">
      <caption className="global-caption">Fixed effects (population values)</caption>
      <thead>
        <tr>
          <th scope="col">Parameter</th>
          <th scope="col" className="cell-num">Value</th>
          <th scope="col" className="cell-num">SE</th>
          <th scope="col" className="cell-num" title="Denominator degrees of freedom, by nlme's rule (Pinheiro & Bates 2000, §2.4.2)">df</th>
          <th scope="col" className="cell-num">t</th>
          <th scope="col" className="cell-num">p</th>
        </tr>
      </thead>
      <tbody>
        {m.names.map((name, i) => (
          <tr key={name} data-param={name} data-value={String(m.fixed[i])} data-se={String(m.fixedStderr[i])}>
            <th scope="row"><code>{name}</code></th>
            <td className="cell-num" data-col="value">{num(m.fixed[i])}</td>
            <td className="cell-num" data-col="se">{num(m.fixedStderr[i], 4)}</td>
            <td className="cell-num" data-col="df">{m.fixedDf[i]}</td>
            <td className="cell-num" data-col="t">{num(m.tValue[i], 4)}</td>
            <td className="cell-num" data-col="p">{pValue(m.pValue[i])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RandomTable({ m }: { readonly m: MixedFitOutcome['mixed'] }) {
  const r = m.random;
  return (
    <table className="group-table" data-testid="mixed-random">
      <caption className="global-caption">Random effects ({m.cov === 'full' ? 'general' : 'diagonal'} Ψ)</caption>
      <thead>
        <tr>
          <th scope="col">Effect</th>
          <th scope="col" className="cell-num">SD</th>
          {r.length > 1 && r.slice(0, -1).map((name) => <th key={name} scope="col" className="cell-num">corr. {name}</th>)}
        </tr>
      </thead>
      <tbody>
        {r.map((name, i) => (
          <tr key={name} data-param={name} data-sd={String(m.randomSd[i])}>
            <th scope="row"><code>{name}</code></th>
            <td className="cell-num" data-col="sd">{num(m.randomSd[i], 5)}</td>
            {r.length > 1 && r.slice(0, -1).map((other, k) => <td key={other} className="cell-num">{k < i ? num(m.randomCorr[i][k], 3) : ''}</td>)}
          </tr>
        ))}
        <tr data-param="residual" data-sd={String(m.sigma)}>
          <th scope="row">Residual σ</th>
          <td className="cell-num" data-col="sd">{num(m.sigma, 5)}</td>
          {r.length > 1 && r.slice(0, -1).map((other) => <td key={other} />)}
        </tr>
      </tbody>
    </table>
  );
}

/** Each group's parameters: the mixed model's (random ones marked) and, beside them, its own fit's. */
export function MixedGroupTable({ g, column }: { readonly g: MixedFitOutcome; readonly column: string }) {
  const m = g.mixed;
  const shown = m.names.map((name) => ({ name, j: g.names.indexOf(name), random: m.random.includes(name) }));
  const own = new Map((g.separate ?? []).map((r) => [r.key, r]));
  return (
    <>
      <ScrollingTable testId="mixed-groups">
        <table className="group-table" data-testid="mixed-groups">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className="cell-num">Rows</th>
              {shown.map(({ name, random }) => (
                <th key={name} scope="col" className="cell-num" title={random ? `${name}: the fixed effect plus this group's predicted random effect` : `${name}: a fixed effect, the same in every group`}>
                  {name}
                  {random ? ' (mixed)' : ''}
                </th>
              ))}
              {g.separate && shown.filter((s) => s.random).map(({ name }) => <th key={name} scope="col" className="cell-num" title={`${name} fitted to this group alone`}>{name} (own fit)</th>)}
            </tr>
          </thead>
          <tbody>
            {m.rows.slice(0, TABLE_ROWS_MAX).map((row) => {
              const mine = own.get(row.key);
              return (
                <tr key={row.key} className={row.included ? '' : 'group-failed'} data-group={row.key}>
                  <th scope="row">{visibleValue(row.key)}</th>
                  <td className="cell-num">{row.rows}</td>
                  {row.included ? (
                    <>
                      {shown.map(({ name, j }) => <td key={name} className="cell-num" data-param={name}>{num(row.params[j])}</td>)}
                      {g.separate && shown.filter((s) => s.random).map(({ name, j }) => <td key={name} className="cell-num" data-own={name}>{mine && mine.success ? num(mine.params[j]) : '–'}</td>)}
                    </>
                  ) : (
                    <td colSpan={shown.length + (g.separate ? m.random.length : 0)} className="group-message">Left out: {row.message}</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollingTable>
      {m.rows.length > TABLE_ROWS_MAX && <p className="muted small">The table shows the first {formatCount(TABLE_ROWS_MAX)} of {formatCount(m.rows.length)} groups.</p>}
    </>
  );
}
