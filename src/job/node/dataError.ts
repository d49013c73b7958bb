/** An error of src/data as the job's input error, naming the file (and line) and the option it concerns. */
import type { DataError } from '../../data';
import { FitInputError } from '../../fit/parameters';

export function dataError(file: string, error: DataError, option?: string): FitInputError {
  const where = error.line ? `${file}:${error.line}` : file;
  return new FitInputError('data', `${option ? `${option}: ` : ''}${where}: ${error.message}`);
}
