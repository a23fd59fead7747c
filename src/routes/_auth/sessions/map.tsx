import { createFileRoute } from '@tanstack/react-router';
import { MapScreen } from '../../../features/sessions/map';
import { parseLapSearch } from '../../../features/sessions/search';

/** sessions/map (spec name session-map). `?lap=` highlights a lap of the left session; `?gates=draw` starts drawing gates. */
export const Route = createFileRoute('/_auth/sessions/map')({
  staticData: { menu: { labelKey: 'app:menu.map', icon: 'map', order: 2 } },
  validateSearch: parseLapSearch,
  component: function SessionMapRoute() {
    const { lap, gates } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <MapScreen pickedLap={lap ?? null} onPickLap={(next) => void navigate({ search: { lap: next ?? undefined }, replace: true })} startDrawing={gates === 'draw'} />;
  },
});
