/**
 * Copies a picked video into the Origin Private File System, streaming: the file is written slice by slice
 * (Blob.slice of a picked file reads only that range from disk), each slice written before the next, so memory
 * stays flat for a 4 GB file, with
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

/**
 * Whether a failed Blob write was the copy's side: Chromium reports a disk that fills up under a Blob write as
 * NotReadableError, as it would a source file that can no longer be read. The source is read at the same place: if
 * it reads, it was the destination, and a full disk is what makes a write of readable bytes fail.
 */
async function destinationFull(e: unknown, file: Blob, copied: number): Promise<boolean> {
  if (!(e instanceof DOMException) || e.name !== 'NotReadableError') return false;
  try {
    await file.slice(copied, copied + 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
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
      // The slice is written as a Blob: the browser moves its bytes from the file to the copy without them becoming
      // a script buffer (reading each 4 MB into an ArrayBuffer left hundreds of MB of them for the garbage collector
      // during a 4 GB copy). A file that cannot be read to its end makes the write reject.
      const slice = file.slice(copied, Math.min(file.size, copied + CHUNK_BYTES));
      await writable.write(slice);
      copied += slice.size;
      options.onProgress?.(copied, file.size);
    }
    await writable.close();
    writable = null;
    return { opfsName, sizeBytes: copied };
  } catch (e) {
    if (writable) await writable.abort().catch(() => undefined);
    await folder.removeEntry(opfsName).catch(() => undefined);
    if (e instanceof VideoError) throw e;
    if (isQuotaError(e) || (await destinationFull(e, file, copied))) throw new VideoError('quota', 'The device ran out of space while copying the video.', { cause: e });
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
