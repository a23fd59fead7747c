/**
 * Which `admin:toast.*` strings an admin list uses. The English text of each is the product's exact message,
 * e.g. entity 'circuitType' -> 'Circuit Type {value} created.', 'Failed to update circuitType'.
 */
export type AdminEntity = 'user' | 'country' | 'circuit' | 'circuitType' | 'vehicleType' | 'vehicleCategory' | 'translation';

export interface ToastKeys {
  created: string;
  updated: string;
  deleted: string;
  updateFailed: string;
  deleteFailed: string;
}

export function toastKeys(entity: AdminEntity): ToastKeys {
  return {
    created: `toast.${entity}Created`,
    updated: `toast.${entity}Updated`,
    deleted: `toast.${entity}Deleted`,
    updateFailed: `toast.${entity}UpdateFailed`,
    deleteFailed: `toast.${entity}DeleteFailed`,
  };
}
