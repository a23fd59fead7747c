export { LibraryScreen } from './library-screen';
