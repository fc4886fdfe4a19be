import { parse, type ParserPlugin } from '@babel/parser';

/** A function of the original source: where it starts and ends (1-based lines, 0-based columns) and its name. */
export type Scope = { startLine: number; startColumn: number; endLine: number; endColumn: number; name: string };

type Node = {
  type: string;
  start?: number | null;
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } } | null;
} & Record<string, unknown>;

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

// TypeScript and JSX first (a map's sources are often .ts or .jsx); plain JavaScript when they refuse it.
const PLUGIN_SETS: ParserPlugin[][] = [['typescript', 'jsx'], ['jsx'], ['typescript'], []];

/** The functions of a source file, or null when it does not parse (then names come from elsewhere). */
export function scopesOf(source: string): Scope[] | null {
  for (const plugins of PLUGIN_SETS) {
    let ast: Node;
    try {
      ast = parse(source, {
        sourceType: 'unambiguous',
        errorRecovery: true,
        allowReturnOutsideFunction: true,
        plugins,
      }) as unknown as Node;
    } catch {
      continue;
    }
    const scopes: Scope[] = [];
    walk(ast, [], scopes);
    return scopes;
  }
  return null;
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

function walk(node: Node, parents: Node[], out: Scope[]): void {
  if (FUNCTION_TYPES.has(node.type) && node.loc) {
    out.push({
      startLine: node.loc.start.line,
      startColumn: node.loc.start.column,
      endLine: node.loc.end.line,
      endColumn: node.loc.end.column,
      name: nameOf(node, parents) ?? '<anonymous>',
    });
  }
  parents.push(node);
  for (const key of Object.keys(node)) {
    if (
      key === 'loc' ||
      key === 'leadingComments' ||
      key === 'trailingComments' ||
      key === 'innerComments' ||
      key === 'extra'
    )
      continue;
    const v = node[key];
    if (Array.isArray(v)) {
      for (const child of v) if (isNode(child)) walk(child, parents, out);
    } else if (isNode(v)) {
      walk(v, parents, out);
    }
  }
  parents.pop();
}

/** `a`, `a.b`, `this.a` for the left side of an assignment; null for anything computed. */
function dotted(n: unknown): string | null {
  if (!isNode(n)) return null;
  if (n.type === 'Identifier') return n.name as string;
  if (n.type === 'ThisExpression') return 'this';
  if (n.type === 'MemberExpression' && !n.computed) {
    const object = dotted(n.object);
    const property = isNode(n.property) && n.property.type === 'Identifier' ? (n.property.name as string) : null;
    return object && property ? `${object}.${property}` : null;
  }
  return null;
}

function keyName(key: unknown): string | null {
  if (!isNode(key)) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'PrivateName' && isNode(key.id)) return `#${key.id.name as string}`;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value);
  return null;
}

function className(parents: Node[]): string | null {
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i];
    if (p.type === 'ClassDeclaration' || p.type === 'ClassExpression') {
      if (isNode(p.id)) return p.id.name as string;
      const holder = parents[i - 1];
      return holder?.type === 'VariableDeclarator' && isNode(holder.id) && holder.id.type === 'Identifier'
        ? (holder.id.name as string)
        : null;
    }
  }
  return null;
}

/**
 * A function's name as a stack trace gives it in the original: its own name; a method's `Class.method` (`new Class`
 * for a constructor); else the variable, property or assignment target it is given to; null when anonymous.
 */
function nameOf(fn: Node, parents: Node[]): string | null {
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && isNode(fn.id))
    return fn.id.name as string;
  if (fn.type === 'ClassMethod' || fn.type === 'ClassPrivateMethod') {
    const cls = className(parents);
    if (fn.kind === 'constructor') return cls ? `new ${cls}` : null;
    const key = keyName(fn.key);
    return key ? (cls ? `${cls}.${key}` : key) : null;
  }
  if (fn.type === 'ObjectMethod') return keyName(fn.key);
  // An anonymous function or arrow: named by where it goes (through parentheses and `as` casts).
  let i = parents.length - 1;
  while (
    i >= 0 &&
    ['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TypeCastExpression'].includes(
      parents[i].type,
    )
  )
    i--;
  const p = parents[i];
  if (!p) return null;
  if (p.type === 'VariableDeclarator') return isNode(p.id) && p.id.type === 'Identifier' ? (p.id.name as string) : null;
  if (p.type === 'AssignmentExpression') return dotted(p.left);
  if (p.type === 'ObjectProperty') return keyName(p.key);
  if (p.type === 'ClassProperty' || p.type === 'ClassPrivateProperty') {
    const key = keyName(p.key);
    const cls = className(parents.slice(0, i));
    return key ? (cls ? `${cls}.${key}` : key) : null;
  }
  if (p.type === 'AssignmentPattern') return dotted(p.left);
  return null;
}

/** The name of the innermost function containing a position (1-based line, 0-based column); null at top level. */
export function scopeNameAt(scopes: Scope[], line: number, column: number): string | null {
  let best: Scope | null = null;
  for (const s of scopes) {
    const afterStart = line > s.startLine || (line === s.startLine && column >= s.startColumn);
    const beforeEnd = line < s.endLine || (line === s.endLine && column < s.endColumn);
    if (!afterStart || !beforeEnd) continue;
    // Scopes nest: the one starting last is the innermost.
    if (!best || s.startLine > best.startLine || (s.startLine === best.startLine && s.startColumn >= best.startColumn))
      best = s;
  }
  return best ? best.name : null;
}
