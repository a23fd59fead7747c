/**
 * Session payloads for server tests, generated in the device's formats (device-protocol.md 'File contents'):
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
