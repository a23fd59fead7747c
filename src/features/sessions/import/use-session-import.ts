/**
 * Importing files into the library: several at once (picked or dropped), an ASTRO laps file goes with its nmea
 * file. Each file gets a line (import-results.tsx): waiting, importing, then imported / already in the library /
 * not imported with the reason, so a bad file in a batch never hides the others' results. A single file also
 * toasts its result (with 'Analyse', which opens that session's analysis; a failure names its file and why); a
 * batch says it in its lines only, rather than a stack of toasts over them.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../../ui/toast';
import { errorText } from '../shared';
import { detectBinaryFormat, HEAD_BYTES } from '../../../domain/file-formats/import-binary';
import type { ImportResult, SessionsPort } from '../shared';
import { defaultStartFinish, savedCircuitAt } from './start-finish-confirm';
import { isApiError } from '../../../data/api/api-error';
import type { GatePoint } from '../../../domain/session-types';

export type ImportLineState = 'waiting' | 'importing' | 'imported' | 'duplicate' | 'failed';

/** One picked file's line in the import results. */
export interface ImportLine {
  key: string;
  fileName: string;
  state: ImportLineState;
  /** The stored (or already stored) session. */
  result?: ImportResult;
  /** Why the file was not imported, in the reader's language. */
  reason?: string;
  /** The picked file (timed again when the racer confirms a start/finish for it). */
  file?: File;
  /** The racer saved its start/finish as their circuit. */
  confirmed?: { circuitName: string; laps: number };
  /** Its start/finish is being saved (a one-tap confirmation). */
  confirming?: boolean;
  /** Why saving its start/finish failed, in the reader's language. */
  confirmError?: string;
  /** While importing: the share done, 0 to 1 (by bytes read and parsed in the worker). */
  progress?: number;
}

/**
 * Only text files can be ASTRO laps or nmea files, and an ASTRO laps file is small: a large file is grouped by
 * its head alone (a 2 h log is never read whole on the page; the worker reads it by parts).
 */
const WHOLE_TEXT_BYTES = 256 * 1024;

async function groupingText(file: File): Promise<string> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (detectBinaryFormat(head) !== null) return '';
  if (file.size <= WHOLE_TEXT_BYTES) return file.text();
  return new TextDecoder().decode(await file.slice(0, 4096).arrayBuffer());
}

let nextKey = 0;

export function useSessionImport(
  port: SessionsPort,
  onAnalyse: (imported: ImportResult) => void,
): {
  importing: boolean;
  importFiles: (files: File[]) => Promise<void>;
  lines: ImportLine[];
  clearLines: () => void;
  confirmLine: (key: string, confirmed: { circuitName: string; laps: number }) => void;
  confirmStartFinish: (targets: ImportLine[]) => Promise<ImportLine | null>;
} {
  const { t } = useTranslation('sessions');
  const [importing, setImporting] = useState(false);
  const [lines, setLines] = useState<ImportLine[]>([]);
  const batches = useRef(0);
  const countries = port.useCountries();
  const types = port.useCircuitTypes();

  const update = (key: string, change: Partial<ImportLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const importFiles = async (files: File[]) => {
    if (files.length === 0) return;
    batches.current++;
    setImporting(true);
    try {
      const [{ groupImportFiles }, picked] = await Promise.all([
        import('./import-groups'),
        Promise.all(files.map(async (file) => ({ name: file.name, text: await groupingText(file).catch(() => ''), file }))),
      ]);
      const { imports, lapsWithoutPositions } = groupImportFiles(picked);
      const queued = imports.map((entry) => ({ ...entry, key: `import-${nextKey++}` }));
      const lonely: ImportLine[] = lapsWithoutPositions.map((l) => ({ key: `import-${nextKey++}`, fileName: l.name, state: 'failed', reason: t('import.lapsOnly', { file: l.name }) }));
      setLines((all) => [...all, ...lonely, ...queued.map((q): ImportLine => ({ key: q.key, fileName: q.file.name, state: 'waiting', file: q.file.file }))]);
      const toast = queued.length + lonely.length === 1;
      for (const lonelyLine of lonely) if (toast) notifyError(lonelyLine.reason!);
      for (const { key, file, laps } of queued) {
        update(key, { state: 'importing' });
        try {
          const result = await port.importFile(file.file, laps?.file, (progress) => update(key, { progress }));
          const action = { label: t('library.analyse'), onClick: () => onAnalyse(result), testId: `analyse-imported-${result.id}` };
          // Data already in the library is not stored twice: said as a warning, still one tap from its analysis.
          if (result.alreadyStored) {
            update(key, { state: 'duplicate', result });
            if (toast) notifyWarning(t('import.alreadyStored', { name: result.name }), { action });
            continue;
          }
          update(key, { state: 'imported', result });
          if (!toast) continue;
          notifySuccess(t('import.done', { name: result.name, laps: result.laps }), { action });
          if (!result.circuitFound && result.laps === 0) notifyError(t('import.noCircuit'));
        } catch (e) {
          const reason = errorText(e, t);
          update(key, { state: 'failed', reason });
          if (toast) notifyError(t('import.failed', { file: file.name, reason }));
        }
      }
    } finally {
      if (--batches.current === 0) setImporting(false);
    }
  };

  const clearLines = useCallback(() => setLines((all) => all.filter((l) => l.state === 'waiting' || l.state === 'importing')), []);

  const confirmLine = useCallback((key: string, confirmed: { circuitName: string; laps: number }) => {
    setLines((all) => all.map((l) => (l.key === key && l.result ? { ...l, confirmed, result: { ...l.result, proposal: null, laps: confirmed.laps } } : l)));
  }, []);

  /**
   * Saves the proposed start/finish of each line as it stands (start-finish-confirm.ts), one after the other; a
   * line on a track saved moments before in the same run is timed with that circuit. Returns the first line that
   * needs the dialog (no country known for its track, or a circuit of that name there already: it and its like
   * are left for the racer, who names it); null when none.
   */
  const confirmStartFinish = async (targets: ImportLine[]): Promise<ImportLine | null> => {
    const saved: { circuitId: number; gate: GatePoint }[] = [];
    let needsDialog: ImportLine | null = null;
    for (const line of targets) {
      const proposal = line.result?.proposal;
      if (!proposal || !line.file || line.confirmed) continue;
      const same = savedCircuitAt(saved, proposal);
      const input = same ? { circuitId: same.circuitId } : defaultStartFinish(line.fileName, proposal, countries ?? [], types ?? []);
      if (!input) {
        needsDialog ??= line;
        continue;
      }
      update(line.key, { confirming: true, confirmError: undefined });
      try {
        const done = await port.saveStartFinish(line.result!.id, line.file, input);
        if (!same) saved.push({ circuitId: done.circuitId, gate: { lat: proposal.lat, lon: proposal.lon } });
        update(line.key, { confirming: false });
        confirmLine(line.key, { circuitName: done.circuitName, laps: done.laps });
      } catch (e) {
        update(line.key, { confirming: false, confirmError: errorText(e, t) });
        // The file's name is a circuit's name in that country already (another racer's, or theirs): named in the dialog.
        if (isApiError(e) && e.status === 409) needsDialog ??= line;
      }
    }
    return needsDialog;
  };

  return { importing, importFiles, lines, clearLines, confirmLine, confirmStartFinish };
}
