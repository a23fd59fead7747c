import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/public/about-page';

/** About (public, visible in the menu). */
export const Route = createFileRoute('/about')({
  staticData: { access: 'public', menu: { labelKey: 'app:menu.about', icon: 'about', order: 90 } },
  component: AboutPage,
});
