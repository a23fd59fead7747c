import { describe, expect, it } from 'vitest';
import { formatBytes, formatTimeLeft } from '../../../../src/features/device/transfer-text';

describe('transfer texts', () => {
  it('tells the time left in minutes and seconds, or seconds alone', () => {
    expect(formatTimeLeft(40)).toBe('40 s');
    expect(formatTimeLeft(85)).toBe('1 min 25 s');
    expect(formatTimeLeft(125)).toBe('2 min 05 s');
  });

  it('tells a size in bytes, KB or MB in the reader locale', () => {
    expect(formatBytes(null, 'en-us')).toBe('');
    expect(formatBytes(512, 'en-us')).toBe('512 B');
    expect(formatBytes(156_058, 'en-us')).toBe('152.4 KB');
    expect(formatBytes(156_058, 'pt-pt')).toBe('152,4 KB');
    expect(formatBytes(3 * 1024 * 1024, 'en-us')).toBe('3.0 MB');
  });
});
