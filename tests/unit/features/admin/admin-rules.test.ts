import { describe, expect, it } from 'vitest';
import { adminI18n } from '../../../../src/features/admin/i18n';
import { dialogWidthFor } from '../../../../src/features/admin/dialog-width';
import { toastKeys, type AdminEntity } from '../../../../src/features/admin/toast-keys';
import { parseAdminSection } from '../../../../src/features/admin/sections';
import { circuitFormValid, circuitWriteBody, emptyCircuitForm } from '../../../../src/features/admin/circuit-form';
import { userLabel } from '../../../../src/features/admin/user-label';
import { circuitWriteSchema } from '../../../../src/contracts/entities';

/** Reads 'toast.countryCreated' from the en-us bundle and fills {{value}} like i18next does. */
const en = (key: string, value = '') => {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], adminI18n['en-us']) as string;
  return text.replace('{{value}}', value);
};

describe('admin dialogs', () => {
  it('are 40vw wide, 75vw below 960 px and 90vw below 640 px', () => {
    expect(dialogWidthFor(1920)).toBe('40vw');
    expect(dialogWidthFor(960)).toBe('40vw');
    expect(dialogWidthFor(959)).toBe('75vw');
    expect(dialogWidthFor(640)).toBe('75vw');
    expect(dialogWidthFor(639)).toBe('90vw');
    expect(dialogWidthFor(320)).toBe('90vw');
  });
});

describe('admin toasts', () => {
  const expected: Record<Exclude<AdminEntity, 'translation'>, [string, string]> = {
    user: ['User', 'user'],
    country: ['Country', 'country'],
    circuit: ['Circuit', 'circuit'],
    circuitType: ['Circuit Type', 'circuit type'],
    vehicleType: ['Vehicle Type', 'vehicle type'],
    vehicleCategory: ['Vehicle Category', 'vehicle category'],
  };
  // Failures name the entity as people read it ('circuit type', never the code's 'circuitType'); a create says 'create'.
  it.each(Object.entries(expected))('uses the exact English texts for %s', (entity, [title, id]) => {
    const k = toastKeys(entity as AdminEntity);
    expect(en(k.created, 'Portugal')).toBe(`${title} Portugal created.`);
    expect(en(k.updated, 'Portugal')).toBe(`${title} Portugal updated.`);
    expect(en(k.deleted)).toBe(`${title} successfully deleted.`);
    expect(en(k.createFailed)).toBe(`Failed to create ${id}`);
    expect(en(k.updateFailed)).toBe(`Failed to update ${id}`);
    expect(en(k.deleteFailed)).toBe(`Failed to delete ${id}`);
  });

  it('has a European Portuguese text for every English one', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(adminI18n['pt-pt']).sort()).toEqual(keys(adminI18n['en-us']).sort());
  });
});

describe('admin sections and forms', () => {
  it('opens the users section for unknown or missing section names', () => {
    expect(parseAdminSection('countries')).toBe('countries');
    expect(parseAdminSection('constructor')).toBe('users');
    expect(parseAdminSection(undefined)).toBe('users');
  });

  it('accepts a circuit form only with name, country, type and parsable gates, and builds a valid body', () => {
    const form = { ...emptyCircuitForm(), name: ' Braga ', countryId: '1', typeId: '2', coordinates: '41.5;-8.4;41.6;-8.5;', length: '1200', size: 12 };
    expect(circuitFormValid(form)).toBe(true);
    const body = circuitWriteBody(form);
    expect(body).toMatchObject({ name: 'Braga', countryId: 1, typeId: 2, coordinates: '41.5;-8.4;41.6;-8.5', length: 1200, size: 12 });
    expect(circuitWriteSchema.safeParse(body).success).toBe(true);
    expect(circuitFormValid({ ...form, coordinates: '' })).toBe(false);
    expect(circuitFormValid({ ...form, coordinates: '41.5' })).toBe(false);
    expect(circuitFormValid({ ...form, countryId: null })).toBe(false);
    expect(circuitFormValid({ ...form, size: 0 })).toBe(false);
    expect(circuitFormValid({ ...form, name: '  ' })).toBe(false);
  });

  it('names a user by full name, else by e-mail', () => {
    expect(userLabel({ firstName: 'Ana', lastName: 'Silva', email: 'a@x.test' })).toBe('Ana Silva');
    expect(userLabel({ firstName: '', lastName: '', email: 'a@x.test' })).toBe('a@x.test');
  });
});
