export { ImportResults } from './import-results';
export { StartFinishDialog } from './start-finish-dialog';
export { useFileDrop } from './use-file-drop';
export { useSessionImport } from './use-session-import';
export type { ImportLine } from './use-session-import';
