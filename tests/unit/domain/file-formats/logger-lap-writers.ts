/**
 * Test-only writers of three more loggers' files with their own laps, from recorded columns, written from the
 * formats as the real files show them (independent of the importers): AiM Race Studio 3 CSV (the SSKC export's
 * layout: metadata rows, Beacon Markers in seconds from the start, the last one the end of the export), RaceChrono
 * CSV v3 (the Tianma exports' layout: header, units and source rows; RaceChrono's lap_number, with a row of its own
 * at each crossing of its line), and a VBOX VBO with the logger's `Lap_Number` channel (written like the Road
 * America file: '+2.000000E+00'). `crossingsMs` are the true start/finish crossings, ms since the first fix.
 */
import type { PositionColumns } from '../../../../src/domain/session-types';

const lapAt = (crossingsMs: readonly number[], tMs: number) => crossingsMs.filter((c) => c <= tMs).length;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** AiM Race Studio 3 CSV: the logger's wall clock in Date/Time rows (written from `startMs` as if UTC). */
export function writeAimCsv(p: PositionColumns, startMs: number, crossingsMs: readonly number[]): string {
  const d = new Date(startMs);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const h12 = d.getUTCHours() % 12 || 12;
  const endS = p.timeMs[p.count - 1] / 1000;
  const markers = [...crossingsMs.map((c) => c / 1000), endS];
  const segments = markers.map((m, k) => {
    const s = m - (k > 0 ? markers[k - 1] : 0);
    return `${Math.floor(s / 60)}:${(s % 60).toFixed(3).padStart(6, '0')}`;
  });
  const rows = [
    'Format,AiM CSV File,,,,',
    'Venue,Test track,,,,',
    'Vehicle,7,,,,',
    'Racer,Test,,,,',
    `Date,"Sunday, ${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}",,,,`,
    `Time,${h12}:${pad(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'},,,,`,
    `Sample Rate,${Math.round(1000 / (p.timeMs[1] - p.timeMs[0]))},,,,`,
    `Duration,${endS.toFixed(3)},,,,`,
    'Segment,Session,,,,',
    `Beacon Markers,${markers.map((m) => m.toFixed(3)).join(',')}`,
    `Segment Times,${segments.join(',')}`,
    ',,,,,',
    'Time,GPS Speed,GPS Nsat,GPS Latitude,GPS Longitude,RPM',
    's,km/h, ,deg,deg,rpm',
    ',,,,,',
  ];
  for (let i = 0; i < p.count; i++) {
    rows.push([(p.timeMs[i] / 1000).toFixed(3), p.speedKmh[i].toFixed(2), '12', p.lat[i].toFixed(8), p.lon[i].toFixed(8), '9000'].join(','));
  }
  return rows.join('\r\n');
}

/** RaceChrono CSV v3: unix timestamps, gps source columns, speed m/s; a row with empty gps cells at each crossing. */
export function writeRaceChronoV3(p: PositionColumns, startMs: number, crossingsMs: readonly number[]): string {
  const rateHz = Math.round(1000 / (p.timeMs[1] - p.timeMs[0]));
  const rows = [
    'This file is created using RaceChrono Pro v9.1.3 ( http://racechrono.com/ ).',
    'Format,3',
    'Session title,"Test"',
    'Session type,Lap timing',
    'Track name,"Test"',
    'Driver name,',
    'Created,12/04/2026,23:59',
    'Note,',
    '',
    'timestamp,fragment_id,lap_number,elapsed_time,distance_traveled,device_update_rate,latitude,longitude,satellites,speed,combined_acc',
    'unix time,,,s,m,Hz,deg,deg,sats,m/s,G',
    ',,,,,100: gps,100: gps,100: gps,100: gps,100: gps,calc',
  ];
  let written = 0;
  for (let i = 0; i < p.count; i++) {
    const tMs = p.timeMs[i];
    const lap = lapAt(crossingsMs, tMs);
    for (; written < lap; written++) {
      const c = crossingsMs[written];
      rows.push([((startMs + c) / 1000).toFixed(3), 0, written + 1, (c / 1000).toFixed(3), '', '', '', '', '', '', '0.1'].join(','));
    }
    rows.push(
      [((startMs + tMs) / 1000).toFixed(3), 0, lap, (tMs / 1000).toFixed(3), p.distanceM[i].toFixed(3), rateHz, p.lat[i].toFixed(7), p.lon[i].toFixed(7), 9, (p.speedKmh[i] / 3.6).toFixed(4), '0.1'].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

/** hh mm ss.sss of an epoch-ms time, VBO style (hhmmss.sss). */
function hhmmss(epochMs: number): string {
  const d = new Date(Math.round(epochMs));
  return `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/** A VBOX VBO whose `Lap_Number` channel is the logger's lap of each row (0 on the out-lap), in exponent notation. */
export function writeVboLapNumbers(p: PositionColumns, startMs: number, crossingsMs: readonly number[]): string {
  const d = new Date(startMs);
  const rows: string[] = [];
  for (let i = 0; i < p.count; i++) {
    const lat = p.lat[i] * 60;
    const lon = -p.lon[i] * 60;
    const sign = (v: number) => (v >= 0 ? '+' : '-');
    const lap = lapAt(crossingsMs, p.timeMs[i]);
    rows.push(`012 ${hhmmss(startMs + p.timeMs[i])} ${sign(lat)}${Math.abs(lat).toFixed(8)} ${sign(lon)}${Math.abs(lon).toFixed(8)} ${p.speedKmh[i].toFixed(3)} +${lap.toExponential(6).replace('e+', 'E+0')}`);
  }
  return [
    `File created on ${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} @ ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    '',
    '[header]',
    'satellites',
    'time',
    'latitude',
    'longitude',
    'velocity kmh',
    'Lap_Number',
    '',
    '[column names]',
    'sats time lat long velocity Lap_Number',
    '',
    '[data]',
    ...rows,
    '',
  ].join('\r\n');
}
