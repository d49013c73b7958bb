/**
 * Exports of a fit (src/export): results as JSON and CSV, curves as CSV, and the fit as code — a
 * standalone Python/scipy script and the equivalent `fitbench fit` command line. Pure: strings in,
 * strings out; the page offers them as downloads, the CLI writes them to files.
 */
export { resultsJson, RESULTS_FORMAT, RESULTS_FORMAT_VERSION } from './resultsJson.js';
export { resultsCsv, covarianceCsv, correlationCsv, matrixCsv } from './resultsCsv.js';
export { curveCsv, gridCurveCsv, type NamedColumn, type BandColumns } from './curveCsv.js';
export { csvField, csvNumber, csvTable } from './csvText.js';
export { pythonScript, type PythonScriptOptions } from './python/script.js';
export { cliCommand, cliWords, cliNumber, type CliCommandOptions } from './cliCommand.js';
export { shellQuote, shellJoin } from './shellQuote.js';
