// Checks a request against GitHub's published REST API description (@octokit/openapi, api.github.com): the operation
// exists for this method and path, its required query parameters are there, and its JSON body validates against the
// operation's request body schema (with the description's own $refs). Returns the problems found.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';

type Operation = {
  requestBody?: { required?: boolean };
  parameters?: { in: string; name: string; required?: boolean }[];
};
type Spec = { paths: Record<string, Record<string, Operation>> };

let loaded:
  { spec: Spec; ajv: Ajv; ops: { method: string; template: string; re: RegExp; op: Operation }[] } | undefined;
const validators = new Map<string, ValidateFunction>();

function load() {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const spec = nullables(JSON.parse(fs.readFileSync(file, 'utf8'))) as Spec;
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
  ajv.addSchema(spec as object, 'github');
  const ops = Object.entries(spec.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([method, op]) => ({
        method,
        template,
        re: new RegExp(
          `^${template
            .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
            .replace(/\\?\{[^}]+\\?\}/g, '[^/]+')
            .replace(/\{[^}]+\}/g, '[^/]+')}$`,
        ),
        op,
      })),
  );
  return (loaded = { spec, ajv, ops });
}

/** OpenAPI 3.0's `nullable` in JSON Schema's terms: the type may also be null. */
function nullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullables);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullables(v);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function githubRequestProblems(req: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}): string[] {
  const { ajv, ops } = load();
  const method = req.method.toLowerCase();
  const matches = ops.filter((o) => o.method === method && o.re.test(req.path));
  // The most specific template (fewest parameters) names the operation.
  const found = matches.sort(
    (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
  )[0];
  if (!found) return [`${req.method} ${req.path} is no operation of GitHub's REST API`];
  const problems: string[] = [];
  for (const p of found.op.parameters ?? [])
    if (p.in === 'query' && p.required && !req.query.has(p.name))
      problems.push(`query parameter ${p.name} is required`);
  if (!found.op.requestBody) {
    if (req.body !== undefined && req.body !== '') problems.push(`${found.template} takes no body`);
    return problems;
  }
  if (req.body === undefined)
    return found.op.requestBody.required ? [...problems, 'the request body is required'] : problems;
  const key = `${method} ${found.template}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `github#/paths/${pointer(found.template)}/${method}/requestBody/content/application~1json/schema`,
    });
    validators.set(key, validate);
  }
  if (!validate(req.body)) problems.push(...(validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message}`));
  return problems;
}
