/**
 * Test-only writers of foreign formats (NMEA 0183, GPX, VBO) from synthetic columns, so importers can be
 * checked against known values. Written from the format descriptions, independent of the importers.
 */
import type { PositionColumns } from '../../../../src/domain/session-types';

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function xorChecksum(body: string): string {
  let x = 0;
  for (const c of body) x ^= c.charCodeAt(0);
  return x.toString(16).toUpperCase().padStart(2, '0');
}

function hhmmss(epochMs: number, decimals: number): string {
  const d = new Date(epochMs);
  const s = d.getUTCSeconds() + d.getUTCMilliseconds() / 1000;
  return `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${s.toFixed(decimals).padStart(decimals + 3, '0')}`;
}

function nmeaCoordinate(value: number, degDigits: number, decimals: number): string {
  const abs = Math.abs(value);
  let deg = Math.floor(abs);
  let minutes = Number(((abs - deg) * 60).toFixed(decimals));
  if (minutes >= 60) {
    deg += 1;
    minutes -= 60;
  }
  return `${pad(deg, degDigits)}${minutes.toFixed(decimals).padStart(decimals + 3, '0')}`;
}

/** GGA + RMC per fix, talker GN, minutes with `decimals` places. */
export function writeNmea0183(columns: PositionColumns, startEpochMs: number, decimals = 7): string {
  const lines: string[] = [];
  const sentence = (body: string) => `$${body}*${xorChecksum(body)}`;
  for (let i = 0; i < columns.count; i++) {
    const t = startEpochMs + columns.timeMs[i];
    const d = new Date(t);
    const time = hhmmss(t, 2);
    const lat = `${nmeaCoordinate(columns.lat[i], 2, decimals)},${columns.lat[i] >= 0 ? 'N' : 'S'}`;
    const lon = `${nmeaCoordinate(columns.lon[i], 3, decimals)},${columns.lon[i] >= 0 ? 'E' : 'W'}`;
    const date = `${pad(d.getUTCDate(), 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCFullYear() % 100, 2)}`;
    lines.push(sentence(`GNGGA,${time},${lat},${lon},1,12,0.8,120.0,M,50.0,M,,`));
    lines.push(sentence(`GNRMC,${time},A,${lat},${lon},${(columns.speedKmh[i] / 1.852).toFixed(3)},90.0,${date},,,A`));
    if (i % 25 === 0) lines.push(sentence('GPGSV,3,1,12,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45'));
  }
  return lines.join('\r\n') + '\r\n';
}

export function writeGpx(columns: PositionColumns, startEpochMs: number, withSpeed: boolean): string {
  const points: string[] = [];
  for (let i = 0; i < columns.count; i++) {
    const time = new Date(startEpochMs + columns.timeMs[i]).toISOString();
    const speed = withSpeed
      ? `<extensions><ns3:TrackPointExtension><ns3:speed>${(columns.speedKmh[i] / 3.6).toFixed(4)}</ns3:speed></ns3:TrackPointExtension></extensions>`
      : '';
    points.push(`<trkpt lon='${columns.lon[i].toFixed(8)}' lat="${columns.lat[i].toFixed(8)}">\n <ele>100</ele>\n <time>${time}</time>${speed}\n</trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="test" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
 <metadata><time>${new Date(startEpochMs).toISOString()}</time></metadata>
 <trk><name>Test &amp; track</name><trkseg>
${points.join('\n')}
 </trkseg></trk>
</gpx>
`;
}

/** A VBOX-style file: minutes, west-positive longitude, hhmmss.ss times. */
export function writeVbo(columns: PositionColumns, startEpochMs: number, withDateLine = true): string {
  const d = new Date(startEpochMs);
  const rows: string[] = [];
  for (let i = 0; i < columns.count; i++) {
    const t = startEpochMs + columns.timeMs[i];
    const lat = (columns.lat[i] * 60).toFixed(6);
    const lon = (-columns.lon[i] * 60).toFixed(6);
    rows.push(`012 ${hhmmss(t, 3)} ${columns.lat[i] >= 0 ? '+' : ''}${lat} ${-columns.lon[i] >= 0 ? '+' : ''}${lon} ${columns.speedKmh[i].toFixed(3)} 090.00`);
  }
  const dateLine = withDateLine ? `File created on ${pad(d.getUTCDate(), 2)}/${pad(d.getUTCMonth() + 1, 2)}/${d.getUTCFullYear()} @ 10:00\r\n\r\n` : '';
  return `${dateLine}[header]\r\nsatellites\r\ntime\r\nlatitude\r\nlongitude\r\nvelocity kmh\r\nheading\r\n\r\n[column names]\r\nsats time lat long velocity heading\r\n\r\n[data]\r\n${rows.join('\r\n')}\r\n`;
}
