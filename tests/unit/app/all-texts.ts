/**
 * Every translation namespace of the app with its texts, imported from each area's texts module (importing one
 * registers it, as the area does when it loads): the tests' view of all texts at once. `satisfies` makes a namespace
 * of the contract (UI_NAMESPACES) missing here a compile error.
 */
import type { TextBundle } from '../../../src/app/i18n/registry';
import { appI18n, messagesI18n } from '../../../src/app/i18n/app-i18n';
import type { UiNamespace } from '../../../src/contracts/ui-namespaces';
import { adminI18n } from '../../../src/features/admin/i18n';
import { authI18n } from '../../../src/features/auth/i18n';
import { circuitsI18n } from '../../../src/features/circuits/i18n';
import { deviceI18n } from '../../../src/features/device/i18n';
import { leaderboardsI18n } from '../../../src/features/leaderboards/i18n';
import { profileI18n } from '../../../src/features/profile/i18n';
import { publicI18n } from '../../../src/features/public/i18n';
import { sessionsI18n } from '../../../src/features/sessions/i18n';
import { videoExportI18n } from '../../../src/features/sessions/video/export-i18n';
import { videoI18n } from '../../../src/features/sessions/video/i18n';
import { dataTableI18n } from '../../../src/ui/data-table/i18n';

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
} satisfies Record<UiNamespace, TextBundle>;
