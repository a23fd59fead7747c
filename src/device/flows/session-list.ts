/** The live list of sessions on the device, de-duplicated by filename (rows appear as SESSION_NAME arrives). */
export interface DeviceSessionRow {
  filename: string;
  lapsBytes: number;
  nmeaBytes: number;
}

export class DeviceSessionList {
  private readonly rows = new Map<string, DeviceSessionRow>();

  /** Adds or refreshes a row; returns true when the list changed. */
  upsert(row: DeviceSessionRow): boolean {
    const old = this.rows.get(row.filename);
    if (old && old.lapsBytes === row.lapsBytes && old.nmeaBytes === row.nmeaBytes) return false;
    this.rows.set(row.filename, row);
    return true;
  }

  remove(filename: string): boolean {
    return this.rows.delete(filename);
  }

  get(filename: string): DeviceSessionRow | undefined {
    return this.rows.get(filename);
  }

  clear(): void {
    this.rows.clear();
  }

  list(): DeviceSessionRow[] {
    return [...this.rows.values()];
  }
}
