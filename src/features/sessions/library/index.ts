// Registers the area's texts before it renders.
import '../i18n';
export { LibraryScreen } from './library-screen';
