/**
 * Turns the controller's events into the product's toasts: connecting / connected / failed to connect
 * (a cancelled chooser is silent), 'Firmware update stopped, ASTRO disconnected.' (with a success heading),
 * a device ERROR translated, and a failed session with its reason. Also loads the server's sessions on 'ready'.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isOfflineFailure } from '../../data/api/api-error';
import type { AstroController } from '../../device/flows/astro-controller';
import { notifyError, notifySuccess } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';
import type { DevicePort } from './device-port';
import { failureText } from './failure-text';
import { displayName } from './session-rows';

export function useDeviceToasts(controller: AstroController | null, port: DevicePort): void {
  const { t } = useTranslation('device');
  useEffect(() => {
    if (!controller) return;
    return controller.onEvent((event) => {
      switch (event.type) {
        case 'connecting':
          notifySuccess(t('toast.connecting'));
          return;
        case 'connected':
          notifySuccess(t('toast.connected'));
          return;
        case 'connect-failed':
          notifyError(t('toast.failed'));
          return;
        case 'ready':
          // Offline at the track the badges wait for the next connection; a server error is a failed load, shown as an error.
          port.refreshServerSessions().catch((e: unknown) => {
            if (!isOfflineFailure(e)) notifyError(translateError(e instanceof Error ? e : null));
          });
          return;
        case 'disconnected':
          if (event.duringFirmware) notifySuccess(t('toast.firmwareStopped'));
          // Nothing half-received is kept: say which downloads the link cut, and that they are still on ASTRO.
          else if (event.interrupted.length > 0)
            notifyError(t('toast.transferInterrupted', { count: event.interrupted.length, names: event.interrupted.map(displayName).join(', ') }));
          return;
        case 'device-error':
          notifyError(t('toast.deviceError', { message: t(`deviceErrors.${event.code}`, { defaultValue: event.code }) }));
          return;
        case 'session-failed':
          // A download the user stopped did not fail: its row says 'Stopped', no red toast.
          if (event.failure.code === 'stopped') return;
          // The detail (chunk numbers, byte counts, the store's message) is for support, not for the toast.
          console.warn(`ASTRO session ${event.filename} failed: ${event.failure.code} (${event.failure.detail})`);
          notifyError(
            t('toast.sessionFailed', { name: displayName(event.filename), reason: failureText(t, event.failure) })
          );
          return;
        default:
          return;
      }
    });
  }, [controller, port, t]);
}
