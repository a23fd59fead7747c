/**
 * Test-only writers of other loggers' CSV exports (MoTeC i2, RaceChrono v2, TrackAddict, Harry's LapTimer,
 * RaceBox) from synthetic columns, written from the formats' public descriptions (the layouts are described in
 * each importer's module comment), independent of the importers. `crossingsMs` are the true start/finish
 * crossings (ms since the first fix): the writers put the logger's own lap numbers or markers from them.
 */
import type { PositionColumns } from '../../../../src/domain/session-types';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const lapAt = (crossingsMs: readonly number[], tMs: number) => crossingsMs.filter((c) => c <= tMs).length;

function utcParts(epochMs: number) {
  const d = new Date(epochMs);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds() + d.getUTCMilliseconds() / 1000,
  };
}

/** MoTeC i2 'Export Data': quoted cells, key rows with a second key column, beacons one per cell. */
export function writeMotecCsv(p: PositionColumns, startMs: number, crossingsMs: readonly number[]): string {
  const t = utcParts(startMs);
  const rows = [
    '"Format","MoTeC CSV File","","","Workbook","Untitled.ldx"',
    '"Venue","Synthetic","","","Worksheet","Lap"',
    '"Vehicle","Test car","","","Vehicle Desc",""',
    '"Driver","Test","","","Engine ID",""',
    '"Device","ADL3"',
    '"Comment","","","","Session","1"',
    `"Log Date","${pad(t.d)}/${pad(t.mo)}/${t.y}","","","Origin Time","0.000","s"`,
    `"Log Time","${pad(t.h)}:${pad(t.mi)}:${pad(Math.floor(t.s))}","","","Start Time","0.000","s"`,
    '"Sample Rate","25.000","Hz","","End Time","0.000","s"',
    `"Duration","${(p.timeMs[p.count - 1] / 1000).toFixed(3)}","s","","Start Distance","0","m"`,
    '"Range","entire outing","","","End Distance","0","m"',
    `"Beacon Markers",${crossingsMs.map((c) => `"${(c / 1000).toFixed(3)}"`).join(',')}`,
    '',
    '',
    '"Time","Ground Speed","GPS Altitude","GPS Latitude","GPS Longitude","Engine RPM"',
    '"s","km/h","m","deg","deg","rpm"',
    '',
    '',
  ];
  for (let i = 0; i < p.count; i++) {
    rows.push(`"${(p.timeMs[i] / 1000).toFixed(3)}","${p.speedKmh[i].toFixed(3)}","120.0","${p.lat[i].toFixed(8)}","${p.lon[i].toFixed(8)}","9000"`);
  }
  return rows.join('\n') + '\n';
}

