import { formatCount } from './count';

/** 2 → "2nd", 5 → "5th", 21 → "21st", 112 → "112th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${formatCount(n)}${suffix}`;
}
