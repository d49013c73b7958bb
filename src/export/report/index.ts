/** The printable fit report (issue 10): data from the fit (reportData.ts), HTML with inline SVG figures (html.ts). */
export { fitReportData, type ReportData, type ReportDataInput, type ColumnSummary } from './reportData';
export { fitReportHtml, type FitReport } from './html';
