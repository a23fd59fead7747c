import { createFileRoute } from '@tanstack/react-router';
import { LibraryScreen } from '../../../features/sessions/library';

/** sessions/library (spec name sessions-library). */
export const Route = createFileRoute('/_auth/sessions/library')({
  staticData: { menu: { labelKey: 'app:menu.library', icon: 'library', order: 1 } },
  component: () => <LibraryScreen />,
});
