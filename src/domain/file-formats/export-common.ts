/**
 * What the exporters share: which fixes to write (a whole session or one lap), their absolute times, XML text
 * escaping and number formatting.
 */
import { fixTimesMs } from '../detection/fix-times';
import { fixed } from '../serialize-session';
import type { PositionColumns } from '../session-types';
import { hasZone } from '../value-format/wall-clock';

export interface ExportableSession {
  /** Shown as the document/track name. */
  name: string;
  /**
   * When the first fix was taken, ISO 8601. With a zone ('Z', '+01:00') it is used as is; without one (the
   * device's wall clock, session-name.ts) it is read as UTC, since the file gives no zone.
   */
  startedAt: string;
  positions: PositionColumns;
}

export interface ExportOptions {
  /** Export only this lap number (the fixes whose `lap` equals it); default: the whole session. */
  lap?: number;
}

/** Indices of the fixes to export, and the absolute UTC ms of every fix. */
export function selectFixes(session: ExportableSession, options: ExportOptions): { indices: Int32Array; epochMs: Float64Array } {
  const { positions } = session;
  const start = startEpochMs(session.startedAt);
  const rel = fixTimesMs(positions);
  const epochMs = new Float64Array(positions.count);
  for (let i = 0; i < positions.count; i++) epochMs[i] = start + rel[i];
  if (options.lap === undefined) return { indices: Int32Array.from({ length: positions.count }, (_, i) => i), epochMs };
  const picked: number[] = [];
  for (let i = 0; i < positions.count; i++) if (positions.lap[i] === options.lap) picked.push(i);
  return { indices: Int32Array.from(picked), epochMs };
}

/** Epoch ms of an ISO date-time; a zone-less one is read as UTC. 0 when unreadable. */
function startEpochMs(iso: string): number {
  const zoned = hasZone(iso);
  const ms = Date.parse(zoned ? iso : `${iso}Z`);
  return Number.isFinite(ms) ? ms : 0;
}

/** ISO 8601 UTC with milliseconds. */
export function isoUtc(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/**
 * Escapes text for XML element content and attribute values, dropping the characters XML 1.0 forbids
 * (control characters other than tab/newline/return, U+FFFE/U+FFFF, unpaired surrogates).
 */
export function xmlEscape(text: string): string {
  return text
// eslint-disable-next-line no-control-regex -- matching the control characters XML 1.0 forbids is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

export const COORDINATE_DECIMALS = 7;
export { fixed };
