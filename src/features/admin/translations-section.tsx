/**
 * Translations (overrides of UI strings and reference data texts per locale) and Missing Translations (keys clients
 * reported, and reference data rows with no text in a language). Adding an override for a missing key resolves it
 * (the server drops the report). After each write this app fetches the overrides again, so the admin sees the new
 * text at once; other clients take it on their next start or reconnection.
 */
import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_CODES, type Locale, type MissingTranslation, type Translation } from '../../contracts/translations';
import { translationsApi } from '../../data/api/translations';
import { formatDateTime } from '../../app/i18n/format';
import { currentLocale, refreshTranslationOverrides } from '../../app/i18n/setup';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table/data-table';
import { RowActions } from '../../ui/data-table/row-actions';
import { notifySuccess, notifyWriteFailed } from '../../ui/toast';
import { CrudSection } from './crud-section';

interface TranslationForm {
  locale: Locale;
  key: string;
  value: string;
  /** The English text a reference data key translates, shown while translating it. */
  source?: string | null;
}

/** Applies the new overrides in this app; a failed fetch leaves them for the next sync. */
const reloadTranslations = () => void refreshTranslationOverrides().catch(() => undefined);

const translationLabel = (r: { locale: string; key: string }) => `${r.key} (${r.locale})`;

function TranslationFields({ form, set }: { form: TranslationForm; set: (p: Partial<TranslationForm>) => void }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {form.source && (
        <Text size="sm" data-testid="translation-source">
          {t('fields.source')}: <strong>{form.source}</strong>
        </Text>
      )}
      <Select
        label={t('fields.locale')}
        name="locale"
        data={LOCALE_CODES.map((l) => ({ value: l, label: l }))}
        value={form.locale}
        onChange={(v) => v && set({ locale: v as Locale })}
        allowDeselect={false}
      />
      <TextInput label={t('fields.key')} name="key" description={t('translations.keyHelp')} required value={form.key} onChange={(e) => set({ key: e.currentTarget.value })} data-autofocus />
      <Textarea label={t('fields.value')} name="value" autosize minRows={2} value={form.value} onChange={(e) => set({ value: e.currentTarget.value })} />
    </>
  );
}

const validTranslation = (f: TranslationForm) => f.key.trim() !== '' && f.key.length <= 200 && f.value.length <= 2000;

export function TranslationsSection() {
  const { t } = useTranslation('admin');
  return (
    <CrudSection<Translation, TranslationForm>
      tableKey="admin-translations"
      entity="translation"
      intro={
        <Text size="sm" c="dimmed">
          {t('translations.help')}
        </Text>
      }
      columns={[
        { field: 'id', hidden: true },
        { field: 'locale', headerKey: 'fields.locale', sortable: true, filter: 'text' },
        { field: 'key', headerKey: 'fields.key', sortable: true, filter: 'text' },
        { field: 'value', headerKey: 'fields.value', sortable: true, filter: 'text' },
        { field: 'updatedAt', headerKey: 'fields.lastSeen', sortable: true, render: (r) => formatDateTime(r.updatedAt, currentLocale()) },
      ]}
      fetch={translationsApi.datatable}
      defaultSort={{ field: 'key', order: 'asc' }}
      label={translationLabel}
      emptyForm={() => ({ locale: currentLocale(), key: '', value: '' })}
      toForm={(r) => ({ locale: r.locale, key: r.key, value: r.value })}
      isValid={validTranslation}
      renderForm={(f, set) => <TranslationFields form={f} set={set} />}
      create={async (f) => {
        const row = await translationsApi.create({ locale: f.locale, key: f.key.trim(), value: f.value });
        reloadTranslations();
        return row;
      }}
      update={async (r, f) => {
        const row = await translationsApi.update(r.id, { locale: f.locale, key: f.key.trim(), value: f.value });
        reloadTranslations();
        return row;
      }}
      remove={async (r) => {
        await translationsApi.remove(r.id);
        reloadTranslations();
      }}
    />
  );
}

