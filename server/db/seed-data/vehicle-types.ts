/**
 * Vehicle types seeded on the server's first start; every vehicle category belongs to one of them. `namePt` is
 * the name shown in European Portuguese (pt-pt), seeded as its translation.
 */
import type { SeedNamed } from './circuit-types';

export const vehicleTypes: SeedNamed[] = [
  { name: 'Kart', namePt: 'Kart' },
  { name: 'Motorcycle', namePt: 'Motociclo' },
  { name: 'Car', namePt: 'Automóvel' },
];
