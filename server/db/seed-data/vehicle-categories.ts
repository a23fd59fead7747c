/**
 * Vehicle categories seeded on the server's first start: real racing classes, grouped by vehicle type
 * (`vehicleType` is a name from vehicle-types.ts). Names are unique across all types so a picker never shows
 * two identical labels.
 */
export interface SeedVehicleCategory {
  name: string;
  vehicleType: string;
}

export const vehicleCategories: SeedVehicleCategory[] = [
  // Karts
  { name: 'Rotax Max Senior', vehicleType: 'Kart' },
  { name: 'Rotax Max Junior', vehicleType: 'Kart' },
  { name: 'Rotax Max DD2', vehicleType: 'Kart' },
  { name: 'Rotax Micro Max', vehicleType: 'Kart' },
  { name: 'X30 Senior', vehicleType: 'Kart' },
  { name: 'X30 Junior', vehicleType: 'Kart' },
  { name: 'KZ2', vehicleType: 'Kart' },
  { name: 'KZ', vehicleType: 'Kart' },
  { name: 'OK', vehicleType: 'Kart' },
  { name: 'OK-Junior', vehicleType: 'Kart' },
  { name: 'Mini / Cadet', vehicleType: 'Kart' },
  { name: 'Rental kart', vehicleType: 'Kart' },
  // Motorcycles
  { name: 'Superbike', vehicleType: 'Motorcycle' },
  { name: 'Superstock 1000', vehicleType: 'Motorcycle' },
  { name: 'Supersport', vehicleType: 'Motorcycle' },
  { name: 'Sport 300', vehicleType: 'Motorcycle' },
  { name: 'Moto3', vehicleType: 'Motorcycle' },
  { name: 'Supermoto', vehicleType: 'Motorcycle' },
  { name: 'Track day (motorcycle)', vehicleType: 'Motorcycle' },
  // Cars
  { name: 'GT3', vehicleType: 'Car' },
  { name: 'GT4', vehicleType: 'Car' },
  { name: 'Touring (TCR)', vehicleType: 'Car' },
  { name: 'Formula 4', vehicleType: 'Car' },
  { name: 'Formula 3', vehicleType: 'Car' },
  { name: 'One-make cup', vehicleType: 'Car' },
  { name: 'Track day (car)', vehicleType: 'Car' },
];
