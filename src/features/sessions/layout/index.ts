export { SessionsLayout } from './sessions-layout';
