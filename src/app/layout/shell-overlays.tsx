/**
 * The shell's overlay components, loaded after the first paint through deferred.ts (they bring Mantine's
 * Popover/Combobox/Tooltip, floating-ui and the notification transitions, which the first paint does not need).
 */
export { Select, Tooltip } from '@mantine/core';
export { Notifications } from '@mantine/notifications';
export { UpdatePrompt } from '../pwa/update-prompt';
