/**
 * Importing files into the library: several at once, an ASTRO laps file goes with its nmea file. Each success
 * toasts with 'Analyse' (opens that session's analysis); each failure names its file and why.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../ui/toast';
import { errorText } from './error-text';
import { detectBinaryFormat, HEAD_BYTES } from '../../domain/formats/import-binary';
import type { ImportResult, SessionsPort } from './sessions-port';

async function isBinaryImport(file: File): Promise<boolean> {
  return detectBinaryFormat(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())) !== null;
}

export function useSessionImport(port: SessionsPort, onAnalyse: (imported: ImportResult) => void): { importing: boolean; importFiles: (files: File[]) => Promise<void> } {
  const { t } = useTranslation('sessions');
  const [importing, setImporting] = useState(false);

  const importFiles = async (files: File[]) => {
    if (files.length === 0) return;
    setImporting(true);
    try {
      const [{ groupImportFiles }, picked] = await Promise.all([
        import('./import-groups'),
        // Only text files can be ASTRO laps or nmea files: a binary one (a FIT file, a video of gigabytes) is
        // never read whole here.
        Promise.all(files.map(async (file) => ({ name: file.name, text: (await isBinaryImport(file)) ? '' : await file.text(), file }))),
      ]);
      const { imports, lapsWithoutPositions } = groupImportFiles(picked);
      for (const lonely of lapsWithoutPositions) notifyError(t('import.lapsOnly', { file: lonely.name }), { translated: true });
      for (const { file, laps } of imports) {
        try {
          const result = await port.importFile(file.file, laps?.file);
          const action = { label: t('library.analyse'), onClick: () => onAnalyse(result), testId: `analyse-imported-${result.id}` };
          // Data already in the library is not stored twice: said as a warning, still one tap from its analysis.
          if (result.alreadyStored) {
            notifyWarning(t('import.alreadyStored', { name: result.name }), { translated: true, action });
            continue;
          }
          notifySuccess(t('import.done', { name: result.name, laps: result.laps }), { translated: true, action });
          if (!result.circuitFound) notifyError(t('import.noCircuit'), { translated: true });
        } catch (e) {
          notifyError(t('import.failed', { file: file.name, reason: errorText(e, t) }), { translated: true });
        }
      }
    } finally {
      setImporting(false);
    }
  };

  return { importing, importFiles };
}
