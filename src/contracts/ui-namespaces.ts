/**
 * The app's translation namespaces (each registered by its area, src/app/i18n/registry.ts). A reported missing key must
 * name one of them ('sessions:lapTable.title'); anything else is not a key of this app and is not kept. Kept apart
 * from the translation contracts' zod schemas: the first view's i18n setup reads them, and zod belongs to lazy
 * chunks only (tests/e2e/bundle-budget.test.ts).
 */
export const UI_NAMESPACES = ['app', 'messages', 'auth', 'public', 'dataTable', 'sessions', 'circuits', 'leaderboards', 'admin', 'profile', 'device', 'video', 'videoExport'] as const;
export type UiNamespace = (typeof UI_NAMESPACES)[number];

/** Whether a key names a known namespace and a path within it. */
export const isUiKey = (key: string): boolean => {
  const colon = key.indexOf(':');
  return colon > 0 && colon < key.length - 1 && (UI_NAMESPACES as readonly string[]).includes(key.slice(0, colon));
};
