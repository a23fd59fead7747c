/**
 * The video export worker: a thin Comlink entry over src/media/export (decode, draw the overlay, encode, mux into
 * an OPFS file). One export per worker; `cancel` stops it between frames and its partial file is removed. Failures
 * come back as plain { code, message, detail } (Comlink does not carry an Error's own fields). Started only by
 * src/media/export/export-client.ts.
 */
import { expose } from 'comlink';
import { toFailure, type ExportFailure } from '../src/media/export/export-error';
import type { ExportJob, ExportProgress } from '../src/media/export/export-types';
import { exportToFile, type FileExportResult } from '../src/media/export/export-to-file';

let cancelled = false;

const api = {
  async run(job: ExportJob, fileName: string, onProgress: (p: ExportProgress) => void): Promise<{ ok: true; result: FileExportResult } | { ok: false; failure: ExportFailure }> {
    cancelled = false;
    try {
      return { ok: true, result: await exportToFile(job, fileName, { cancelled: () => cancelled, onProgress: (p) => void onProgress(p) }) };
    } catch (e) {
      return { ok: false, failure: toFailure(e) };
    }
  },
  cancel(): void {
    cancelled = true;
  },
};

export type VideoExportWorkerApi = typeof api;

expose(api);
