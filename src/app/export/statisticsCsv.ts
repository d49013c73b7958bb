/** The fit's statistics and solver summary as a two-column CSV (statistic,value). */
import { csvTable } from '../../export/index';
import type { FitResult } from '../../fit/types';

export function statisticsCsv(result: FitResult): string {
  const st = result.stats;
  const rows: [string, number | string | boolean][] = [
    ['points', st.points],
    ['free_parameters', st.freeParameters],
    ['dof', st.dof],
    ['chi2', st.chi2],
    ['redchi2', st.redchi2],
    ['rss', st.rss],
    ['rmse', st.rmse],
    ['r2', st.r2],
    ['adj_r2', st.adjR2],
    ['aic', st.aic],
    ['bic', st.bic],
    ['confidence_level', result.confidenceLevel],
    ['t_value', result.tValue],
    ['cost', result.cost],
    ['nfev', result.nfev],
    ['njev', result.njev],
    ['nit', result.nit],
    ['success', result.success],
    ['status', result.status],
    ['message', result.message],
  ];
  return csvTable(['statistic', 'value'], rows);
}
