/**
 * Times in public GPU traces, in seconds: Philly and Helios write `YYYY-MM-DD HH:MM:SS` (no zone: read as
 * UTC, since only differences matter and the result must not depend on the machine's zone; calendar
 * arithmetic shared with the snapshot import, as the engine has no `Date`), Alibaba
 * writes seconds from the trace's start. `None`, `NaN`, `null` and empty cells mean "no time".
 */
import { daysFromCivil } from '../cluster/snapshotNow';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?Z?$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const MISSING = new Set(['', 'none', 'nan', 'null', 'nat', 'na', '\\n']);

/** `null` when absent, `undefined` when present but not a time, else seconds. */
export function traceSeconds(cell: unknown): number | null | undefined {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const fast = plainDateTime(cell);
  if (fast !== undefined) return fast;
  const text = cell.trim();
  if (MISSING.has(text.toLowerCase())) return null;
  if (NUMBER.test(text)) {
    const n = Number(text);
    return Number.isFinite(n) && Math.abs(n) < 1e13 ? n : undefined;
  }
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return undefined;
  return daysFromCivil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s + (m[7] ? Number(m[7]) : 0);
}

/** `YYYY-MM-DD HH:MM:SS` read digit by digit (most cells of Philly and Helios: a regex each costs seconds). */
function plainDateTime(t: string): number | undefined {
  if (t.length !== 19 || t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(10) !== 32)
    return undefined;
  if (t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return undefined;
  const n = (from: number, to: number) => {
    let v = 0;
    for (let i = from; i < to; i++) {
      const d = t.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return NaN;
      v = v * 10 + d;
    }
    return v;
  };
  const [y, mo, d, h, mi, s] = [n(0, 4), n(5, 7), n(8, 10), n(11, 13), n(14, 16), n(17, 19)];
  if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h <= 23 && mi <= 59 && s <= 60)) return undefined;
  return daysFromCivil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s;
}

/** A count or amount cell: `null` when absent, `undefined` when not a finite number ≥ 0. */
export function traceAmount(cell: unknown): number | null | undefined {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) && cell >= 0 ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  if (MISSING.has(text.toLowerCase())) return null;
  if (!NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
