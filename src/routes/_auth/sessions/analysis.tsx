import { createFileRoute } from '@tanstack/react-router';
import { AnalysisScreen } from '../../../features/sessions/analysis';
import { parseLapSearch } from '../../../features/sessions/search';

/** sessions/analysis (spec name session-analysis): the lap viewer. `?lap=` is the picked lap, `?ref=` the reference lap, `?open=` a session to open, `?compare=&circuit=` another racer's lap to compare with, `?team=` a team-mate's session to see read-only. */
export const Route = createFileRoute('/_auth/sessions/analysis')({
  staticData: { menu: { labelKey: 'app:menu.analysis', icon: 'analysis', order: 3 } },
  validateSearch: parseLapSearch,
  component: function SessionAnalysisRoute() {
    const { lap, ref, open, compare, circuit, team } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AnalysisScreen
        pickedLap={lap ?? null}
        referenceLap={ref ?? null}
        onPickLap={(next) => void navigate({ search: (s) => ({ ...s, lap: next ?? undefined }), replace: true })}
        onReferenceLap={(next) => void navigate({ search: (s) => ({ ...s, ref: next ?? undefined }), replace: true })}
        openSessionId={open ?? null}
        onOpened={() => void navigate({ search: (s) => ({ ...s, open: undefined }), replace: true })}
        onDrawSectors={() => void navigate({ to: '/sessions/map', search: { gates: 'draw' } })}
        compareRequest={{ compare: compare ?? null, circuitId: circuit ?? null }}
        onCompareApplied={() => void navigate({ search: (s) => ({ ...s, compare: undefined, circuit: undefined, ref: undefined }), replace: true })}
        teamSessionId={team ?? null}
      />
    );
  },
});
