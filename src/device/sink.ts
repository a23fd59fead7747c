/**
 * Where a completely received session goes. The app's sink (src/data's saveDownloadedSession) writes IndexedDB
 * first, then parses; the transfer queue calls it on the nmea EOF before doing anything else.
 * @internal Exported for its tests.
 */
export interface DownloadedSession {
  filename: string;
  laps: Uint8Array;
  nmea: Uint8Array;
}

export interface SessionSink {
  /**
   * Keeps the session. `stored` is called once it is safe on this device (before slower work such as the
   * analysis), so closing the tab no longer loses it; resolving (or failing) ends the save either way.
   */
  save(session: DownloadedSession, stored?: () => void): Promise<void>;
}
