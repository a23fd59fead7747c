/** The language picker (en-us / pt-pt); the choice is stored in localStorage `locale`. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, localeSchema } from '../../contracts/translations';
import { currentLocale, setLocale } from '../i18n/setup';

export function LocaleSelect({ size = 'xs', testId = 'locale-select' }: { size?: 'xs' | 'sm'; testId?: string }) {
  const { t, i18n } = useTranslation('app');
  return (
    <Select
      size={size}
      w={size === 'xs' ? { base: 130, sm: 170 } : undefined}
      aria-label={t('header.locale')}
      value={currentLocale(i18n)}
      data={LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(v) => {
        const parsed = localeSchema.safeParse(v);
        if (parsed.success) void setLocale(parsed.data, i18n);
      }}
      data-testid={testId}
    />
  );
}
