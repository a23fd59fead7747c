/**
 * The frame clock of a stored video: for an MP4/MOV whose frames do not all last alike (a phone's variable frame
 * rate), its own table of presentation times read from the index (mp4box reads only the moov box, so a 4 GB file
 * costs its index); for any other video, frames every 1/fps seconds.
 */
import { blobSource } from '../domain/file-reading/byte-source';
import { readMp4Index } from '../domain/file-reading/mp4-index';
import { looksLikeMp4 } from '../domain/file-reading/mp4-sniff';
import { unevenSampleDurations } from '../domain/video/frame-rate';
import { constantFrameClock, presentationStarts, tableFrameClock, type FrameClock } from '../domain/video/frame-clock';

export async function frameClockOfFile(file: Blob, fps: number, durationS: number): Promise<FrameClock> {
  const constant = constantFrameClock(fps, durationS);
  try {
    const source = blobSource(file);
    if (!looksLikeMp4(await source.read(0, 16))) return constant;
    const index = await readMp4Index(source);
    const track = index?.movie.videoTracks[0];
    if (!index || !track) return constant;
    const samples = index.file.getTrackSamplesInfo(track.id);
    if (!unevenSampleDurations(samples)) return constant;
    const edits = (track.edits ?? []).map((e) => ({ segmentDuration: e.segment_duration, mediaTime: e.media_time }));
    const starts = presentationStarts(samples, track.timescale, edits, index.movie.timescale);
    return starts.length > 0 ? tableFrameClock(starts, durationS) : constant;
  } catch {
    // An index mp4box cannot read: the browser still plays the file, at its average rate.
    return constant;
  }
}
