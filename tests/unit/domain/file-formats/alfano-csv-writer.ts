/**
 * Test-only writer of Alfano CSV exports (the Alfano 6 / ADA app 'classic Excel' CSV) from synthetic columns,
 * written from the public descriptions of real user files, independent of the importer: no real file with a
 * permissive licence exists, so every Alfano fixture is generated here at test time (nothing is committed).
 *
 * Layout written: the header row (every column, or the short set some exports have), ';' between cells, one row
 * per fix; `Lap` and `Time Lap` (s, 2 decimals) only on the first row of each lap (the first row of the
 * recording starts lap 1, the out-lap); `Absolute Time` s since the start, `Time` s since the lap's start,
 * `Orientation` in hundredths of a degree; numbers in US style ('4,120', '17,090.4') or European ('4.120',
 * '52,6').
 */
import type { PositionColumns } from '../../../../src/domain/session-types';

const FULL = ['Lap', 'Time Lap', 'Strip', 'Time Strip', 'Absolute Time', 'Time', 'Distance', 'RPM', 'Speed GPS', 'T1', 'T2', 'Gf. X', 'Gf. Y', 'Orientation', 'Speed rear', 'Lat.', 'Lon.', 'Altitude'];
const SHORT = ['Lap', 'Time Lap', 'Strip', 'Time Strip', 'Absolute Time', 'Time', 'Distance', 'RPM', 'Speed GPS', 'Lat.', 'Lon.', 'Altitude'];

export interface AlfanoWriteOptions {
  /** Number style: US (decimal point, ',' grouping) or European (decimal comma, '.' grouping). */
  style?: 'us' | 'eu';
  /** The short column set (no temperatures, g, orientation, rear speed). */
  short?: boolean;
  /** CRLF line ends (LF otherwise). */
  crlf?: boolean;
  bom?: boolean;
  /** An empty cell at the end of every row. */
  trailingEmpty?: boolean;
  /** A row of empty cells before each new lap and at the end. */
  blankRows?: boolean;
  /** Rows with Lat./Lon. left empty before the GPS had a fix. */
  noFixRows?: number;
  /** The GPS position changes every `gpsEvery` rows only (rows between repeat it). */
  gpsEvery?: number;
  /** Leave the UTC time out of the header's last cell. */
  withoutUtc?: boolean;
  /** Columns left out (by name). */
  without?: readonly string[];
}

/** Digits with a grouping separator every three, in the style's separators. */
function styled(value: number, decimals: number, style: 'us' | 'eu', grouping = true): string {
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.');
  const group = style === 'us' ? ',' : '.';
  const point = style === 'us' ? '.' : ',';
  const grouped = grouping ? int.replace(/\B(?=(\d{3})+(?!\d))/g, group) : int;
  return (value < 0 ? '-' : '') + grouped + (frac ? point + frac : '');
}

/** UTC hhmmss.ss of an epoch-ms time. */
function utcHhmmss(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${(d.getUTCSeconds() + d.getUTCMilliseconds() / 1000).toFixed(2).padStart(5, '0')}`;
}

/**
 * An Alfano CSV of `p` (its first fix is Absolute Time 0, at `startMs`); `crossingsMs` are the true start/finish
 * crossings (ms since the first fix): each lap's first row is the first at or after one, and its Time Lap the
 * time to the next crossing (the last lap's: to the end).
 */
export function writeAlfano(p: PositionColumns, startMs: number, crossingsMs: readonly number[], options: AlfanoWriteOptions = {}): string {
  const style = options.style ?? 'us';
  const names = (options.short ? SHORT : FULL).filter((n) => !options.without?.includes(n));
  const endMs = p.timeMs[p.count - 1];
  const header = options.withoutUtc ? names : [...names, `UTC time : ${utcHhmmss(startMs)}`];
  const blank = ';'.repeat(names.length);
  const rows = [header.join(';')];
  const lapStarts = [0, ...crossingsMs];
  let lap = 0;
  let gpsRow = 0;
  for (let i = 0; i < p.count; i++) {
    const t = p.timeMs[i];
    let first = i === 0;
    if (lap + 1 < lapStarts.length && t >= lapStarts[lap + 1]) {
      lap++;
      first = true;
      if (options.blankRows) rows.push(blank);
    }
    if (options.gpsEvery && i % options.gpsEvery === 0) gpsRow = i;
    const fix = options.gpsEvery ? gpsRow : i;
    const lapEnd = lap + 1 < lapStarts.length ? lapStarts[lap + 1] : endMs;
    const hasFix = i >= (options.noFixRows ?? 0);
    const cells: Record<string, string> = {
      Lap: first ? String(lap + 1) : '',
      'Time Lap': first ? styled((lapEnd - lapStarts[lap]) / 1000, 2, style) : '',
      Strip: first ? '1' : '',
      'Time Strip': first ? styled((lapEnd - lapStarts[lap]) / 2000, 2, style) : '',
      'Absolute Time': styled(t / 1000, 2, style),
      Time: styled((t - lapStarts[lap]) / 1000, 2, style),
      Distance: styled(1000 + (p.distanceM[i] % 900), 1, style),
      RPM: styled(4120 + (i % 9000), 0, style),
      'Speed GPS': styled(p.speedKmh[fix], 1, style),
      T1: styled(52.6, 1, style),
      T2: styled(61, 0, style),
      'Gf. X': styled(0.42, 2, style),
      'Gf. Y': styled(-0.18, 2, style),
      Orientation: styled(17082, 0, style),
      'Speed rear': styled(p.speedKmh[i] * 1.02, 1, style),
      'Lat.': hasFix ? styled(p.lat[fix], 7, style, false) : '',
      'Lon.': hasFix ? styled(p.lon[fix], 7, style, false) : '',
      Altitude: styled(121.4, 1, style),
    };
    rows.push(names.map((n) => cells[n]).join(';') + (options.trailingEmpty ? ';' : ''));
  }
  if (options.blankRows) rows.push(blank);
  const eol = options.crlf ? '\r\n' : '\n';
  return (options.bom ? '\uFEFF' : '') + rows.join(eol) + eol;
}
