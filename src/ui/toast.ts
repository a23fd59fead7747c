/**
 * Toasts: success and error notifications shown for 4000 ms with the summary 'Success' / 'Error'
 * (translated). A toast shows a text already in the user's language: t(...), or a message or a failure through
 * translateMessage / translateError (src/app/i18n/setup.ts).
 */
import { notifications } from '@mantine/notifications';
import { createElement, type ReactNode } from 'react';
import { ToastWithAction } from './toast-action';
import { i18n, translateError } from '../app/i18n/setup';

/** Toast life: long enough to read a sentence. */
const TOAST_LIFE_MS = 4000;

export interface ToastOptions {
  /** A way on from the message (e.g. 'Analyse' after an import): a button in the toast, which then closes. */
  action?: { label: string; onClick: () => void; testId?: string };
}

let shown = 0;

type ToastKind = 'success' | 'warning' | 'error';
const TITLE: Record<ToastKind, string> = { success: 'app:toast.success', warning: 'app:toast.warning', error: 'app:toast.error' };
const COLOR: Record<ToastKind, string> = { success: 'green', warning: 'yellow', error: 'red' };

function show(kind: ToastKind, text: string, options: ToastOptions = {}): string {
  const id = `toast-${++shown}`;
  const action = options.action;
  let body: ReactNode = text;
  if (action) {
    const onClick = () => {
      notifications.hide(id);
      action.onClick();
    };
    body = createElement(ToastWithAction, { text, label: action.label, onClick, testId: action.testId });
  }
  return notifications.show({
    id,
    title: i18n.t(TITLE[kind]),
    message: body,
    color: COLOR[kind],
    autoClose: TOAST_LIFE_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('app:toast.close') },
    // Mantine's grey description is below 4.5:1 contrast: use the body text colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    // Tests and assistive tech find toasts by these.
    'data-toast': kind,
  } as Parameters<typeof notifications.show>[0]);
}

export function notifySuccess(message: string, options?: ToastOptions): string {
  return show('success', message, options);
}

/** A notice that needs attention but is not a failure (e.g. the sync conflict notice); summary 'Warning'. */
export function notifyWarning(message: string, options?: ToastOptions): string {
  return show('warning', message, options);
}

export function notifyError(message: string, options?: ToastOptions): string {
  return show('error', message, options);
}

/**
 * Failed writes: the action's own message (already translated, e.g. 'Failed to delete country'), then the
 * reason the failed call carried, translated ('Country is in use and cannot be deleted.'), so the user learns why.
 */
export function notifyWriteFailed(message: string, error: unknown): string {
  return show('error', writeFailedText(message, error));
}

/**
 * The text of notifyWriteFailed's toast. Component tests that replace the toasts build the same text through
 * the module object of their mock, which knip cannot follow, hence the tag.
 * @public
 */
export function writeFailedText(message: string, error: unknown): string {
  const reason = error instanceof Error && error.message ? translateError(error) : '';
  return reason && reason !== message ? `${message}: ${reason}` : message;
}
