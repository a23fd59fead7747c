// Registers the area's texts before it renders.
import '../i18n';
export { MapScreen } from './map-screen';
