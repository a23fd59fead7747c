/**
 * Why a session failed, in the user's language: a transfer failure by its code (a device ERROR by the device's
 * code), or the upload's last message (by its id in the message catalogue). The technical detail of a transfer
 * failure (chunk numbers, byte counts) stays out of the text: the device screen logs it (use-device-toasts.ts).
 */
import { translateMessage } from '../../app/i18n/setup';
import type { TransferFailure } from '../../device/flows/transfer-items';
import type { Message } from '../../contracts/messages';

type Translate = (key: string, options?: { defaultValue?: string }) => string;

export function failureText(t: Translate, failure: TransferFailure | { message: Message } | null, message: (m: Message) => string = translateMessage): string {
  if (!failure) return '';
  if ('message' in failure) return message(failure.message);
  if (failure.code === 'device-error') return t(`deviceErrors.${failure.detail}`, { defaultValue: failure.detail });
  return t(`failure.${failure.code}`);
}
