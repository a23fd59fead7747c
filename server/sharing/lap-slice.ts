/**
 * One lap out of a session's stored texts, for another racer to compare with: never the rest of the session.
 *
 * Position lines are `<lap>;<timeMs>;<lat>;<lon>;<kmh>` (or `<lap>;<lat>;<lon>;<kmh>` without a time). The lap's
 * fixes are the lines whose lap field is the lap's number, which run from its start/finish crossing to the next.
 * Their times are rebased to the lap's first fix (0), so the slice says nothing of when in the session, or in the
 * day, the lap was driven. The texts can be 25 MB: the lines are found with `indexOf` (native) rather than by
 * splitting the whole text.
 */

/** The lap's position lines, times from its first fix; '' when it has none. */
export function slicePositions(coordinates: string, lapNumber: number): string {
  const prefix = `${lapNumber};`;
  const out: string[] = [];
  let t0: number | null = null;
  let from = coordinates.startsWith(prefix) ? 0 : -1;
  if (from < 0) {
    const at = coordinates.indexOf(`\n${prefix}`);
    from = at < 0 ? -1 : at + 1;
  }
  while (from >= 0 && from < coordinates.length) {
    // Walk the run of this lap's lines.
    let pos = from;
    while (pos < coordinates.length && coordinates.startsWith(prefix, pos)) {
      const nl = coordinates.indexOf('\n', pos);
      const end = nl < 0 ? coordinates.length : nl;
      const line = coordinates.slice(pos, coordinates.charCodeAt(end - 1) === 13 ? end - 1 : end);
      const fields = line.split(';');
      if (fields.length === 5) {
        const t = Number(fields[1]);
        if (Number.isFinite(t)) {
          t0 ??= t;
          fields[1] = String(Math.round(t - t0));
        }
        out.push(fields.join(';'));
      } else if (fields.length === 4) {
        out.push(line);
      }
      pos = end + 1;
    }
    // A lap's lines are one run in a device file; any later run of the same number is taken too.
    const next = coordinates.indexOf(`\n${prefix}`, pos - 1);
    from = next < 0 ? -1 : next + 1;
  }
  return out.length ? out.join('\n') + '\n' : '';
}

/** The laps line of that lap (`<record>;<lap>;<lapMs>;<s1>;<s2>;<s3>;<max>;<min>`), '' when there is none. */
export function sliceLapsLine(laps: string, lapNumber: number): string {
  for (const raw of laps.split('\n')) {
    const line = raw.trimEnd();
    const fields = line.split(';');
    if (fields.length >= 3 && Number(fields[1]) === lapNumber && fields[1].trim() !== '') return line;
  }
  return '';
}