/** RaceChrono CSV v2: preamble, one header row with units in brackets, unix timestamps, speed m/s. */
export function writeRaceChronoV2(p: PositionColumns, startMs: number, crossingsMs: readonly number[]): string {
  const rows = [
    'This file is created using RaceChrono v7.4.2 ( http://www.racechrono.com/ ).',
    'Format,2',
    'Session title,"Synthetic"',
    'Session type,Lap timing',
    'Track name,"Synthetic"',
    'Driver name,',
    'Created,12/04/2026,23:59',
    'Note,',
    '',
    'Timestamp (s),Fragment ID,Lap (#),Elapsed time (s),Distance (m),Latitude (deg),Longitude (deg),Altitude (m),Bearing (deg),Speed (m/s),Satellites (sats)',
  ];
  let written = 0;
  for (let i = 0; i < p.count; i++) {
    const tMs = p.timeMs[i];
    const lap = lapAt(crossingsMs, tMs);
    // RaceChrono writes a row at each crossing of its line (position left empty here, like a sensor row).
    for (; written < lap; written++) {
      const c = crossingsMs[written];
      rows.push([((startMs + c) / 1000).toFixed(3), 0, written + 1, (c / 1000).toFixed(3), '', '', '', '', '', '', ''].join(','));
    }
    rows.push(
      [((startMs + tMs) / 1000).toFixed(3), 0, lap, (tMs / 1000).toFixed(3), p.distanceM[i].toFixed(2), p.lat[i].toFixed(7), p.lon[i].toFixed(7), '101.2', '0', (p.speedKmh[i] / 3.6).toFixed(4), 12].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

/**
 * TrackAddict: '#' comments, quoted header, sensor rows at `sensorsPerFix` rows per GPS fix (GPS_Update 1 on
 * the fix's row only; the rows between repeat the last position), speed in mph, `UTC Time` unless `withoutUtc`.
 * The app's own lap times: '# Lap N: hh:mm:ss.sss' after the last row of lap N (the out-lap is lap 0, timed from
 * the first row), the last lap's at the end with '# Session End'.
 */
export function writeTrackAddict(p: PositionColumns, startMs: number, crossingsMs: readonly number[], options: { sensorsPerFix?: number; withoutUtc?: boolean } = {}): string {
  const per = options.sensorsPerFix ?? 2;
  const rows = [
    '# RaceRender Data: TrackAddict 4.8.0 on iOS 15.5 [iPhone12,1] (Mode: 0)',
    '# Vehicle: Test',
    `# End Point: ${p.lat[0].toFixed(6)}, ${p.lon[0].toFixed(6)}  @ -1.00 deg`,
    '# GPS: iOS; Type: 1',
  ];
  const names = ['Time', 'UTC Time', 'Lap', 'Predicted Lap Time', 'GPS_Update', 'GPS_Delay', 'Latitude', 'Longitude', 'Altitude (m)', 'Speed (MPH)', 'Heading', 'Accuracy (m)', 'Accel X'];
  const used = options.withoutUtc ? names.filter((n) => n !== 'UTC Time') : names;
  rows.push(used.map((n) => `"${n}"`).join(','));
  const step = p.count > 1 ? p.timeMs[1] - p.timeMs[0] : 40;
  const lapStarts = [0, ...crossingsMs];
  const lapLine = (lap: number, endMs: number) => `# Lap ${lap}: ${clock(endMs - lapStarts[lap])}`;
  let lap = 0;
  for (let i = 0; i < p.count; i++) {
    for (let k = 0; k < per; k++) {
      const tMs = p.timeMs[i] + (k * step) / per;
      const rowLap = lapAt(crossingsMs, tMs);
      for (; lap < rowLap; lap++) rows.push(lapLine(lap, lapStarts[lap + 1]));
      const cells: Record<string, string> = {
        Time: (tMs / 1000).toFixed(3),
        'UTC Time': ((startMs + tMs) / 1000).toFixed(3),
        Lap: String(rowLap),
        'Predicted Lap Time': '0',
        GPS_Update: k === 0 ? '1' : '0',
        GPS_Delay: '0.000',
        Latitude: p.lat[i].toFixed(7),
        Longitude: p.lon[i].toFixed(7),
        'Altitude (m)': '91.1',
        'Speed (MPH)': (p.speedKmh[i] / 1.609344).toFixed(3),
        Heading: '0.0',
        'Accuracy (m)': '3.0',
        'Accel X': '0.00',
      };
      rows.push(used.map((n) => cells[n]).join(','));
    }
  }
  rows.push(lapLine(lap, p.timeMs[p.count - 1]), '# Session End');
  return rows.join('\n') + '\n';
}

/** A duration as hh:mm:ss.sss (TrackAddict's lap lines). */
function clock(ms: number): string {
  const whole = Math.round(ms);
  return `${pad(Math.floor(whole / 3_600_000))}:${pad(Math.floor(whole / 60_000) % 60)}:${pad(Math.floor(whole / 1000) % 60)}.${pad(whole % 1000, 3)}`;
}

/** Harry's LapTimer: the app's line, then either header style; DATE dd-MON-yy, TIME hh:mm:ss.ss. */
export function writeHarrys(p: PositionColumns, startMs: number, crossingsMs: readonly number[], style: 'units-in-names' | 'units-in-brackets'): string {
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const rows = ["Harry's GPS LapTimer"];
  rows.push(
    style === 'units-in-names'
      ? 'INDEX,LAPINDEX,DATE,TIME,TIME_LAP,LATITUDE,LONGITUDE,SPEED_KPH,SPEED_MPH,HEIGHT_M,HEADING_DEG,SATELLITES'
      : 'LAPINDEX,DATE,TIME,LATITUDE[degrees],LONGITUDE[degrees],SPEED[km/h],HEIGHT[m],SATELLITES,DIRECTION[degree],DISTANCEFROMSTART[m],TIMEFROMSTART[s]',
  );
  for (let i = 0; i < p.count; i++) {
    const tMs = p.timeMs[i];
    const lap = lapAt(crossingsMs, tMs);
    const inLap = (tMs - (lap > 0 ? crossingsMs[lap - 1] : 0)) / 1000;
    const u = utcParts(startMs + tMs);
    const date = `${pad(u.d)}-${months[u.mo - 1]}-${pad(u.y % 100)}`;
    const time = `${pad(u.h)}:${pad(u.mi)}:${u.s.toFixed(2).padStart(5, '0')}`;
    rows.push(
      style === 'units-in-names'
        ? [57000 + i, 380 + lap, date, time, inLap.toFixed(6), p.lat[i].toFixed(7), p.lon[i].toFixed(7), p.speedKmh[i].toFixed(4), (p.speedKmh[i] / 1.609344).toFixed(4), '740.0', '0.0', 11].join(',')
        : [380 + lap, date, time, p.lat[i].toFixed(7), p.lon[i].toFixed(7), p.speedKmh[i].toFixed(4), '740.0', 11, '0.0', '0.0', inLap.toFixed(3)].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

/** RaceBox app export: preamble with the session's laps, then Record,Time,... with a Lap column, speed km/h. */
export function writeRaceBox(p: PositionColumns, startMs: number, crossingsMs: readonly number[]): string {
  const rows = ['RaceBox Session Export,', 'Date,' + new Date(startMs).toISOString().slice(0, 10), 'Track,Synthetic', 'Laps,' + Math.max(0, crossingsMs.length - 1)];
  for (let k = 1; k < crossingsMs.length; k++) rows.push(`Lap ${k},${((crossingsMs[k] - crossingsMs[k - 1]) / 1000).toFixed(3)}`);
  rows.push('');
  rows.push('Record,Time,Latitude,Longitude,Altitude (m),Speed (km/h),Heading (deg),GForceX (g),GForceY (g),GForceZ (g),Lap');
  for (let i = 0; i < p.count; i++) {
    const tMs = p.timeMs[i];
    rows.push([i + 1, new Date(startMs + tMs).toISOString(), p.lat[i].toFixed(7), p.lon[i].toFixed(7), '100.0', p.speedKmh[i].toFixed(3), '0.0', '0.01', '0.02', '1.00', lapAt(crossingsMs, tMs)].join(','));
  }
  return rows.join('\r\n') + '\r\n';
}

/** Every `k`-th fix (a slower logger's rate from the 25 Hz truth). */
export function everyKth(p: PositionColumns, k: number): PositionColumns {
  const idx = Array.from({ length: Math.ceil(p.count / k) }, (_, j) => j * k);
  const pick = <T extends Float64Array | Float32Array | Int32Array>(a: T, make: (n: number) => T): T => {
    const out = make(idx.length);
    idx.forEach((i, j) => (out[j] = a[i]));
    return out;
  };
  return {
    count: idx.length,
    lap: pick(p.lap, (n) => new Int32Array(n)),
    timeMs: pick(p.timeMs, (n) => new Float64Array(n)),
    lat: pick(p.lat, (n) => new Float64Array(n)),
    lon: pick(p.lon, (n) => new Float64Array(n)),
    speedKmh: pick(p.speedKmh, (n) => new Float32Array(n)),
    distanceM: pick(p.distanceM, (n) => new Float64Array(n)),
  };
}
