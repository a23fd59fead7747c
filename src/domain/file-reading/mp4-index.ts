/**
 * The index (moov box) of an MP4/QuickTime source, read with mp4box: only the boxes mp4box asks for are read, in
 * slices, so a multi-gigabyte video costs its index (mp4box skips an mdat by asking for the position past it).
 */
import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';
import type { ByteSource } from './byte-source';

/** Bytes handed to mp4box per read while it looks for the index. */
const READ_CHUNK = 1 << 20;

export interface Mp4Index {
  movie: Movie;
  /** The mp4box file, for the tracks' sample tables. */
  file: ReturnType<typeof createFile>;
}

/** The source's MP4 index; null when none was found (not an MP4, or the moov box is missing or cut short). Throws what mp4box throws on a damaged file. */
export async function readMp4Index(source: ByteSource): Promise<Mp4Index | null> {
  const file = createFile(true);
  let movie: Movie | null = null;
  file.onReady = (info) => {
    movie = info;
  };
  let position = 0;
  while (movie === null && position < source.size) {
    const bytes = await source.read(position, READ_CHUNK);
    if (bytes.length === 0) break;
    const end = position + bytes.length;
    const next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.slice().buffer, position), end >= source.size);
    // mp4box answers with the next position it needs (past an mdat it skips), else read on.
    position = typeof next === 'number' && next > position ? next : end;
  }
  const found = movie as Movie | null;
  return found ? { movie: found, file } : null;
}
