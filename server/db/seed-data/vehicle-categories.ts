/**
 * Vehicle categories seeded on the server's first start: real racing classes, grouped by vehicle type
 * (`vehicleType` is a name from vehicle-types.ts). Names are unique across all types so a picker never shows
 * two identical labels.
 */
export interface SeedVehicleCategory {
  name: string;
  /** The name in European Portuguese (pt-pt), seeded as its translation (class names stay as they are raced). */
  namePt: string;
  vehicleType: string;
}

export const vehicleCategories: SeedVehicleCategory[] = [
  // Karts
  { name: 'Rotax Max Senior', namePt: 'Rotax Max Senior', vehicleType: 'Kart' },
  { name: 'Rotax Max Junior', namePt: 'Rotax Max Junior', vehicleType: 'Kart' },
  { name: 'Rotax Max DD2', namePt: 'Rotax Max DD2', vehicleType: 'Kart' },
  { name: 'Rotax Micro Max', namePt: 'Rotax Micro Max', vehicleType: 'Kart' },
  { name: 'X30 Senior', namePt: 'X30 Senior', vehicleType: 'Kart' },
  { name: 'X30 Junior', namePt: 'X30 Junior', vehicleType: 'Kart' },
  { name: 'KZ2', namePt: 'KZ2', vehicleType: 'Kart' },
  { name: 'KZ', namePt: 'KZ', vehicleType: 'Kart' },
  { name: 'OK', namePt: 'OK', vehicleType: 'Kart' },
  { name: 'OK-Junior', namePt: 'OK-Junior', vehicleType: 'Kart' },
  { name: 'Mini / Cadet', namePt: 'Mini / Cadete', vehicleType: 'Kart' },
  { name: 'Rental kart', namePt: 'Kart de aluguer', vehicleType: 'Kart' },
  // Motorcycles
  { name: 'Superbike', namePt: 'Superbike', vehicleType: 'Motorcycle' },
  { name: 'Superstock 1000', namePt: 'Superstock 1000', vehicleType: 'Motorcycle' },
  { name: 'Supersport', namePt: 'Supersport', vehicleType: 'Motorcycle' },
  { name: 'Sport 300', namePt: 'Sport 300', vehicleType: 'Motorcycle' },
  { name: 'Moto3', namePt: 'Moto3', vehicleType: 'Motorcycle' },
  { name: 'Supermoto', namePt: 'Supermoto', vehicleType: 'Motorcycle' },
  { name: 'Track day (motorcycle)', namePt: 'Track day (motociclo)', vehicleType: 'Motorcycle' },
  // Cars
  { name: 'GT3', namePt: 'GT3', vehicleType: 'Car' },
  { name: 'GT4', namePt: 'GT4', vehicleType: 'Car' },
  { name: 'Touring (TCR)', namePt: 'Turismo (TCR)', vehicleType: 'Car' },
  { name: 'Formula 4', namePt: 'Fórmula 4', vehicleType: 'Car' },
  { name: 'Formula 3', namePt: 'Fórmula 3', vehicleType: 'Car' },
  { name: 'One-make cup', namePt: 'Troféu monomarca', vehicleType: 'Car' },
  { name: 'Track day (car)', namePt: 'Track day (automóvel)', vehicleType: 'Car' },
];
