/**
 * Runs an export into a file of the OPFS exports folder, in the worker: a sync access handle writes the muxer's
 * bytes at their positions (no copy of the file in memory). A failed or cancelled export removes its file; a
 * storage quota hit or a full disk while writing comes out as ExportError('quota') (file-sink.ts).
 */
import { exportsFolder } from '../../data/storage/export-files';
import { ExportError } from './export-error';
import { runExport } from './export-pipeline';
import type { ExportControl, ExportJob, ExportResult } from './export-types';
import { fileSink } from './file-sink';

export interface FileExportResult extends ExportResult {
  fileName: string;
  bytes: number;
}

export async function exportToFile(job: ExportJob, fileName: string, control: ExportControl): Promise<FileExportResult> {
  const folder = await exportsFolder().catch(() => null);
  if (!folder) throw new ExportError('failed', 'This browser has no private file system to write the video to.');
  const handle = await folder.getFileHandle(fileName, { create: true });
  let access: FileSystemSyncAccessHandle | null = null;
  let done = false;
  try {
    access = await handle.createSyncAccessHandle();
    const file = access;
    const result = await runExport(job, fileSink(file), control);
    file.flush();
    const bytes = file.getSize();
    done = true;
    return { ...result, fileName, bytes };
  } finally {
    access?.close();
    if (!done) await folder.removeEntry(fileName).catch(() => undefined);
  }
}
