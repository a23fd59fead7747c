/** The `sessions` namespace: library, map, analysis, import/export. en-us uses the spec's exact English messages. */
import { registerTexts } from '../../app/i18n/registry';
import { libraryI18n } from './library/i18n';
import { importExportI18n } from './import/i18n';
import { mapI18n } from './map/i18n';
import { analysisI18n } from './analysis/i18n';

/** One file a screen; the namespace is their union (each group of keys lives in one file). @internal Exported for its tests. */
export const sessionsI18n = registerTexts('sessions', {
  'en-us': {
    ...libraryI18n['en-us'],
    ...importExportI18n['en-us'],
    ...mapI18n['en-us'],
    ...analysisI18n['en-us'],
  },
  'pt-pt': {
    ...libraryI18n['pt-pt'],
    ...importExportI18n['pt-pt'],
    ...mapI18n['pt-pt'],
    ...analysisI18n['pt-pt'],
  },
});
