import { createFileRoute } from '@tanstack/react-router';
import { AstroPage } from '../../features/device/astro-page';

/** /astro (auth, menu icon wifi): the device connection screen. */
export const Route = createFileRoute('/_auth/astro')({
  staticData: { menu: { labelKey: 'app:menu.astro', icon: 'wifi', order: 10 } },
  component: AstroPage,
});
