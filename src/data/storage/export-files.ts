/**
 * The folder of rendered overlay videos in the Origin Private File System. An export writes its file here (from
 * the export worker) and holds a Web Lock named after it while it runs and for a while after it finished (while
 * the file is being downloaded or saved). A file nobody holds a lock on is a leftover: an export cancelled, or cut
 * short by a closed tab or a crash. Leftovers are removed at the app's next start and before each export, so a
 * partial file never stays on the device. Worker-safe: no DOM.
 */
const EXPORTS_FOLDER = 'exports';

/** The lock an export holds on its file while it is written or handed over. */
export const exportLockName = (fileName: string) => `video-export:${fileName}`;

interface StorageGlobals {
  storage?: StorageManager;
  locks?: LockManager;
}

const globals = (): StorageGlobals => (globalThis as { navigator?: StorageGlobals }).navigator ?? {};

/** The exports folder (created on first use); null where the browser has no OPFS. */
export async function exportsFolder(): Promise<FileSystemDirectoryHandle | null> {
  const storage = globals().storage;
  if (!storage?.getDirectory) return null;
  const root = await storage.getDirectory();
  return root.getDirectoryHandle(EXPORTS_FOLDER, { create: true });
}

/** Names of the files in the exports folder. */
async function exportFileNames(folder: FileSystemDirectoryHandle): Promise<string[]> {
  const names: string[] = [];
  for await (const [name] of (folder as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) names.push(name);
  return names;
}

/** Removes every export file no running or just-finished export holds; returns the names removed. Best-effort. */
export async function removeLeftoverExports(): Promise<string[]> {
  let folder: FileSystemDirectoryHandle | null;
  try {
    folder = await exportsFolder();
  } catch {
    return [];
  }
  if (!folder) return [];
  const locks = globals().locks;
  const held = new Set<string>();
  if (locks) {
    const state = await locks.query();
    for (const lock of [...(state.held ?? []), ...(state.pending ?? [])]) if (lock.name) held.add(lock.name);
  }
  const removed: string[] = [];
  for (const name of await exportFileNames(folder)) {
    if (held.has(exportLockName(name))) continue;
    try {
      await folder.removeEntry(name);
      removed.push(name);
    } catch {
      // Open in another tab's worker (its lock is in another agent cluster on some browsers): left for next time.
    }
  }
  return removed;
}
