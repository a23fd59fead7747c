/**
 * Import throughput per format, in Node: rows (fixes) per second from a file's bytes to the normalised session
 * (importFileSource: detection, decoding, the format's parser, typed columns). The first call is 'cold' (it loads
 * the format's lazily imported code and its library, e.g. Garmin's FIT SDK or mp4box, and runs unoptimised);
 * 'warm' is the median of the next runs. Inputs: the real fixtures where they are large enough, else files
 * written here in the format's own layout from a synthetic 20-minute 25 Hz session (30,000 fixes). The GoPro
 * fixture is the only GPMF file at hand (191 fixes), so its figure is dominated by reading the MP4 index.
 * The other loggers' CSV exports (MoTeC, RaceChrono v2, TrackAddict, Harry's LapTimer, RaceBox, Alfano) are written by
 * the unit tests' writers (tests/unit/domain/file-formats/logger-csv-writers.ts, alfano-csv-writer.ts); AiM is the real MyChron export. ASTRO's
 * own nmea file, and our KML and CSV exports, are written from the same synthetic session. No permissively licensed
 * AiM XRK is at hand: the XRK and XRZ rows are the same session written by the tests' XRK writer
 * (tests/helpers/aim-xrk-writer.ts: GPS at 25 Hz among a logger's channel messages, LAP messages, details).
 */
import { readFileSync } from 'node:fs';
import { Encoder, Profile, type FileIdMesg, type RecordMesg } from '@garmin/fitsdk';
import { bytesSource } from '../../src/domain/file-reading/byte-source';
import { importFileSource } from '../../src/domain/file-formats/read-import-file';
import { syntheticSession } from '../helpers/synthetic-session';
import type { PositionColumns } from '../../src/domain/session-types';
import { writeGpx, writeNmea0183, writeVbo } from '../unit/domain/file-formats/format-writers';
import { writeAlfano } from '../unit/domain/file-formats/alfano-csv-writer';
import { writeHarrys, writeMotecCsv, writeRaceBox, writeRaceChronoV2, writeTrackAddict } from '../unit/domain/file-formats/logger-csv-writers';
import { median } from './domain-data';
import { serializePositions } from '../../src/domain/serialize-session';
import { exportKml } from '../../src/domain/file-formats/export-kml';
import { exportCsv } from '../../src/domain/file-formats/export-csv';
import { writeXrk, writeXrz } from '../helpers/aim-xrk-writer';
import { xrkInputOfColumns } from '../unit/domain/file-formats/aim-xrk-session';

const round = (ms: number) => Math.round(ms * 10) / 10;

