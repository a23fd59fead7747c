/**
 * Admin users (a profile is the user's own): only 'active' is editable; verified, names, email, country and the rest are shown for
 * reference. New creates a verified account (POST /admin/users); delete is admin-only (this whole area is).
 */
import { Badge, PasswordInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../../contracts/entities';
import { usersApi } from '../../data/api/users';
import { formatDate } from '../../app/i18n/format';
import { currentLocale } from '../../app/i18n/setup';
import { CrudSection, ReadOnlyField } from './crud-section';
import { useReferenceList } from './reference-lists';
import { userLabel } from './user-label';

export interface UserForm {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  role: 'user' | 'admin';
  active: boolean;
}

const yesNo = (v: boolean, t: (k: string) => string) => (
  <Badge size="sm" variant="light" color={v ? 'green' : 'gray'}>
    {t(v ? 'options.yes' : 'options.no')}
  </Badge>
);

export function UsersSection() {
  const { t } = useTranslation('admin');
  const countries = useReferenceList('countries');
  const countryName = (id: number | null) => countries.find((c) => c.id === id)?.name ?? '';
  return (
    <CrudSection<User, UserForm & { user: User | null }>
      tableKey="admin-users"
      entity="user"
      columns={[
        { field: 'id', hidden: true },
        { field: 'firstName', headerKey: 'fields.firstName', sortable: true, filter: 'text' },
        { field: 'lastName', headerKey: 'fields.lastName', sortable: true, filter: 'text' },
        { field: 'email', headerKey: 'fields.email', sortable: true, filter: 'text' },
        { field: 'role', headerKey: 'fields.role', sortable: true, filter: 'text', render: (u) => t(`options.${u.role}`) },
        { field: 'verified', headerKey: 'fields.verified', sortable: true, filter: 'boolean', render: (u) => yesNo(u.verified, t) },
        { field: 'active', headerKey: 'fields.active', sortable: true, filter: 'boolean', render: (u) => yesNo(u.active, t) },
      ]}
      fetch={usersApi.datatable}
      defaultSort={{ field: 'firstName', order: 'asc' }}
      label={userLabel}
      emptyForm={() => ({ email: '', firstName: '', lastName: '', password: '', role: 'user', active: true, user: null })}
      toForm={(u) => ({ email: u.email, firstName: u.firstName, lastName: u.lastName, password: '', role: u.role, active: u.active, user: u })}
      isValid={(f, mode) => mode === 'edit' || (/^\S+@\S+\.\S+$/.test(f.email) && f.firstName.trim() !== '' && f.password.length >= 8)}
      renderForm={(f, set, mode) =>
        mode === 'edit' && f.user ? (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {t('users.displayOnly')}
            </Text>
            <ReadOnlyField label={t('fields.email')} value={f.user.email} />
            <ReadOnlyField label={t('fields.firstName')} value={f.user.firstName} />
            <ReadOnlyField label={t('fields.lastName')} value={f.user.lastName} />
            <ReadOnlyField label={t('fields.country')} value={countryName(f.user.countryId)} />
            <ReadOnlyField label={t('fields.birthdate')} value={f.user.birthdate ? formatDate(f.user.birthdate, currentLocale()) : ''} />
            <ReadOnlyField label={t('fields.licence')} value={f.user.licenceId ?? ''} />
            <ReadOnlyField label={t('fields.firmwareVersion')} value={f.user.firmwareVersion ?? ''} />
            <ReadOnlyField label={t('fields.role')} value={t(`options.${f.user.role}`)} />
            <ReadOnlyField label={t('fields.verified')} value={yesNo(f.user.verified, t)} />
            <Switch mt="xs" label={t('fields.active')} name="active" checked={f.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
          </Stack>
        ) : (
          <>
            <TextInput label={t('fields.email')} type="email" name="email" required value={f.email} onChange={(e) => set({ email: e.currentTarget.value })} data-autofocus />
            <TextInput label={t('fields.firstName')} name="firstName" required value={f.firstName} onChange={(e) => set({ firstName: e.currentTarget.value })} />
            <TextInput label={t('fields.lastName')} name="lastName" value={f.lastName} onChange={(e) => set({ lastName: e.currentTarget.value })} />
            <PasswordInput label={t('fields.password')} name="password" required value={f.password} onChange={(e) => set({ password: e.currentTarget.value })} />
            <Select
              label={t('fields.role')}
              name="role"
              data={(['user', 'admin'] as const).map((v) => ({ value: v, label: t(`options.${v}`) }))}
              value={f.role}
              onChange={(v) => v && set({ role: v as UserForm['role'] })}
              allowDeselect={false}
            />
            <Switch label={t('fields.active')} name="active" checked={f.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
          </>
        )
      }
      create={(f) => usersApi.create({ email: f.email.trim(), firstName: f.firstName.trim(), lastName: f.lastName.trim(), password: f.password, role: f.role, active: f.active }, true)}
      update={(u, f) => usersApi.patch(u.id, { active: f.active }, true)}
      remove={(u) => usersApi.remove(u.id)}
    />
  );
}
