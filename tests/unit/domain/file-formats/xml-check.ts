/**
 * A small XML well-formedness check for the exporters' output (tests only): one root, every tag closed in
 * order, attributes quoted and unique, text without a bare '<' or an '&' that is not an entity. Returns the
 * elements in document order (name, attributes, direct text) for assertions.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  text: string;
  parent: XmlElement | null;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ENTITY = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decode(text: string): string {
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`bare & in ${JSON.stringify(text.slice(0, 40))}`);
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

// eslint-disable-next-line no-control-regex -- matching the control characters XML 1.0 forbids is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function parseXml(source: string): XmlElement[] {
  if (FORBIDDEN.test(source)) throw new Error('a character XML 1.0 forbids');
  let text = source.replace(/^\uFEFF/, '');
  const prolog = /^<\?xml[^?]*\?>/.exec(text);
  if (prolog) text = text.slice(prolog[0].length);
  const elements: XmlElement[] = [];
  const stack: XmlElement[] = [];
  let rootClosed = false;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk.trim() !== '') {
      if (stack.length === 0) throw new Error('text outside the root element');
      stack[stack.length - 1].text += decode(chunk);
    }
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt);
      if (end < 0) throw new Error('unclosed comment');
      i = end + 3;
      continue;
    }
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new Error('unclosed tag');
    const tag = text.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name}>`);
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const name = /^\S+/.exec(body)?.[0] ?? '';
    if (!NAME.test(name)) throw new Error(`bad element name ${JSON.stringify(name)}`);
    if (stack.length === 0 && rootClosed) throw new Error('a second root element');
    const attrs: Record<string, string> = {};
    let rest = body.slice(name.length);
    const attr = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/;
    for (let m = attr.exec(rest); m; m = attr.exec(rest)) {
      if (m[1] in attrs) throw new Error(`duplicate attribute ${m[1]}`);
      attrs[m[1]] = decode(m[3] ?? m[4]);
      rest = rest.slice(m[0].length);
    }
    if (rest.trim() !== '') throw new Error(`malformed attributes in <${name}>: ${rest.slice(0, 40)}`);
    const element: XmlElement = { name, attrs, text: '', parent: stack[stack.length - 1] ?? null };
    elements.push(element);
    if (!selfClosing) stack.push(element);
    else if (stack.length === 0) rootClosed = true;
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (!rootClosed) throw new Error('no root element');
  return elements;
}