export function MissingTranslationsSection() {
  const { t } = useTranslation('admin');
  const [refreshKey, setRefreshKey] = useState(0);
  const [deleting, setDeleting] = useState<MissingTranslation | null>(null);
  const [busy, setBusy] = useState(false);
  const [resolving, setResolving] = useState<TranslationForm | null>(null);
  const [deletingReported, setDeletingReported] = useState(false);

  /** Bulk delete: a flood of reports is cleared at once; reference data rows stay until translated. */
  async function removeReported() {
    setBusy(true);
    try {
      const { deleted } = await translationsApi.removeAllReported();
      notifySuccess(t('toast.missingReportedDeleted', { count: deleted }));
      setRefreshKey((k) => k + 1);
    } catch (err) {
      notifyWriteFailed(t('toast.missingReportedDeleteFailed'), err);
    } finally {
      setDeletingReported(false);
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await translationsApi.removeMissing(deleting.id);
      notifySuccess(t('toast.missingDeleted'));
      setRefreshKey((k) => k + 1);
    } catch (err) {
      notifyWriteFailed(t('toast.missingDeleteFailed'), err);
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  }

  async function resolve() {
    if (!resolving) return;
    setBusy(true);
    try {
      const row = await translationsApi.create({ locale: resolving.locale, key: resolving.key.trim(), value: resolving.value });
      reloadTranslations();
      notifySuccess(t('toast.translationCreated', { value: translationLabel(row) }));
      setResolving(null);
      setRefreshKey((k) => k + 1);
    } catch (err) {
      notifyWriteFailed(t('toast.translationCreateFailed'), err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 20rem' }}>
          {t('missing.help')}
        </Text>
        <Button variant="light" color="red" onClick={() => setDeletingReported(true)} data-testid="missing-delete-reported">
          {t('missing.deleteReported')}
        </Button>
      </Group>
      <DataTable<MissingTranslation>
        tableKey="admin-missing-translations"
        columns={[
          { field: 'id', hidden: true },
          { field: 'locale', headerKey: 'fields.locale', sortable: true, filter: 'text' },
          { field: 'key', headerKey: 'fields.key', sortable: true, filter: 'text' },
          { field: 'source', headerKey: 'fields.source', sortable: true, filter: 'text', render: (r) => r.source ?? '' },
          { field: 'count', headerKey: 'fields.count', sortable: true, filter: 'numeric' },
          { field: 'lastSeenAt', headerKey: 'fields.lastSeen', sortable: true, filter: 'date', render: (r) => formatDateTime(r.lastSeenAt, currentLocale()) },
        ]}
        source={{ mode: 'server', fetch: translationsApi.missingDatatable }}
        rowKey={(r) => r.id}
        defaultSort={{ field: 'key', order: 'asc' }}
        refreshKey={refreshKey}
        headerNamespace="admin"
        aria-label={t('sections.missingTranslations')}
        rowActions={(row) => (
          <RowActions onEdit={() => setResolving({ locale: row.locale, key: row.key, value: '', source: row.source })} onDelete={() => setDeleting(row)} />
        )}
      />
      {resolving && (
        <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
          <Text fw={600} size="sm">
            {t('actions.override')}
          </Text>
          <TranslationFields form={resolving} set={(p) => setResolving((r) => (r ? { ...r, ...p } : r))} />
          <Button size="xs" onClick={() => void resolve()} loading={busy} disabled={!validTranslation(resolving)} style={{ alignSelf: 'flex-end' }}>
            {t('actions.save')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog opened={deleting !== null} value={deleting ? translationLabel(deleting) : ''} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void remove()} />
      <ConfirmDialog opened={deletingReported} value={t('missing.allReported')} busy={busy} onCancel={() => setDeletingReported(false)} onConfirm={() => void removeReported()}>
        <Text size="sm" c="dimmed" mb="lg">
          {t('missing.deleteReportedNote')}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