const FIXTURES = new URL('../fixtures/real-logs/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const START = Date.UTC(2026, 6, 4, 9, 0, 0);
const WARM_RUNS = 5;

/**
 * A FIT activity of the session's fixes, written with Garmin's encoder. FIT times are whole seconds, so the
 * records are one second apart (a 1 Hz watch's pace: 30,000 records is an 8 h 20 min activity).
 */
function writeFit(p: PositionColumns): Uint8Array {
  const encoder = new Encoder();
  // FIT profile numbers: file type 4 is an activity, manufacturer 255 'development'.
  const fileId: FileIdMesg = { type: 4, manufacturer: 255, product: 0, timeCreated: new Date(START), serialNumber: 1 };
  encoder.onMesg(Profile.MesgNum.FILE_ID, fileId);
  for (let i = 0; i < p.count; i++) {
    const record: RecordMesg = {
      timestamp: new Date(START + i * 1000),
      positionLat: Math.round((p.lat[i] * 2 ** 31) / 180),
      positionLong: Math.round((p.lon[i] * 2 ** 31) / 180),
      speed: p.speedKmh[i] / 3.6,
    };
    encoder.onMesg(Profile.MesgNum.RECORD, record);
  }
  return encoder.close();
}

/** A .dovex as the logger writes it: a 1 KiB reserved header, then its CSV (epoch ms, degrees, mph). */
function writeDovex(p: PositionColumns): string {
  const head = 'datetime,driver,course,short_name,best_lap_ms,optimal_ms\r\n2026-07-04 10:00:00,Bench,Track,TRK,N/A,N/A\r\nlaps_ms\r\n\r\n';
  const rows = ['timestamp,sats,hdop,lat,lng,speed_mph,altitude_m,heading_deg,h_acc_m,rpm,accel_x,accel_y,accel_z'];
  for (let i = 0; i < p.count; i++) {
    rows.push(`${START + Math.round(p.timeMs[i])},12,0.8,${p.lat[i].toFixed(7)},${p.lon[i].toFixed(7)},${(p.speedKmh[i] / 1.609344).toFixed(2)},25.0,0.0,1.2,6000,0.1,0.0,1.0`);
  }
  return head + '\n'.repeat(1024 - head.length) + rows.join('\r\n') + '\r\n';
}

interface Case {
  format: string;
  input: string;
  fileName: string;
  bytes: Uint8Array;
}

function cases(): Case[] {
  const p = syntheticSession({ fixes: 20 * 60 * 25, seed: 2026 }).positions;
  const text = (s: string) => new TextEncoder().encode(s);
  // A lap a minute, for the formats that carry the logger's laps.
  const laps = Array.from({ length: 19 }, (_, k) => (k + 1) * 60_000 + 13);
  // Our own exports (every format the library reads is benched, these included).
  const exported = { name: 'Bench 04/07/2026 09H00', startedAt: new Date(START).toISOString(), positions: p };
  return [
    { format: 'vbo', input: 'real: Rustavi Dragy 25 Hz (trimmed)', fileName: 'rustavi.vbo', bytes: fixture('rustavi-dragy-25hz-trimmed.vbo') },
    { format: 'racechrono-csv', input: 'real: Tianma lap 13', fileName: 'tianma.csv', bytes: fixture('tianma-racechrono-lap13-v3.csv') },
    { format: 'nmea', input: 'synthetic 20 min 25 Hz', fileName: 'session.nmea', bytes: text(writeNmea0183(p, START)) },
    { format: 'gpx', input: 'synthetic 20 min 25 Hz', fileName: 'session.gpx', bytes: text(writeGpx(p, START, true)) },
    { format: 'vbo', input: 'synthetic 20 min 25 Hz', fileName: 'session.vbo', bytes: text(writeVbo(p, START)) },
    { format: 'dovex', input: 'synthetic 20 min 25 Hz', fileName: 'session.dovex', bytes: text(writeDovex(p)) },
    { format: 'fit', input: 'real: Fenix 2 run 1 Hz', fileName: 'run.fit', bytes: fixture('stavanger-fenix2-run-1hz.fit') },
    { format: 'fit', input: 'synthetic 30,000 records at 1 Hz', fileName: 'session.fit', bytes: writeFit(p) },
    { format: 'aim-csv', input: 'real: SSKC MyChron 20 Hz (trimmed to 8 channels)', fileName: 'sskc.csv', bytes: fixture('sskc-mychron-aim-20hz-trimmed.csv') },
    { format: 'motec-csv', input: 'synthetic 20 min 25 Hz', fileName: 'session.csv', bytes: text(writeMotecCsv(p, START, laps)) },
    { format: 'racechrono-csv-v2', input: 'synthetic 20 min 25 Hz', fileName: 'session.csv', bytes: text(writeRaceChronoV2(p, START, laps)) },
    { format: 'trackaddict-csv', input: 'synthetic 20 min 25 Hz GPS, 2 sensor rows per fix', fileName: 'session.csv', bytes: text(writeTrackAddict(p, START, laps)) },
    { format: 'harrys-csv', input: 'synthetic 20 min 25 Hz', fileName: 'session.csv', bytes: text(writeHarrys(p, START, laps, 'units-in-names')) },
    { format: 'racebox-csv', input: 'synthetic 20 min 25 Hz', fileName: 'session.csv', bytes: text(writeRaceBox(p, START, laps)) },
    { format: 'alfano-csv', input: 'synthetic 20 min 25 Hz, European numbers', fileName: '2026-07-04 session.csv', bytes: text(writeAlfano(p, START, laps, { style: 'eu' })) },
    { format: 'aim-xrk', input: 'synthetic 20 min 25 Hz GPS among 4 logger channels', fileName: 'session.xrk', bytes: writeXrk(xrkInputOfColumns(p, START, laps)) },
    { format: 'aim-xrk (xrz)', input: 'synthetic 20 min 25 Hz, zlib-compressed', fileName: 'session.xrz', bytes: writeXrz(xrkInputOfColumns(p, START, laps)) },
    { format: 'gopro-mp4', input: 'real: GoPro MAX 10.5 s, 18 Hz', fileName: 'max.mp4', bytes: fixture('gopro-max-gpmf-18hz.mp4') },
    { format: 'astro', input: 'synthetic 20 min 25 Hz (device nmea file)', fileName: '20260704_0900_Braga', bytes: text(serializePositions(p)) },
    { format: 'kml', input: 'synthetic 20 min 25 Hz (our KML export)', fileName: 'session.kml', bytes: text(exportKml(exported)) },
    { format: 'csv', input: 'synthetic 20 min 25 Hz (our CSV export)', fileName: 'session.csv', bytes: text(exportCsv(exported)) },
  ];
}

export default async function importFormatsBench(): Promise<Record<string, unknown>> {
  const results: Record<string, unknown>[] = [];
  for (const c of cases()) {
    const run = async () => {
      const t = performance.now();
      const session = await importFileSource(c.fileName, bytesSource(c.bytes), { fallbackDate: START });
      return { ms: performance.now() - t, session };
    };
    const cold = await run();
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push((await run()).ms);
    const rows = cold.session.positions.count;
    const warmMs = median(warm);
    const figures = {
      format: c.format,
      detected: cold.session.source,
      input: c.input,
      bytes: c.bytes.length,
      rows,
      coldMs: round(cold.ms),
      warmMs: round(warmMs),
      coldRowsPerSecond: Math.round(rows / (cold.ms / 1000)),
      warmRowsPerSecond: Math.round(rows / (warmMs / 1000)),
    };
    console.log(`# import ${c.format} (${c.input}): ${rows} rows, cold ${figures.coldMs} ms, warm ${figures.warmMs} ms, ${figures.warmRowsPerSecond} rows/s warm`);
    results.push(figures);
  }
  return { node: process.version, results };
}
