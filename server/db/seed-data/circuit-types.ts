/**
 * Circuit types seeded on the server's first start. The type name is sent to the device in every circuit line
 * (`<type>;<name>;<coordinates>;<size>`), so names are short ASCII without ';'.
 */
export const circuitTypes: string[] = ['Kart', 'Racing Circuit', 'Street Circuit'];
