/**
 * The language picker (en-us / pt-pt); the choice is stored in localStorage `locale`. Mantine's Select (Combobox,
 * Popover, floating-ui) is loaded after the first paint (deferred.ts); until then the same input is drawn without
 * its dropdown, and a click on it loads the Select and opens its dropdown.
 */
import { ComboboxChevron, InputBase } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_CODES, parseLocale } from '../../contracts/locales';
import { currentLocale, setLocale } from '../i18n/setup';
import { shellOverlays } from './deferred';

export function LocaleSelect({ size = 'xs', testId = 'locale-select' }: { size?: 'xs' | 'sm'; testId?: string }) {
  const { t, i18n } = useTranslation('app');
  const overlays = shellOverlays.use();
  const [openAtLoad, setOpenAtLoad] = useState(false);
  const value = currentLocale(i18n);
  const common = {
    size,
    w: size === 'xs' ? { base: 130, sm: 170 } : undefined,
    'aria-label': t('header.locale'),
    'data-testid': testId,
  };
  if (!overlays) {
    return (
      <InputBase
        {...common}
        readOnly
        pointer
        value={t(`locales.${value}`)}
        rightSection={<ComboboxChevron size={size} />}
        rightSectionPointerEvents="none"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        onClick={() => {
          setOpenAtLoad(true);
          void shellOverlays.load().catch(() => undefined);
        }}
      />
    );
  }
  const { Select } = overlays;
  return (
    <Select
      {...common}
      value={value}
      data={LOCALE_CODES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
      allowDeselect={false}
      defaultDropdownOpened={openAtLoad}
      autoFocus={openAtLoad}
      comboboxProps={{ withinPortal: true }}
      onChange={(v) => {
        const locale = parseLocale(v);
        if (locale) void setLocale(locale, i18n);
      }}
    />
  );
}
