import type { FastifyInstance } from 'fastify';
import authRoutes from './auth';
import userRoutes from './users';
import referenceRoutes from './reference-data';
import userCircuitRoutes from './user-circuits';
import sessionRoutes from './sessions';
import leaderboardRoutes from './leaderboards';
import translationRoutes from './translations';
import firmwareRoutes from './firmware';
import mapConfigRoutes from './map-config';

/** Every API route (registered under /api). */
export default async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(authRoutes);
  await api.register(userRoutes);
  await api.register(referenceRoutes);
  await api.register(userCircuitRoutes);
  await api.register(sessionRoutes);
  await api.register(leaderboardRoutes);
  await api.register(translationRoutes);
  await api.register(firmwareRoutes);
  await api.register(mapConfigRoutes);
}
