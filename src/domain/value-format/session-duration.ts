/**
 * How long a session ran, for lists: '1 h 05 min' from an hour up, '12 min 34 s' below it, '45 s' under a minute
 * ('h', 'min' and 's' read the same in English and Portuguese). Not a lap time: a list shows it beside the best
 * lap, and 'mm:ss.cc' for both would read alike.
 */
const two = (n: number) => String(n).padStart(2, '0');

/** `ms` as above; a missing or non-finite one as '-'. */
export function formatSessionDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '-';
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  if (h > 0) return `${h} h ${two(m)} min`;
  if (m > 0) return `${m} min ${two(s)} s`;
  return `${s} s`;
}
