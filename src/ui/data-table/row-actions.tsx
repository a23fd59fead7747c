/** Edit / delete icon buttons for a data table's actions column (labels translated, for screen readers too). */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// Registers the area's texts before it renders.
import './i18n';

const iconProps = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const EditIcon = () => (
  <svg {...iconProps} aria-hidden="true">
    <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4" />
    <path d="M13.5 6.5l4 4" />
  </svg>
);

const DeleteIcon = () => (
  <svg {...iconProps} aria-hidden="true">
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  </svg>
);

export interface RowActionsProps {
  onEdit?: () => void;
  onDelete?: () => void;
  /** Extra buttons placed before edit/delete (e.g. favorite, compare). */
  children?: ReactNode;
  disabled?: boolean;
}

export function RowActions({ onEdit, onDelete, children, disabled }: RowActionsProps) {
  const { t } = useTranslation('dataTable');
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      {onEdit && (
        <Tooltip label={t('edit')} openDelay={400}>
          <ActionIcon variant="subtle" size="sm" aria-label={t('edit')} onClick={onEdit} disabled={disabled}>
            <EditIcon />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={t('delete')} openDelay={400}>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('delete')} onClick={onDelete} disabled={disabled}>
            <DeleteIcon />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
