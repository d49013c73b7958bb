import { describe, expect, it } from 'vitest';
import type { LinkPlan } from '../../share/index';
import { savedAtText } from '../sessions/timeText';
import { describeLink, formatBytes } from './linkText';

describe('what the page says', () => {
  it('sizes links', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1234)).toBe('1.2 KB');
    expect(formatBytes(65_536)).toBe('64 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('says whether the data are in the link', () => {
    const inline: LinkPlan = { fragment: '#fit=v1.x', dataIncluded: true, bytes: 9, data: { kind: 'inline', fileName: 'a.csv', columns: { x: [1, 2], y: [3, 4] } } };
    expect(describeLink(inline, 'http://localhost/#fit=v1.x')).toBe('The data are in the link (2 rows; 26 bytes in all): opening it restores this workbench and runs the fit.');
    const print: LinkPlan = { fragment: '#fit=v1.y', dataIncluded: false, bytes: 9, data: { kind: 'fingerprint', fileName: 'big.csv', rows: 20_000, hash: '0123456789abcdef' } };
    const text = describeLink(print, `http://localhost/#${'y'.repeat(2000)}`);
    expect(text).toContain('The data (20,000 rows) are too large for a link');
    expect(text).toContain('(2.0 KB)');
    expect(text).toContain('asked for big.csv');
  });

  it('says when a session was saved', () => {
    const now = new Date(2025, 2, 12, 16, 40).getTime();
    expect(savedAtText(now - 10_000, now)).toBe('saved just now');
    expect(savedAtText(now - 5 * 60_000, now)).toBe('saved 5 min ago');
    expect(savedAtText(new Date(2025, 2, 12, 9, 5).getTime(), now)).toBe('saved today 09:05');
    expect(savedAtText(new Date(2025, 2, 11, 23, 59).getTime(), now)).toBe('saved yesterday 23:59');
    expect(savedAtText(new Date(2024, 11, 1, 8, 0).getTime(), now)).toBe('saved 1 Dec 2024, 08:00');
  });
});
