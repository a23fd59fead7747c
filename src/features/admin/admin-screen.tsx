/**
 * /admin (admins only): one tab per admin area. The open tab is in the URL (?section=countries) so it
 * survives reloads and can be linked; the route file parses it.
 */
import { NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminSessionsSection } from './sessions-section';
import { CircuitsSection } from './circuits-section';
import { FirmwareSection } from './firmware-section';
import { CircuitTypesSection, CountriesSection, VehicleCategoriesSection, VehicleTypesSection } from './named-sections';
import { MissingTranslationsSection, TranslationsSection } from './translations-section';
import { UsersSection } from './users-section';
import { ADMIN_SECTIONS, type AdminSection } from './sections';
// Registers the area's texts before it renders.
import './i18n';

const panels: Record<AdminSection, () => React.JSX.Element> = {
  users: UsersSection,
  countries: CountriesSection,
  circuits: CircuitsSection,
  circuitTypes: CircuitTypesSection,
  vehicleTypes: VehicleTypesSection,
  vehicleCategories: VehicleCategoriesSection,
  translations: TranslationsSection,
  missingTranslations: MissingTranslationsSection,
  sessions: AdminSessionsSection,
  firmware: FirmwareSection,
};

export function AdminScreen({ section, onSection }: { section: AdminSection; onSection: (s: AdminSection) => void }) {
  const { t } = useTranslation('admin');
  const Panel = panels[section];
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Tabs value={section} onChange={(v) => v && onSection(v as AdminSection)} keepMounted={false}>
        {/* A phone gets one select instead of ten tabs wrapped over five rows. */}
        <NativeSelect
          hiddenFrom="sm"
          aria-label={t('title')}
          value={section}
          onChange={(e) => onSection(e.currentTarget.value as AdminSection)}
          data={ADMIN_SECTIONS.map((s) => ({ value: s, label: t(`sections.${s}`) }))}
          data-testid="admin-section-select"
        />
        <Tabs.List style={{ flexWrap: 'wrap' }} visibleFrom="sm">
          {ADMIN_SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`admin-tab-${s}`}>
              {t(`sections.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={section} pt="md">
          <Panel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
