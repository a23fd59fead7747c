/**
 * Session payloads for server tests, generated in the device's formats (docs/device-protocol.md, 'File contents'):
 * laps lines `<record>;<lap>;<lapMs>;<s1>;<s2>;<s3>;<max>;<min>` and nmea lines `<lap>;<timeMs>;<lat>;<lon>;<kmh>`.
 */
export function lapsText(lapTimesMs: number[]): string {
  return lapTimesMs
    .map((t, i) => {
      const s1 = Math.round(t * 0.3);
      const s2 = Math.round(t * 0.35);
      // Speeds repeat every 300 laps, so a long file stays within the parser's physical bounds (<= 500 km/h).
      return `${i + 1};${i + 1};${t};${s1};${s2};${t - s1 - s2};${(110 + (i % 300)).toFixed(1)};${(40 + (i % 300)).toFixed(1)}`;
    })
    .join('\n')
    .concat('\n');
}

/** `lines` position fixes at 25 Hz around a point (39 bytes a line, like the device's). */
export function nmeaText(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const lap = 1 + Math.floor(i / 1500);
    out.push(`${lap};${i * 40};${(41.5 + (i % 1000) * 1e-6).toFixed(7)};${(-8.4 - (i % 700) * 1e-6).toFixed(7)};${(60 + (i % 50)).toFixed(1)}`);
  }
  return out.join('\n') + '\n';
}

let counter = 0;
export function sessionPayload(over: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Kartodromo de Braga 12/04/2026 10H${String(counter % 60).padStart(2, '0')}`,
    filename: `20260412_10${String(counter % 60).padStart(2, '0')}_Kartodromo de Braga ${counter}`,
    date: '2026-04-12T10:30:00.000Z',
    laps: lapsText([65_432, 64_210, 63_999, 70_001]),
    coordinates: nmeaText(200),
    favorite: false,
    weatherConditions: 'Dry',
    ...over,
  };
}

/**
 * Position text of `laps` laps (plus a little before and after) round a circle of `lengthM` metres through the
 * start/finish centre of `gate` (a circuit's coordinates text, start/finish first), each lap `lapMs` long, one
 * fix every 40 ms: a trace that crosses that start/finish once a lap, as a real session on the circuit does.
 */
export function trackText(gate: string, lapMs: number, laps = 2, lengthM = 1000): string {
  const [lat0, lon0] = gate.split(';').map(Number);
  const r = lengthM / (2 * Math.PI);
  const mPerDegLat = 111_320;
  const mPerDegLon = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  const kmh = (lengthM / lapMs) * 3600;
  const out: string[] = [];
  const start = Math.PI - 0.3;
  const end = Math.PI + 2 * Math.PI * laps + 0.3;
  for (let t = 0; ; t += 40) {
    const angle = start + (t / lapMs) * 2 * Math.PI;
    if (angle > end) break;
    // The circle's centre lies r east of the gate, so angle pi is the gate itself.
    const x = r + r * Math.cos(angle);
    const y = r * Math.sin(angle);
    const lap = Math.max(0, Math.floor((angle - Math.PI) / (2 * Math.PI)) + 1);
    out.push(`${lap};${t};${(lat0 + y / mPerDegLat).toFixed(7)};${(lon0 + x / mPerDegLon).toFixed(7)};${kmh.toFixed(1)}`);
  }
  return out.join('\n') + '\n';
}

/**
 * `lines` fixes at 25 Hz, 1,500 to a lap numbered from 1 like nmeaText's, round a 1,000 m circle through the
 * start/finish centre of `gate` (a circuit's coordinates text), starting 8 m before it: a trace that crosses the
 * line once a lap, so its laps rank on a leaderboard.
 */
export function ringText(gate: string, lines: number): string {
  const [lat0, lon0] = gate.split(';').map(Number);
  const r = 1000 / (2 * Math.PI);
  const mPerDegLon = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const angle = Math.PI - 0.05 + (2 * Math.PI * i) / 1500;
    // The circle's centre lies r east of the gate, so angle pi is the gate itself.
    const x = r + r * Math.cos(angle);
    const y = r * Math.sin(angle);
    out.push(`${1 + Math.floor(i / 1500)};${i * 40};${(lat0 + y / 111_320).toFixed(7)};${(lon0 + x / mPerDegLon).toFixed(7)};60.0`);
  }
  return out.join('\n') + '\n';
}
