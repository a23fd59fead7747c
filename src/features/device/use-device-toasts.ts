/**
 * Turns the controller's events into the spec's toasts (spec 4, 8): connecting / connected / failed to connect
 * (a cancelled chooser is silent), 'Firmware update stopped, ASTRO disconnected.' (with a success heading),
 * a device ERROR translated, and a failed session with its reason. Also loads the server's sessions on 'ready'.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AstroController } from '../../device/flows/astro-controller';
import { notifyError, notifySuccess } from '../../ui/toast';
import type { DevicePort } from './device-port';
import { displayName } from './session-rows';

export function useDeviceToasts(controller: AstroController | null, port: DevicePort): void {
  const { t } = useTranslation('device');
  useEffect(() => {
    if (!controller) return;
    return controller.onEvent((event) => {
      switch (event.type) {
        case 'connecting':
          notifySuccess(t('toast.connecting'), { translated: true });
          return;
        case 'connected':
          notifySuccess(t('toast.connected'), { translated: true });
          return;
        case 'connect-failed':
          notifyError(t('toast.failed'), { translated: true });
          return;
        case 'ready':
          port.refreshServerSessions().catch(() => undefined);
          return;
        case 'disconnected':
          if (event.duringFirmware) notifySuccess(t('toast.firmwareStopped'), { translated: true });
          return;
        case 'device-error':
          notifyError(t('toast.deviceError', { message: t(`deviceErrors.${event.code}`, { defaultValue: event.code }) }), { translated: true });
          return;
        case 'session-failed':
          notifyError(
            t('toast.sessionFailed', {
              name: displayName(event.filename),
              reason:
                event.failure.code === 'device-error'
                  ? t(`deviceErrors.${event.failure.detail}`, { defaultValue: event.failure.detail })
                  : t(`failure.${event.failure.code}`),
            }),
            { translated: true },
          );
          return;
        default:
          return;
      }
    });
  }, [controller, port, t]);
}
