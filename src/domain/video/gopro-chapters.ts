/**
 * GoPro chapters: a camera splits a long recording into files of about 4 GB (8 to 17 minutes) named by chapter
 * and recording number. HERO6 and later: GH (H.264) or GX (HEVC), two chapter digits from 01, four recording
 * digits - GX010042.MP4, GX020042.MP4 are chapters 1 and 2 of recording 0042. HERO5 and earlier: GOPR0042.MP4 is
 * the first chapter, GP010042.MP4 the second, GP020042.MP4 the third. The chapters of one recording play as one
 * timeline, in chapter order; a gap in the numbers is a missing chapter.
 */

export interface GoProChapterName {
  /** The recording's four digits. */
  recording: string;
  /** The chapter's place in the recording, from 1. */
  chapter: number;
  /** The camera's naming: 'GH'/'GX' (HERO6 on) or 'GP' (HERO5 and earlier), part of what makes a recording one. */
  series: string;
}

const NEW_STYLE = /^(G[HX])(\d\d)(\d{4})\.(mp4|mov)$/i;
const OLD_FIRST = /^GOPR(\d{4})\.(mp4|mov)$/i;
const OLD_LATER = /^GP(\d\d)(\d{4})\.(mp4|mov)$/i;

/** The chapter a file name stands for, or null when it is not a GoPro chapter's name. */
export function goProChapterOf(fileName: string): GoProChapterName | null {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  let m = NEW_STYLE.exec(base);
  if (m) return Number(m[2]) >= 1 ? { series: m[1].toUpperCase(), chapter: Number(m[2]), recording: m[3] } : null;
  m = OLD_FIRST.exec(base);
  if (m) return { series: 'GP', chapter: 1, recording: m[1] };
  m = OLD_LATER.exec(base);
  if (m) return Number(m[1]) >= 1 ? { series: 'GP', chapter: Number(m[1]) + 1, recording: m[2] } : null;
  return null;
}

/** The file name a chapter has (upper case, .MP4). */
export function goProChapterFileName(name: GoProChapterName): string {
  if (name.series === 'GP') return name.chapter === 1 ? `GOPR${name.recording}.MP4` : `GP${String(name.chapter - 1).padStart(2, '0')}${name.recording}.MP4`;
  return `${name.series}${String(name.chapter).padStart(2, '0')}${name.recording}.MP4`;
}

interface ChapterGroup<T> {
  /** Series and recording, e.g. 'GX0042'. */
  key: string;
  /** The picked files of the recording, in chapter order. */
  files: T[];
  /** File names of the chapters missing before the last one picked (the first included). */
  missing: string[];
}

export interface ChapterGrouping<T> {
  /** One group per recording, in the order their first file was picked. */
  recordings: ChapterGroup<T>[];
  /** Files that are not GoPro chapters (each a video of its own). */
  others: T[];
}

/**
 * The picked files grouped by recording, each in chapter order with its missing chapters named (a chapter picked
 * twice counts once). `nameOf` gives a file's name.
 */
export function groupChapters<T>(files: readonly T[], nameOf: (file: T) => string): ChapterGrouping<T> {
  const byKey = new Map<string, { name: GoProChapterName; chapters: Map<number, T> }>();
  const others: T[] = [];
  for (const file of files) {
    const name = goProChapterOf(nameOf(file));
    if (!name) {
      others.push(file);
      continue;
    }
    const key = `${name.series}${name.recording}`;
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { name, chapters: new Map() }));
    if (!group.chapters.has(name.chapter)) group.chapters.set(name.chapter, file);
  }
  const recordings = [...byKey.entries()].map(([key, { name, chapters }]) => {
    const numbers = [...chapters.keys()].sort((a, b) => a - b);
    const missing: string[] = [];
    for (let c = 1; c < numbers[numbers.length - 1]; c++) if (!chapters.has(c)) missing.push(goProChapterFileName({ ...name, chapter: c }));
    return { key, files: numbers.map((c) => chapters.get(c) as T), missing };
  });
  return { recordings, others };
}
