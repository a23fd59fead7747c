import { createFileRoute } from '@tanstack/react-router';
import { CircuitsScreen } from '../../features/circuits/circuits-screen';

/** /circuits: the circuit list (signed-in users; works offline). */
export const Route = createFileRoute('/_auth/circuits')({
  staticData: { menu: { labelKey: 'app:menu.circuits', icon: 'circuits', order: 40 } },
  component: CircuitsScreen,
});
