/** The /astro route's component: the screen with the app's device port. */
import { AstroScreen } from './astro-screen';
import { DevicePortContext } from './device-port';
import { defaultDevicePort } from './device-port-default';

export function AstroPage() {
  return (
    <DevicePortContext.Provider value={defaultDevicePort}>
      <AstroScreen />
    </DevicePortContext.Provider>
  );
}
