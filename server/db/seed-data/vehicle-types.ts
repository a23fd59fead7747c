/** Vehicle types seeded on the server's first start; every vehicle category belongs to one of them. */
export const vehicleTypes: string[] = ['Kart', 'Motorcycle', 'Car'];
