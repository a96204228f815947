/**
 * The emitted openapi.json as the contract responses are checked against: every answer http()
 * gets from a server that knows its dist (documentChecker), and a body against the schema of an
 * operation and status (openApiValidator).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** What the checker reads of an answer: an HttpResult of helpers.ts (its http()). */
interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
}

/** Statuses any request may meet before an operation is chosen (not listed per operation): a target too long, headers too large. */
const TRANSPORT_STATUSES = new Set([414, 431]);

/** A dist's openapi.json and a validator of a body against the schema at a path of it (compiled once per schema). */
interface OpenApiDocument {
  doc: any;
  /** The path templates as patterns over a request path, the ones with fewer parameters first. */
  templates: Array<{ template: string; pattern: RegExp }>;
  /** Messages of `body` against the schema at `parts` (the JSON pointer's segments); [] when valid. */
  errorsAt: (parts: readonly string[], body: unknown) => string[];
}

const documents = new Map<string, Promise<OpenApiDocument>>();

/** The openapi.json of a dist, read and prepared once per dist. */
function openApiDocument(distDir: string): Promise<OpenApiDocument> {
  let loaded = documents.get(distDir);
  if (!loaded) {
    loaded = (async () => {
      const doc = JSON.parse(await readFile(path.join(distDir, 'openapi.json'), 'utf8'));
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(doc, 'openapi.json');
      const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
      const templates = Object.keys(doc.paths)
        .map((t) => ({
          template: t,
          params: (t.match(/\{/g) ?? []).length,
          pattern: new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
        }))
        .sort((a, b) => a.params - b.params);
      return {
        doc,
        templates,
        errorsAt: (parts, body) => {
          // the schema where the document has it (a $ref or inline), by its JSON pointer (RFC 6901)
          const pointer = parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
          let validate = compiled.get(pointer);
          if (!validate) compiled.set(pointer, (validate = ajv.compile({ $ref: `openapi.json#/${pointer}` })));
          return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
        },
      };
    })();
    documents.set(distDir, loaded);
  }
  return loaded;
}

/**
 * A checker of answers against a dist's openapi.json: for a request whose path matches a path
 * template of the document (static segments preferred), the status must be documented for its
 * method (HEAD as GET), the Content-Type one the status documents, and a JSON body valid against
 * the schema documented for it. Paths the document does not describe are not checked.
 */
export async function documentChecker(distDir: string): Promise<(method: string, pathname: string, answer: Answer) => string[]> {
  const { doc, templates, errorsAt } = await openApiDocument(distDir);
  return (method, pathname, answer) => {
    const match = templates.find((t) => t.pattern.test(pathname));
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const operation = match && doc.paths[match.template][verb];
    if (!match || !operation || TRANSPORT_STATUSES.has(answer.status)) return [];
    const response = operation.responses[String(answer.status)];
    if (!response) return [`openapi.json documents no ${answer.status} for ${method} ${match.template}`];
    const type = answer.headers.get('content-type')?.split(';')[0];
    if (!response.content || !type || method === 'HEAD' || answer.status === 304) return [];
    if (!(type in response.content))
      return [`${answer.status} of ${method} ${match.template} is ${type}, documented: ${Object.keys(response.content).join(', ')}`];
    if (!type.includes('json') || answer.json === undefined) return [];
    return errorsAt(['paths', match.template, verb, 'responses', String(answer.status), 'content', type, 'schema'], answer.json)
      .slice(0, 3)
      .map((e) => `${match.template} ${answer.status}: ${e}`);
  };
}

/**
 * A validator of response bodies against the emitted openapi.json: for an operation path
 * template and a status, the schema its `responses` declares.
 */
export async function openApiValidator(distDir: string) {
  const { doc, errorsAt } = await openApiDocument(distDir);
  return (template: string, status: number, body: unknown): string[] => {
    const response = doc.paths[template]?.get?.responses?.[String(status)];
    if (!response) return [`openapi.json documents no ${status} response for GET ${template}`];
    const mediaType = response.content['application/json'] ? 'application/json' : 'application/problem+json';
    return errorsAt(['paths', template, 'get', 'responses', String(status), 'content', mediaType, 'schema'], body);
  };
}
