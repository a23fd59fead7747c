import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import boundaries (eslint.config.js, astro/import-boundaries), probed: each probe is one import
 * written as if it were in a file at the given path inside the lint scope (the file does not exist; ESLint lints
 * the text under that name). Every forbidden probe must be refused, and every allowed one must pass, so a rule
 * loosened by mistake, or one that refuses everything, fails here.
 */
// The cycle rule is off here: it would walk the whole import graph from each probe (seconds each), and is not probed.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

interface Probe {
  /** Where the probe file would be, relative to the project root. */
  file: string;
  /** The import statement it holds. */
  code: string;
}

const boundaryHits = async ({ file, code }: Probe): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath: file });
  return result.messages.filter((m) => m.ruleId === 'astro/import-boundaries').map((m) => m.message);
};

const forbidden: Probe[] = [
  // Screens read live data through the data layer (src/data/live-query.ts), never the store's hooks or tables.
  { file: 'src/features/circuits/probe.tsx', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  { file: 'src/features/sessions/video/probe.tsx', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  { file: 'src/features/circuits/probe.ts', code: "import Dexie from 'dexie';" },
  { file: 'src/features/circuits/probe.ts', code: "import { getDb } from '../../data/db/database';" },
  { file: 'src/features/circuits/probe.ts', code: "import { apiClient } from '../../data/api/client';" },
  { file: 'src/features/circuits/probe.ts', code: "import { createVideoRepository } from '../../data/repositories/video-repository';" },
  { file: 'src/features/circuits/probe.ts', code: "export { getDb } from '../../data/db/database';" },
  { file: 'src/routes/probe.tsx', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  { file: 'src/ui/probe.tsx', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  // Media IO uses the wired repositories and its storage folders, not the database or the HTTP client (a media
  // file re-exporting them would hand them to a screen).
  { file: 'src/media/probe.ts', code: "export { getDb } from '../data/db/database';" },
  { file: 'src/media/probe.ts', code: "export { apiClient } from '../data/api/client';" },
  { file: 'src/media/probe.ts', code: "import { createVideoRepository } from '../data/repositories/video-repository';" },
  { file: 'src/media/export/probe.ts', code: "import { SyncEngine } from '../../data/sync/sync-engine';" },
  { file: 'src/media/probe.ts', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  // The app shell reads the features' texts only, and neither the store's internals nor the screens' packages.
  { file: 'src/app/probe.ts', code: "import { CircuitsScreen } from '../features/circuits/circuits-screen';" },
  { file: 'src/app/layout/probe.tsx', code: "import { AnalysisScreen } from '../../features/sessions/analysis';" },
  { file: 'src/app/probe.ts', code: "import { createSessionsRepository } from '../data/repositories/sessions-repository';" },
  { file: 'src/app/probe.ts', code: "import { getAnalysisClient } from '../analysis/analysis-client';" },
  { file: 'src/app/probe.ts', code: "import { connect } from '../device/web-bluetooth-transport';" },
  { file: 'src/app/probe.ts', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  { file: 'src/app/probe.ts', code: "import Dexie from 'dexie';" },
  { file: 'src/app/probe.ts', code: "import Map from 'ol/Map';" },
  { file: 'src/app/probe.ts', code: "import * as echarts from 'echarts';" },
  { file: 'src/app/probe.ts', code: "const m = import('../features/circuits/circuits-screen');" },
  // Features never import each other; inside one, a sub-area is reached only through its entry.
  { file: 'src/features/circuits/probe.ts', code: "import { x } from '../leaderboards/leaderboards-screen';" },
  { file: 'src/features/sessions/library/probe.ts', code: "import { AnalysisScreen } from '../analysis/analysis-screen';" },
  // The shell imports no feature, not even its texts: each area registers them (src/app/i18n/registry.ts).
  { file: 'src/app/probe.ts', code: "import { circuitsI18n } from '../features/circuits/i18n';" },
  { file: 'src/app/probe.ts', code: "import { videoExportI18n } from '../features/sessions/video/export-i18n';" },
  // The domain stays pure.
  { file: 'src/domain/probe.ts', code: "import { useState } from 'react';" },
  { file: 'src/domain/probe.ts', code: "import { getDb } from '../data/db/database';" },
];

const allowed: Probe[] = [
  { file: 'src/features/circuits/probe.tsx', code: "import { useLiveQuery } from '../../data/live-query';" },
  { file: 'src/features/circuits/probe.ts', code: "import { referenceRepository } from '../../data/services';" },
  { file: 'src/media/probe.ts', code: "import { videoRepository } from '../data/services';" },
  { file: 'src/media/probe.ts', code: "import { videosFolder } from '../data/storage/opfs-files';" },
  { file: 'src/app/probe.ts', code: "import { apiClient } from '../data/api/client';" },
  { file: 'src/app/probe.ts', code: "import { startDataLayer } from '../data/services';" },
  { file: 'src/app/probe.ts', code: "import { routeTree } from '../routeTree.gen';" },
  { file: 'src/app/probe.ts', code: "import { Button } from '@mantine/core';" },
  { file: 'src/data/probe.ts', code: "import { useLiveQuery } from 'dexie-react-hooks';" },
  { file: 'src/features/sessions/library/probe.ts', code: "import { AnalysisScreen } from '../analysis';" },
];

describe('import boundaries (lint probes)', () => {
  it('refuses every forbidden probe import', { timeout: 120_000 }, async () => {
    const passed: string[] = [];
    for (const probe of forbidden) if ((await boundaryHits(probe)).length === 0) passed.push(`${probe.file}: ${probe.code}`);
    expect(passed).toEqual([]);
  });

  it('lets the allowed imports through (the data layer live queries, services, the storage folders, the features\' texts)', { timeout: 120_000 }, async () => {
    const refused: string[] = [];
    for (const probe of allowed) {
      const hits = await boundaryHits(probe);
      if (hits.length > 0) refused.push(`${probe.file}: ${probe.code} -> ${hits.join('; ')}`);
    }
    expect(refused).toEqual([]);
  });
});
