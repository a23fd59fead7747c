/**
 * Which `admin:toast.*` strings an admin list uses. The English text of each is the product's exact message,
 * e.g. entity 'circuitType' -> 'Circuit Type {value} created.', 'Failed to create circuit type', 'Failed to update
 * circuit type'.
 */
export type AdminEntity = 'user' | 'country' | 'circuit' | 'circuitType' | 'vehicleType' | 'vehicleCategory' | 'translation';

export interface ToastKeys {
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

export function toastKeys(entity: AdminEntity): ToastKeys {
  return {
    created: `toast.${entity}Created`,
    updated: `toast.${entity}Updated`,
    deleted: `toast.${entity}Deleted`,
    createFailed: `toast.${entity}CreateFailed`,
    updateFailed: `toast.${entity}UpdateFailed`,
    deleteFailed: `toast.${entity}DeleteFailed`,
  };
}
