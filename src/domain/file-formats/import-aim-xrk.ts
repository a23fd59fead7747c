/**
 * AiM's native logs, XRK and XRZ (the same, zlib-compressed), as MyChron 5/6, Solo 2, EVO and MXm loggers and
 * Race Studio 3 write them: the GPS fixes (position, ground speed, GPS time), the logger's own laps (LAP
 * messages) and its details (driver, vehicle, track, date). Read as a stream (xrk-stream.ts, xrk-scanner.ts):
 * only the GPS records, the laps and a few texts are kept, never the file or the logger's other channels.
 * The format as the MIT-licensed libxrk (m3rlin45/libxrk, from racer-coder/TrackDataAnalysis) reads it; see NOTICE.
 *
 * Times: a fix's time is the logger's timecode (ms), the clock its laps are timed on, with its faults repaired
 * against the receiver's (xrk-gps.ts); the session starts at the first fix's GPS time, as UTC. A file whose
 * receiver never gave a week number falls back to the logger's date and time texts (TMD, TMT: its wall clock).
 */
import type { ByteSource } from '../file-reading/byte-source';
import { MAX_SPEED_KMH, MAX_TIME_MS } from '../physical-bounds';
import type { ParseIssue } from '../session-types';
import { parseLooseDate, parseTimeOfDayMs, wallClockIso } from './csv-table';
import { ColumnsBuilder, isoOf } from './import-columns';
import { ImportError } from './import-errors';
import type { ImportProgressListener } from './import-progress';
import type { ImportedSession, LoggerLap, SessionDetails } from './import-types';
import { ecefToLla, GpsRecords, gpsToUtcMs, groundSpeed, repairClock } from './xrk-gps';
import { nulTerminatedText, XrkScanner, type XrkHeaderMessage } from './xrk-scanner';
import { looksLikeXrk, looksLikeXrz } from './xrk-sniff';
import { MAX_INFLATED_BYTES, streamXrkBytes } from './xrk-stream';

/** One LAP message: the logger's lap `lapNumber` ended at `endTimecode` (its clock, ms) after `durationMs`. */
interface LapMessage {
  segment: number;
  lapNumber: number;
  durationMs: number;
  endTimecode: number;
}

/** The texts kept, by token: driver (RCR), vehicle (VEH), date (TMD), time (TMT), session (VTY), series (CMP), logger (NDV). */
const TEXT_TOKENS = new Set(['RCR', 'VEH', 'TMD', 'TMT', 'VTY', 'CMP', 'NDV']);

/** What the header messages of a file say, gathered as they come. */
class XrkContent {
  readonly records = new GpsRecords();
  readonly laps: LapMessage[] = [];
  readonly texts = new Map<string, string>();
  venue = '';
  headers = 0;
  gpsMessages = 0;
  damagedGpsMessages = 0;

  readonly onHeader = (m: XrkHeaderMessage): void => {
    this.headers++;
    const p = m.payload;
    if (m.token === 'GPS' || m.token === 'GPS1') {
      this.gpsMessages++;
      if (!this.records.add(p)) this.damagedGpsMessages++;
    } else if (m.token === 'LAP' && p.length >= 20) {
      const v = new DataView(p.buffer, p.byteOffset, p.byteLength);
      // Version 2 LAP messages (32 bytes) moved the end time to bytes 28-31.
      const endTimecode = v.getUint32(p.length >= 32 ? 28 : 16, true);
      this.laps.push({ segment: p[1], lapNumber: v.getUint16(2, true), durationMs: v.getUint32(4, true), endTimecode });
    } else if (m.token === 'TRK' && p.length >= 32) {
      this.venue = nulTerminatedText(p, 0, 32);
    } else if (TEXT_TOKENS.has(m.token)) {
      this.texts.set(m.token, nulTerminatedText(p));
    }
  };

  details(): SessionDetails {
    const out: SessionDetails = {};
    const set = (key: keyof SessionDetails, value: string | undefined) => {
      if (value) out[key] = value.slice(0, 80);
    };
    set('driver', this.texts.get('RCR'));
    set('vehicle', this.texts.get('VEH'));
    set('venue', this.venue);
    set('session', this.texts.get('VTY'));
    set('series', this.texts.get('CMP'));
    set('logger', this.texts.get('NDV'));
    return out;
  }
}

export interface XrkImportOptions {
  onProgress?: ImportProgressListener;
}

