/**
 * Every translation namespace of the app, registered here with ONE line each. Convention: a feature exports
 * `export const <area>I18n = { 'en-us': {...}, 'pt-pt': {...} }` from `src/features/<area>/i18n.ts`, and adds
 * `<area>: <area>I18n,` to `namespaces` below. Keys are then used as t('<area>:path.to.key').
 * Both locales must have the same keys (tests/unit/app/i18n.test.ts checks it).
 */
import type { Locale, UiNamespace } from '../../contracts/translations';
import { appI18n, messagesI18n } from './app-i18n';
import { authI18n } from '../../features/auth/i18n';
import { publicI18n } from '../../features/public/i18n';
import { dataTableI18n } from '../../ui/data-table/i18n';
import { sessionsI18n } from '../../features/sessions/i18n';
import { circuitsI18n } from '../../features/circuits/i18n';
import { leaderboardsI18n } from '../../features/leaderboards/i18n';
import { adminI18n } from '../../features/admin/i18n';
import { profileI18n } from '../../features/profile/i18n';
import { deviceI18n } from '../../features/device/i18n';
import { videoI18n } from '../../features/sessions/video/i18n';
import { videoExportI18n } from '../../features/sessions/video/export-i18n';

type Bundle = Record<Locale, Record<string, unknown>>;

export const namespaces = {
  app: appI18n,
  messages: messagesI18n,
  auth: authI18n,
  public: publicI18n,
  dataTable: dataTableI18n,
  sessions: sessionsI18n,
  circuits: circuitsI18n,
  leaderboards: leaderboardsI18n,
  admin: adminI18n,
  profile: profileI18n,
  device: deviceI18n,
  video: videoI18n,
  videoExport: videoExportI18n,
} satisfies Record<UiNamespace, Bundle>;

/** i18next `resources`: { locale: { namespace: strings } }. */
export function buildResources(): Record<Locale, Record<string, Record<string, unknown>>> {
  const out: Record<Locale, Record<string, Record<string, unknown>>> = { 'en-us': {}, 'pt-pt': {} };
  for (const [ns, bundle] of Object.entries(namespaces) as [string, Bundle][]) {
    out['en-us'][ns] = bundle['en-us'];
    out['pt-pt'][ns] = bundle['pt-pt'];
  }
  return out;
}
