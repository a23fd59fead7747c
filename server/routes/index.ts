import type { FastifyInstance } from 'fastify';
import authRoutes from './auth';
import userRoutes from './users';
import referenceRoutes from './reference-data';
import userCircuitRoutes from './user-circuits';
import sessionRoutes from './sessions';
import sessionUploadRoutes from './session-uploads';
import leaderboardRoutes from './leaderboards';
import translationRoutes from './translations';
import firmwareRoutes from './firmware';
import mapConfigRoutes from './map-config';
import { createUploadPool } from '../sessions/upload-pool';
import { startFinishBackfill } from '../sessions/finish-check';
import teamRoutes from './teams';
import sharedLapRoutes from './shared-laps';
import sharingSettingsRoutes from './sharing-settings';
import teamSessionRoutes from './team-sessions';
import openApiRoutes from './openapi';

/** Every API route (registered under /api). */
export default async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(authRoutes);
  await api.register(userRoutes);
  await api.register(referenceRoutes);
  await api.register(userCircuitRoutes);
  // Worker threads for the heavy work on session texts (uploads, start/finish checks), shared by both session plugins.
  const pool = createUploadPool();
  let backfill: { stop(): Promise<void> } | null = null;
  api.addHook('onReady', async () => {
    backfill = startFinishBackfill(api.db, pool, api.log);
  });
  api.addHook('onClose', async () => {
    await backfill?.stop();
    await pool.close();
  });
  await api.register(sessionRoutes, { pool });
  await api.register(sessionUploadRoutes, { pool });
  await api.register(leaderboardRoutes);
  await api.register(translationRoutes);
  await api.register(firmwareRoutes);
  await api.register(mapConfigRoutes);
  await api.register(teamRoutes);
  await api.register(sharingSettingsRoutes);
  await api.register(teamSessionRoutes);
  await api.register(sharedLapRoutes);
  await api.register(openApiRoutes);
}
