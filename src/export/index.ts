/**
 * Exports of a fit (src/export): results as JSON and CSV, curves as CSV, and the fit as code — a
 * standalone Python/scipy script and the equivalent `fitbench fit` command line. Pure: strings in,
 * strings out; the page offers them as downloads, the CLI writes them to files.
 */
export { resultsJson, RESULTS_FORMAT, RESULTS_FORMAT_VERSION } from './resultsJson';
export { resultsCsv, covarianceCsv, correlationCsv, matrixCsv } from './resultsCsv';
export { curveCsv, dataCsv, gridCurveCsv, type NamedColumn, type BandColumns } from './curveCsv';
export { csvField, csvNumber, csvTable } from './csvText';
export { pythonScript, type PythonScriptOptions } from './python/script';
export { cliCommand, cliWords, cliNumber, type CliCommandOptions } from './cliCommand';
export { shellQuote, shellJoin } from './shellQuote';
