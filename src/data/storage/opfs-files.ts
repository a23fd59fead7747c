/**
 * The app's folder of large files in the Origin Private File System (on-board videos): too big for IndexedDB
 * rows, read back as Files that a <video> plays without loading them. Only names are kept in Dexie. Deleting is
 * best-effort: a file that is already gone is not an error.
 */
const VIDEOS_FOLDER = 'videos';

/** The videos folder (created on first use); null where the browser has no OPFS. */
export async function videosFolder(): Promise<FileSystemDirectoryHandle | null> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (!storage?.getDirectory) return null;
  const root = await storage.getDirectory();
  return root.getDirectoryHandle(VIDEOS_FOLDER, { create: true });
}

/** Removes stored files by name; missing files and a browser without OPFS are ignored. */
export async function removeStoredFiles(names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  let folder: FileSystemDirectoryHandle | null;
  try {
    folder = await videosFolder();
  } catch {
    return;
  }
  if (!folder) return;
  for (const name of names) {
    try {
      await folder.removeEntry(name);
    } catch {
      // Already gone (or never finished): nothing to free.
    }
  }
}
