/** The /astro route's component: the screen with the app's device port. */
import { AstroScreen } from './astro-screen';
import { DevicePortContext } from './device-port';
import { defaultDevicePort } from './device-port-default';
// Registers the area's texts before it renders.
import './i18n';

export function AstroPage() {
  return (
    <DevicePortContext.Provider value={defaultDevicePort}>
      <AstroScreen />
    </DevicePortContext.Provider>
  );
}
