// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/confirm-dialog';
import { i18n } from '../../../src/app/i18n/setup';
import { installDomShims } from '../features/auth/render-screen';

afterEach(() => cleanup());

function renderDialog(onCancel = vi.fn(), onConfirm = vi.fn()) {
  installDomShims();
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <ConfirmDialog opened value="Kartódromo de Palmela" onCancel={onCancel} onConfirm={onConfirm} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { onCancel, onConfirm };
}

describe('the delete confirmation', () => {
  it("asks 'Do you want to delete {value}?' under the header Confirmation", () => {
    renderDialog();
    expect(screen.getByText('Confirmation')).toBeTruthy();
    expect(screen.getByText('Do you want to delete Kartódromo de Palmela?')).toBeTruthy();
    expect(screen.getByTestId('confirm-cancel').textContent).toBe('Cancel');
    expect(screen.getByTestId('confirm-delete').textContent).toBe('Delete');
  });

  it('calls onConfirm for Delete and onCancel for Cancel', async () => {
    const { onCancel, onConfirm } = renderDialog();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-delete')));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-cancel')));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
