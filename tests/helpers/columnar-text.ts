import { decodeColumnarBytes } from '../../src/contracts/columnar-text';
import type { ColumnarText } from '../../src/contracts/columnar-format';

/** A columnar text rebuilt as a string, for comparing with the text sent (the server keeps it as UTF-8 bytes). */
export const decodeColumnarText = (value: ColumnarText, maxBytes: number): string => new TextDecoder().decode(decodeColumnarBytes(value, maxBytes));
