/** When a session was saved, as a person says it: "just now", "5 min ago", "today 14:02",
 *  "yesterday 09:15", "12 Mar 2025, 16:40". */

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayStart(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function savedAtText(savedAt: number, now: number): string {
  const ago = now - savedAt;
  if (ago < 45_000) return 'saved just now';
  if (ago < 60 * 60_000) return `saved ${Math.max(1, Math.round(ago / 60_000))} min ago`;
  const d = new Date(savedAt);
  const today = dayStart(now);
  if (savedAt >= today) return `saved today ${clock(d)}`;
  if (savedAt >= today - 86_400_000) return `saved yesterday ${clock(d)}`;
  return `saved ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${clock(d)}`;
}
