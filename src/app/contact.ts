/** Contact addresses shown on the About page and the account screens. */
export const CONTACT_EMAIL = 'hello@astro-laptimer.com';
export const SUPPORT_EMAIL = 'support@astro-laptimer.com';
