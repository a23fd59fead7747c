/**
 * Circuit types seeded on the server's first start. The type name is sent to the device in every circuit line
 * (`<type>;<name>;<coordinates>;<size>`), so names are short ASCII without ';'. `namePt` is the name shown in
 * European Portuguese (pt-pt), seeded as its translation; the device keeps the English name.
 */
export interface SeedNamed {
  name: string;
  namePt: string;
}

export const circuitTypes: SeedNamed[] = [
  { name: 'Kart', namePt: 'Kartódromo' },
  { name: 'Racing Circuit', namePt: 'Autódromo' },
  { name: 'Street Circuit', namePt: 'Circuito citadino' },
];