/** Reads an XRK or XRZ (told apart by its first bytes) into a session. */
export async function importAimXrk(source: ByteSource, options: XrkImportOptions = {}): Promise<ImportedSession> {
  const compressed = looksLikeXrz(await source.read(0, 2));
  const content = new XrkContent();
  const scanner = new XrkScanner({ onHeader: content.onHeader, totalBytes: compressed ? undefined : source.size });
  let first = true;
  let notXrk = false;
  const outcome = await streamXrkBytes(
    source,
    compressed,
    (part) => {
      if (first && compressed && part.length > 0) {
        first = false;
        // What a zlib stream inflates to must be an XRK from its first bytes, or it is some other compressed file.
        if (part.length >= 12 && !looksLikeXrk(part)) notXrk = true;
        if (notXrk) return false;
      }
      scanner.push(part);
      return true;
    },
    (bytes) => options.onProgress?.({ stage: 'parsing', bytes, totalBytes: source.size }),
  );
  if (notXrk) throw new ImportError('unsupported-format', 'The file is zlib-compressed, but what it holds is not an AiM XRK.', { format: 'zlib', kind: 'other' });
  if (outcome.tooLarge) {
    const limitMb = Math.round(MAX_INFLATED_BYTES / 1024 / 1024);
    throw new ImportError('too-large', `The XRZ inflates to more than ${limitMb} MB.`, { limitMb });
  }
  scanner.finish();
  if (content.headers === 0) {
    throw new ImportError('damaged', outcome.cutShort ? 'The XRZ is cut short or damaged before its first message.' : 'The XRK holds no readable message.');
  }
  const issues: ParseIssue[] = [];
  if (outcome.cutShort) issues.push({ line: 0, reason: `the compressed file ends cut short or damaged: read up to ${outcome.bytes} inflated bytes` });
  if (scanner.badBytes > 0) issues.push({ line: 0, reason: `${scanner.badBytes} bytes not understood were skipped (the first at byte ${scanner.firstBadOffset})` });
  if (scanner.badChecksums > 0) issues.push({ line: 0, reason: `${scanner.badChecksums} messages failing their checksum were skipped` });
  if (content.damagedGpsMessages > 0) issues.push({ line: 0, reason: `${content.damagedGpsMessages} GPS messages of a length not a whole number of fixes were skipped` });
  if (content.gpsMessages === 0) throw new ImportError('no-gps', 'The XRK holds no GPS message: the logger recorded no position.');
  return sessionOf(content, issues);
}

/** The records with a position: a fix the receiver called 2D or 3D (when the file fills that field) on the Earth. */
function usableRecords(records: GpsRecords, issues: ParseIssue[]): Int32Array {
  let fixFieldUsed = false;
  for (let i = 0; i < records.count && !fixFieldUsed; i++) fixFieldUsed = records.fix[i] !== 0;
  const out: number[] = [];
  let noLock = 0;
  for (let i = 0; i < records.count; i++) {
    const f = records.fix[i];
    const r = Math.hypot(records.position[3 * i], records.position[3 * i + 1], records.position[3 * i + 2]);
    // u-blox fix types 2 (2D), 3 (3D) and 4 (GPS with dead reckoning) place the receiver; a radius off the
    // Earth's surface (below the Dead Sea, above an airliner) is a record without a solution.
    if ((fixFieldUsed && (f < 2 || f > 4)) || !(r > 6_340_000 && r < 6_400_000)) noLock++;
    else out.push(i);
  }
  if (noLock > 0) issues.push({ line: 0, reason: `${noLock} GPS records without a fix were left out` });
  return Int32Array.from(out);
}

