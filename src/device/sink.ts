/**
 * Where a completely received session goes. The app's sink (src/data's saveDownloadedSession) writes IndexedDB
 * first, then parses; the transfer queue calls it on the nmea EOF before doing anything else.
 */
export interface DownloadedSession {
  filename: string;
  laps: Uint8Array;
  nmea: Uint8Array;
}

export interface SessionSink {
  save(session: DownloadedSession): Promise<void>;
}
