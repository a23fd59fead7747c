/** The admin areas, in tab order (the product's admin areas plus firmware upload). */
export const ADMIN_SECTIONS = [
  'users',
  'countries',
  'circuits',
  'circuitTypes',
  'vehicleTypes',
  'vehicleCategories',
  'translations',
  'missingTranslations',
  'sessions',
  'firmware',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Untrusted URL value -> a section (unknown or missing -> users). */
export function parseAdminSection(value: unknown): AdminSection {
  return (ADMIN_SECTIONS as readonly unknown[]).includes(value) ? (value as AdminSection) : 'users';
}