function sessionOf(content: XrkContent, issues: ParseIssue[]): ImportedSession {
  const { records } = content;
  const usable = usableRecords(records, issues);
  if (usable.length === 0) throw new ImportError('no-fixes', 'The XRK has GPS records but none with a fix.');
  const clock = repairClock(records, usable);
  if (clock.faults > 0) issues.push({ line: 0, reason: `${clock.faults} jumps of the logger's GPS timecode were repaired from the GPS time` });
  if (clock.repeats > 0) issues.push({ line: 0, reason: `${clock.repeats} GPS records repeating an epoch were left out` });
  const toEpoch = epochOfLoggerTime(content, clock.timeMs, clock.order);
  if (!toEpoch) throw new ImportError('missing-date', 'The XRK has neither GPS time nor a readable date.');
  const builder = new ColumnsBuilder(clock.order.length);
  for (const i of clock.order) {
    const { lat, lon } = ecefToLla(records.position[3 * i], records.position[3 * i + 1], records.position[3 * i + 2]);
    const kmh = (groundSpeed(records.velocity[3 * i], records.velocity[3 * i + 1], records.velocity[3 * i + 2], lat, lon) / 100) * 3.6;
    // Records are numbered from 1 in file order, so a reported issue points at the record.
    const record = i + 1;
    if (!(kmh <= MAX_SPEED_KMH)) {
      issues.push({ line: record, reason: 'speed out of range' });
      continue;
    }
    const epoch = toEpoch.epochMs(clock.timeMs[i]);
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: record, reason: 'time does not advance' });
      continue;
    }
    builder.push(epoch, lat, lon, kmh);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The XRK has no usable GPS fix.');
  const { positions, startEpochMs } = builder.finish();
  const sampleMs = positions.count > 1 ? positions.timeMs[positions.count - 1] / (positions.count - 1) : 0;
  const loggerLaps = loggerLapsOf(content.laps, toEpoch.epochMs, startEpochMs + sampleMs / 2, startEpochMs + positions.timeMs[positions.count - 1] - sampleMs / 2, issues);
  const details = content.details();
  return {
    positions,
    startedAt: toEpoch.utc ? isoOf(startEpochMs) : wallClockIso(startEpochMs),
    source: 'aim-xrk',
    issues,
    ...(loggerLaps.length > 0 ? { loggerLaps } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}

/**
 * The instant (epoch ms) of a logger time: from the GPS time of the first fix that has one (UTC), else from the
 * logger's own date and time texts (its wall clock, month first as Race Studio writes it), null when neither.
 */
function epochOfLoggerTime(content: XrkContent, timeMs: Float64Array, order: Int32Array): { epochMs: (t: number) => number; utc: boolean } | null {
  const { gpsMs } = content.records;
  for (const i of order) {
    if (!Number.isFinite(gpsMs[i])) continue;
    const offset = gpsToUtcMs(gpsMs[i]) - timeMs[i];
    return { epochMs: (t) => t + offset, utc: true };
  }
  const date = parseLooseDate(content.texts.get('TMD') ?? '', 'mdy');
  const tod = parseTimeOfDayMs(content.texts.get('TMT') ?? '');
  if (!date || !Number.isFinite(tod)) return null;
  // The texts give when the recording started: the start of the logger's first lap, else its first fix.
  const firstLap = content.laps.length > 0 ? content.laps[0].endTimecode - content.laps[0].durationMs : NaN;
  const recordingStart = Number.isFinite(firstLap) ? Math.min(firstLap, timeMs[order[0]]) : timeMs[order[0]];
  const offset = Date.UTC(date.y, date.m - 1, date.d) + tod - recordingStart;
  return { epochMs: (t) => t + offset, utc: false };
}

/**
 * The logger's laps that run from one crossing of its start/finish line to the next: the LAP messages of the
 * whole lap (segment 0), each lap once, numbered from the file's first (the out lap, from when recording
 * started, is lap 0). A lap whose start or end is not on the trace (the out lap, the in lap ending when the
 * recording does) is not one the line timed. A lap number skipped once is the lap between its neighbours (as
 * libxrk infers it).
 */
function loggerLapsOf(laps: readonly LapMessage[], epochMs: (t: number) => number, firstMs: number, lastMs: number, issues: ParseIssue[]): LoggerLap[] {
  const whole = laps.filter((l) => l.segment === 0 && l.durationMs > 0 && l.durationMs <= MAX_TIME_MS && l.endTimecode >= l.durationMs);
  if (whole.length === 0) return [];
  let base = Infinity;
  for (const l of whole) base = Math.min(base, l.lapNumber);
  const timed: { lapNumber: number; start: number; end: number }[] = [];
  for (const l of whole) {
    const last = timed[timed.length - 1];
    const lapNumber = l.lapNumber - base;
    const start = l.endTimecode - l.durationMs;
    if (last && lapNumber <= last.lapNumber) continue;
    if (last && lapNumber === last.lapNumber + 2 && start > last.end) timed.push({ lapNumber: lapNumber - 1, start: last.end, end: start });
    timed.push({ lapNumber, start, end: l.endTimecode });
  }
  if (timed.length < whole.length) issues.push({ line: 0, reason: `${whole.length - timed.length} repeated or out-of-order lap messages were skipped` });
  return timed
    .map((l) => ({ lapNumber: l.lapNumber, startEpochMs: epochMs(l.start), durationMs: l.end - l.start }))
    .filter((l) => l.startEpochMs > firstMs && l.startEpochMs + l.durationMs < lastMs);
}
