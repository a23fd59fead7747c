export { MapScreen } from './map-screen';
