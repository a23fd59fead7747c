/**
 * Wall-clock times and instants. ASTRO names a session by the local time at the track ('YYYYMMDD_HHMM_...',
 * docs/device-protocol.md) and knows no zone; Session.date is an instant (ISO 8601). The circuit's country carries
 * the zone (Country.timezone); without it, this runtime's zone is the best guess (the racer is at the track).
 */

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** True when an ISO date-time names its zone ('Z' or an offset). */
export function hasZone(iso: string): boolean {
  return ZONED.test(iso);
}

/** Minutes east of UTC of the IANA zone `timeZone` at the instant `ms`; null when this runtime does not know the zone. */
export function zoneOffsetMinutes(ms: number, timeZone: string): number | null {
  if (!Number.isFinite(ms)) return null;
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  } catch {
    return null;
  }
}

/**
 * The instant ('...Z') of a zone-less wall-clock time 'YYYY-MM-DDTHH:mm[:ss[.sss]]' in `timeZone`, or in this
 * runtime's zone when the zone is missing or unknown here. A text that already names its zone is returned as an
 * instant unchanged; one that is not a date-time at all is returned as it is (the caller's validation refuses it).
 */
export function wallClockToInstant(wallClock: string, timeZone?: string | null): string {
  if (hasZone(wallClock)) {
    const ms = Date.parse(wallClock);
    return Number.isFinite(ms) ? new Date(ms).toISOString() : wallClock;
  }
  const m = WALL_CLOCK.exec(wallClock);
  if (!m) return wallClock;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((v) => (v === undefined ? 0 : Number(v)));
  const milli = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s, milli);
  if (!Number.isFinite(asUtc)) return wallClock;
  if (timeZone) {
    // The offset at the wall-clock time read as UTC, then again at the instant found: right across DST changes.
    const first = zoneOffsetMinutes(asUtc, timeZone);
    if (first !== null) {
      const second = zoneOffsetMinutes(asUtc - first * 60_000, timeZone) ?? first;
      return new Date(asUtc - second * 60_000).toISOString();
    }
  }
  // This runtime's zone: the Date constructor with fields reads them as local time.
  const local = new Date(y, mo - 1, d, h, mi, s, milli);
  return Number.isFinite(local.getTime()) ? local.toISOString() : wallClock;
}

/**
 * The wall-clock time 'YYYY-MM-DDTHH:mm:ss' (no zone) of the instant `iso` in `timeZone`, or in this runtime's zone
 * when the zone is missing or unknown here: what a clock at the track showed (the inverse of wallClockToInstant).
 * A zone-less text is already a wall-clock time and comes back as written; what is not a date-time, unchanged.
 */
export function instantToWallClock(iso: string, timeZone?: string | null): string {
  if (!hasZone(iso)) return iso;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const offset = (timeZone ? zoneOffsetMinutes(ms, timeZone) : null) ?? -new Date(ms).getTimezoneOffset();
  return new Date(ms + offset * 60_000).toISOString().slice(0, 19);
}

