import { createFileRoute } from '@tanstack/react-router';
import { AdminScreen } from '../../../features/admin/admin-screen';
import { parseAdminSection, type AdminSection } from '../../../features/admin/sections';

/** /admin?section=<area> (admins only: guarded by the _admin layout). */
export const Route = createFileRoute('/_auth/_admin/admin')({
  staticData: { menu: { labelKey: 'app:menu.admin', icon: 'admin', order: 100 } },
  validateSearch: (search: Record<string, unknown>): { section?: AdminSection } =>
    search.section === undefined ? {} : { section: parseAdminSection(search.section) },
  component: AdminRoute,
});

function AdminRoute() {
  const { section } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminScreen section={section ?? 'users'} onSection={(s) => void navigate({ search: { section: s }, replace: true })} />;
}
