/** Contact and document links of the About page. The PDFs are served from public/docs/. */
export { CONTACT_EMAIL } from '../../app/contact';
export const USER_MANUAL_PDF = '/docs/astro-user-manual.pdf';
export const PRIVACY_POLICY_PDF = '/docs/astro-privacy-policy.pdf';
export const INTRO_VIDEO = '/media/astro-intro.webm';
export const INTRO_POSTER = '/media/astro-intro-poster.jpg';

export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/astro.laptimer' },
  { name: 'Facebook', href: 'https://www.facebook.com/astro.laptimer' },
  { name: 'YouTube', href: 'https://www.youtube.com/@astro-laptimer' },
  { name: 'X', href: 'https://x.com/astro_laptimer' },
] as const;
