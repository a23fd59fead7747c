/**
 * Copies a picked video into the Origin Private File System, streaming: the file is read slice by slice
 * (Blob.slice of a picked file reads only that range from disk) and each slice written before the next is read,
 * so memory stays flat (one slice) for a 4 GB file, with
 * progress after each chunk. A failed or cancelled copy removes its partial file: nothing half-copied is kept.
 * The free space is checked first, so a file that cannot fit fails before a byte is written.
 */
import { videosFolder } from '../data/storage/opfs-files';
import { isQuotaError } from '../data/storage/storage-error';
import { VideoError } from './video-error';

export interface CopyOptions {
  onProgress?: (copiedBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /** The folder to copy into (tests); the app's videos folder by default. */
  folder?: FileSystemDirectoryHandle;
  /** Free bytes (tests); the browser's estimate by default. */
  freeBytes?: () => Promise<number | null>;
}

/** The origin's free bytes as the browser estimates them; null when it cannot say. */
export async function estimatedFreeBytes(): Promise<number | null> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (!storage?.estimate) return null;
  try {
    const { usage, quota } = await storage.estimate();
    return typeof usage === 'number' && typeof quota === 'number' ? quota - usage : null;
  } catch {
    return null;
  }
}

/** Bytes read and written at a time. */
const CHUNK_BYTES = 4 * 1024 * 1024;

function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(name);
  return m ? `.${m[1].toLowerCase()}` : '';
}

/** Copies `file`; resolves with the stored file's name. Throws VideoError (quota, aborted, no-storage, write-failed). */
export async function copyVideoToStorage(file: File, options: CopyOptions = {}): Promise<{ opfsName: string; sizeBytes: number }> {
  const folder = options.folder ?? (await videosFolder().catch(() => null));
  if (!folder) throw new VideoError('no-storage', 'This browser cannot store videos for offline use.');
  const free = await (options.freeBytes ?? estimatedFreeBytes)();
  if (free !== null && free < file.size) throw new VideoError('quota', 'Not enough free space on this device for the video.');
  const opfsName = `${crypto.randomUUID()}${extensionOf(file.name)}`;
  const handle = await folder.getFileHandle(opfsName, { create: true });
  let writable: FileSystemWritableFileStream | null = null;
  let copied = 0;
  try {
    writable = await handle.createWritable();
    options.onProgress?.(0, file.size);
    while (copied < file.size) {
      if (options.signal?.aborted) throw new VideoError('aborted', 'The copy was cancelled.');
      const chunk = new Uint8Array(await file.slice(copied, Math.min(file.size, copied + CHUNK_BYTES)).arrayBuffer());
      if (chunk.byteLength === 0) throw new VideoError('write-failed', 'The file could not be read to its end.');
      await writable.write(chunk);
      copied += chunk.byteLength;
      options.onProgress?.(copied, file.size);
    }
    await writable.close();
    writable = null;
    return { opfsName, sizeBytes: copied };
  } catch (e) {
    if (writable) await writable.abort().catch(() => undefined);
    await folder.removeEntry(opfsName).catch(() => undefined);
    if (e instanceof VideoError) throw e;
    if (isQuotaError(e)) throw new VideoError('quota', 'The device ran out of space while copying the video.', { cause: e });
    throw new VideoError('write-failed', `Could not store the video: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** The stored file's handle (for the analysis worker, which reads it directly); null when it is gone. */
export async function storedVideoHandle(opfsName: string): Promise<FileSystemFileHandle | null> {
  try {
    const folder = await videosFolder();
    return folder ? await folder.getFileHandle(opfsName) : null;
  } catch {
    return null;
  }
}

/** The stored file, for playing (a File backed by the disk, not memory); null when it is gone. */
export async function openStoredVideo(opfsName: string): Promise<File | null> {
  try {
    const folder = await videosFolder();
    if (!folder) return null;
    return await (await folder.getFileHandle(opfsName)).getFile();
  } catch {
    return null;
  }
}
