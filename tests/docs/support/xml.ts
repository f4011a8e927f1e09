// A deliberately tiny XML reader for the SCXML drift test: enough to prove the generated files are
// well formed (balanced tags, one root, quoted attributes) and that every state reference resolves.
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>/y;
const ATTR = /([\w.:-]+)="([^"<]*)"/g;

export function parseXml(source: string): XmlElement {
  const body = source.replace(/^<\?xml[^>]*\?>\s*/, '').replace(/<!--[\s\S]*?-->/g, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let index = 0;
  while (index < body.length) {
    const next = body.indexOf('<', index);
    if (next === -1) {
      if (body.slice(index).trim()) throw new Error(`Text after the root element: ${body.slice(index, index + 40)}`);
      break;
    }
    if (body.slice(index, next).trim()) throw new Error(`Unexpected text at ${index}: ${body.slice(index, next).trim().slice(0, 40)}`);
    TAG.lastIndex = next;
    const match = TAG.exec(body);
    if (!match) throw new Error(`Malformed tag at ${next}: ${body.slice(next, next + 60)}`);
    const [whole, closing, name = '', rawAttrs = '', selfClosing] = match;
    index = next + whole.length;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const element: XmlElement = { name, attrs: Object.fromEntries([...rawAttrs.matchAll(ATTR)].map((attr) => [attr[1], attr[2]])), children: [] };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) throw new Error(`Second root element <${name}>`);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length) throw new Error(`Unclosed <${stack.map((element) => element.name).join('>, <')}>`);
  if (!root) throw new Error('No root element');
  return root;
}

export function allElements(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(allElements)];
}
