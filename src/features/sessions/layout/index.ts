// Registers the area's texts before it renders.
import '../i18n';
export { SessionsLayout } from './sessions-layout';
