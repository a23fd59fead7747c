/**
 * Vehicle types seeded on the server's first start; every vehicle category belongs to one of them. `namePt` is
 * the name shown in European Portuguese (pt-pt), seeded as its translation.
 */
import type { SeedNamed } from './circuit-types';

/**
 * `topSpeedKmh`: the most a vehicle of the type reaches on a circuit (a superkart ~250, a MotoGP bike ~366, a
 * Formula 1 car ~370 km/h), with a margin. A leaderboard never ranks a lap shorter than the circuit's length at it.
 */
export const vehicleTypes: Array<SeedNamed & { topSpeedKmh: number }> = [
  { name: 'Kart', namePt: 'Kart', topSpeedKmh: 260 },
  { name: 'Motorcycle', namePt: 'Motociclo', topSpeedKmh: 380 },
  { name: 'Car', namePt: 'Automóvel', topSpeedKmh: 420 },
];
