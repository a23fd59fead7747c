// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataTableResponse } from '../../../../src/contracts/datatable';
import { i18n, setLocale } from '../../../../src/app/i18n/setup';
// The admin area's texts, registered as its screen (admin-screen.tsx) registers them.
import '../../../../src/features/admin/i18n';
import { installDomShims } from '../auth/render-screen';
import { ApiError } from '../../../../src/data/api/api-error';

const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('../../../../src/ui/toast', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/ui/toast')>();
  return {
    ...real,
    notifySuccess: (m: string) => toasts.success.push(m),
    notifyError: (m: string) => toasts.error.push(m),
    notifyWriteFailed: (m: string, e: unknown) => toasts.error.push(real.writeFailedText(m, e)),
  };
});
const { CrudSection } = await import('../../../../src/features/admin/crud-section');

interface Row {
  id: number;
  name: string;
}

afterEach(() => cleanup());
beforeEach(async () => {
  toasts.success.length = 0;
  toasts.error.length = 0;
  sessionStorage.clear();
  await setLocale('en-us');
});

function renderSection(api: { create?: (f: { name: string }) => Promise<Row>; update?: (r: Row, f: { name: string }) => Promise<Row>; remove?: (r: Row) => Promise<void> }) {
  installDomShims();
  const rows: Row[] = [{ id: 1, name: 'Portugal' }];
  const fetch = vi.fn(async (): Promise<DataTableResponse<Row>> => ({ data: rows, totalRecords: rows.length }));
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <CrudSection<Row, { name: string }>
          tableKey="test-countries"
          entity="country"
          columns={[{ field: 'name', headerKey: 'fields.name', sortable: true }]}
          fetch={fetch}
          label={(r) => r.name}
          emptyForm={() => ({ name: '' })}
          toForm={(r) => ({ name: r.name })}
          isValid={(f) => f.name.trim() !== ''}
          renderForm={(f, set) => <TextInput label="Name" value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} />}
          {...api}
        />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { fetch };
}

describe('an admin list', () => {
  it("creates a row and shows 'Country {value} created.', then reloads the table", async () => {
    const create = vi.fn(async (f: { name: string }) => ({ id: 2, name: f.name }));
    const { fetch } = renderSection({ create });
    await screen.findByText('Portugal');
    await act(async () => fireEvent.click(screen.getByTestId('new-country')));
    const save = await screen.findByTestId('admin-save');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Spain' } });
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(toasts.success).toEqual(['Country Spain created.']));
    expect(create).toHaveBeenCalledWith({ name: 'Spain' });
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(1));
  });

  it("says 'Failed to create country' with the server's reason when a new row is refused as a duplicate", async () => {
    const create = vi.fn(async () => Promise.reject(new ApiError('CONFLICT', 'A record with the same unique value already exists.', 409)));
    renderSection({ create });
    await screen.findByText('Portugal');
    await act(async () => fireEvent.click(screen.getByTestId('new-country')));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Portugal' } });
    await act(async () => fireEvent.click(screen.getByTestId('admin-save')));
    await waitFor(() => expect(toasts.error).toEqual(['Failed to create country: A record with the same unique value already exists.']));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Portugal');
  });

  it("keeps the dialog open and shows 'Failed to update country' when an edit fails", async () => {
    const update = vi.fn(async () => Promise.reject(new ApiError('CONFLICT', 'A record with the same unique value already exists.', 409)));
    renderSection({ update });
    await screen.findByText('Portugal');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Edit' })));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Portugal 2' } });
    await act(async () => fireEvent.click(screen.getByTestId('admin-save')));
    await waitFor(() => expect(toasts.error).toEqual(['Failed to update country: A record with the same unique value already exists.']));
    expect(toasts.success).toEqual([]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Portugal 2');
  });

  it("asks for confirmation, deletes and shows 'Country successfully deleted.'", async () => {
    const remove = vi.fn(async () => undefined);
    renderSection({ remove });
    await screen.findByText('Portugal');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(await screen.findByText('Do you want to delete Portugal?')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-delete')));
    await waitFor(() => expect(toasts.success).toEqual(['Country successfully deleted.']));
    expect(remove).toHaveBeenCalledWith({ id: 1, name: 'Portugal' });
  });

  it("shows 'Failed to delete country' with the server's reason when the server refuses", async () => {
    renderSection({ remove: async () => Promise.reject(new ApiError('CONFLICT', 'Country is in use and cannot be deleted.', 409)) });
    await screen.findByText('Portugal');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-delete')));
    // The server's reason is passed on after the product's message.
    await waitFor(() => expect(toasts.error).toEqual(['Failed to delete country: Country is in use and cannot be deleted.']));
  });

  it('offers no New button without a create call', async () => {
    renderSection({});
    await screen.findByText('Portugal');
    expect(screen.queryByTestId('new-country')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
