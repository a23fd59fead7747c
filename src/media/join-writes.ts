/**
 * The writing side of the chapter join (join-chapters.ts): the muxer's output goes to the stored file's writable
 * stream at its positions, in order, with at most WRITE_BACKLOG bytes waiting for the disk (the join waits for the
 * disk past that), and the first failed write kept to be thrown; and, while the muxer finishes, its last writes
 * (the media data's size, the index) are held so that an edit list can be added to the index.
 */
import { withPictureEditList } from '../domain/video/mp4-edit-list';

/** Bytes handed to the disk but not yet written past which the join waits for the disk. */
const WRITE_BACKLOG = 32 * 1024 * 1024;

interface Written {
  data: Uint8Array;
  position: number;
}

/** `length` bytes from `position` as the writes leave them (a later write over an earlier one wins). */
function readWritten(writes: readonly Written[], position: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (const w of writes) {
    const from = Math.max(position, w.position);
    const to = Math.min(position + length, w.position + w.data.byteLength);
    if (to > from) out.set(w.data.subarray(from - w.position, to - w.position), from - position);
  }
  return out;
}

/**
 * The muxer's last writes with an edit list added to the index (mp4-edit-list.ts), so that a picture with a
 * presentation lead (B-frames) is shown from its first frame at 0 as in the camera's file: the index (moov) is the
 * last box, right after the media data, whose size the held writes hold. Unchanged without a lead.
 */
function withEditList(held: readonly Written[], head: Uint8Array | null, leadUs: number): Written[] {
  if (!(leadUs > 0) || !head) return [...held];
  const ftypSize = new DataView(head.buffer, head.byteOffset).getUint32(0);
  const mdatHeader = new DataView(readWritten(held, ftypSize, 16).buffer);
  const mdatSize = mdatHeader.getUint32(0) === 1 ? Number(mdatHeader.getBigUint64(8)) : mdatHeader.getUint32(0);
  const moovAt = ftypSize + mdatSize;
  const end = held.reduce((n, w) => Math.max(n, w.position + w.data.byteLength), 0);
  const moov = withPictureEditList(readWritten(held, moovAt, end - moovAt), leadUs);
  const before = held.filter((w) => w.position < moovAt).map((w) => ({ position: w.position, data: w.data.subarray(0, Math.min(w.data.byteLength, moovAt - w.position)) }));
  return [...before, { data: moov, position: moovAt }];
}

/** A file's positioned writes (the OPFS writable stream). */
interface PositionedOutput {
  write(chunk: { type: 'write'; position: number; data: Uint8Array<ArrayBuffer> }): Promise<void>;
}

/** The writes to the disk, in order, their backlog bounded; after a failed write nothing more is written. */
export function createWriteQueue(out: PositionedOutput, backlogLimit = WRITE_BACKLOG) {
  let backlog = 0;
  let writing: Promise<void> = Promise.resolve();
  let writeError: unknown = null;
  let sizeBytes = 0;
  const drain = async () => {
    await writing;
    if (writeError !== null) throw writeError;
  };
  return {
    send(data: Uint8Array, position: number) {
      backlog += data.byteLength;
      sizeBytes = Math.max(sizeBytes, position + data.byteLength);
      writing = writing.then(async () => {
        if (writeError !== null) return;
        try {
          await out.write({ type: 'write', position, data: data as Uint8Array<ArrayBuffer> });
        } catch (e) {
          writeError = e;
        }
        backlog -= data.byteLength;
      });
    },
    /** Waits for the disk when too much waits for it; throws a failed write's error. */
    async keepUp() {
      if (backlog > backlogLimit) await writing;
      if (writeError !== null) throw writeError;
    },
    /** Waits for every write; throws a failed write's error. */
    drain,
    /** The file's size as written. */
    sizeBytes: () => sizeBytes,
  };
}

/**
 * The muxer's output: sent to the queue as it comes, or held once `hold` is called (the muxer finishing), then
 * sent with the edit list for a picture lead of `leadUs` by `release`.
 */
export function joinOutput(queue: Pick<ReturnType<typeof createWriteQueue>, 'send'>) {
  /** The file's first bytes (the ftyp box's size says where the media data starts). */
  let head: Uint8Array | null = null;
  let held: Written[] | null = null;
  return {
    onData(data: Uint8Array, position: number) {
      if (position === 0 && head === null) head = data.slice(0, 8);
      if (held) held.push({ data: data.slice(), position });
      else queue.send(data, position);
    },
    hold() {
      held = [];
    },
    release(leadUs: number) {
      for (const w of withEditList(held ?? [], head, leadUs)) queue.send(w.data, w.position);
    },
  };
}
