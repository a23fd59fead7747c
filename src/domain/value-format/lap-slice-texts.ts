/**
 * The device texts of another racer's lap as the server slices it (its laps line, its fixes timed from the lap's
 * first fix), made ready for the analysis like any session:
 * - a closing laps line with no time follows the lap's own: the last line of a laps file is the in-lap
 *   (parse-laps.ts names it so), and this lap is a flying lap;
 * - the slice stops at the lap's last fix, while a lap's trace in a whole session runs on to the next lap's first
 *   fix (lap-trace.ts lapTraceByNumber): one fix short, the lap would be 1-2 m and one fix interval shorter, and a
 *   delta against it stretched by that much (70 ms on Rustavi's best lap). That fix is put back by carrying the
 *   last step on (same time step, same displacement, same speed), under the closing lap's number.
 */
export function lapSliceTexts(slice: { lapNumber: number; lapsLine: string; coordinates: string }): { laps: string; nmea: string } {
  const laps = `${slice.lapsLine}\n0;${slice.lapNumber + 1};0;0;0;0;0;0\n`;
  const lines = slice.coordinates.trimEnd().split('\n');
  if (lines.length < 2) return { laps, nmea: slice.coordinates };
  const prev = lines[lines.length - 2].split(';').map(Number);
  const last = lines[lines.length - 1].split(';').map(Number);
  // Lines with a time only (`<lap>;<timeMs>;<lat>;<lon>;<kmh>`): without one there is no step to carry on.
  if (prev.length !== 5 || last.length !== 5 || ![...prev, ...last].every(Number.isFinite) || last[1] <= prev[1]) return { laps, nmea: slice.coordinates };
  const decimals = (i: number) => (lines[lines.length - 1].split(';')[i].split('.')[1] ?? '').length;
  const next = [
    String(slice.lapNumber + 1),
    String(last[1] + (last[1] - prev[1])),
    (2 * last[2] - prev[2]).toFixed(Math.max(decimals(2), 7)),
    (2 * last[3] - prev[3]).toFixed(Math.max(decimals(3), 7)),
    lines[lines.length - 1].split(';')[4],
  ].join(';');
  return { laps, nmea: `${lines.join('\n')}\n${next}\n` };
}
