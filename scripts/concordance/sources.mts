// The texts the concordance reads: the guide pages under docs/, handbook/product-model.md and
// every `description` and `summary` of the bundled OpenAPI document (plus the `title`, `cause` and
// `fix` of each problem type), each cut into sentences with the place it comes from.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {isPair, isScalar, parseDocument, visit} from 'yaml';
import {proseSentences, type Sentence} from './sentences.mts';

export type SourceKind = 'model' | 'openapi' | 'docs';

export interface Located extends Sentence {
  source: SourceKind;
  /** File relative to the repository root (for OpenAPI: the split source file, when found). */
  file: string;
  /** OpenAPI only: the JSON pointer in the bundle. */
  pointer?: string;
  /** OpenAPI only: where a reader finds it, such as `services_create description` or `Service.status`. */
  label?: string;
}

/** The guide pages (`.md` and `.mdx` under `root`), sorted. */
export function docFiles(root: string, dir = 'docs'): string[] {
  const base = path.join(root, dir);
  return readdirSync(base, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

export function docSentences(root: string, files = docFiles(root)): Located[] {
  return files.flatMap((file) =>
    proseSentences(readFileSync(path.join(root, file), 'utf8')).map((s) => ({...s, source: 'docs' as const, file})),
  );
}

export function modelSentences(root: string, file = 'handbook/product-model.md'): Located[] {
  return proseSentences(readFileSync(path.join(root, file), 'utf8')).map((s) => ({
    ...s,
    source: 'model' as const,
    file,
  }));
}

// ---------------------------------------------------------------------------------------------
// OpenAPI

const TEXT_KEYS = new Set(['description', 'summary']);
const PROBLEM_KEYS = new Set(['title', 'cause', 'fix']);
/** Keys whose values are data, not documentation. */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const', 'x-examples']);

export interface OpenApiText {
  pointer: string;
  label: string;
  text: string;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A reader's name for a pointer: the operationId or the schema property, and the field. */
export function labelFor(doc: Record<string, unknown>, keys: string[]): string {
  const field = keys[keys.length - 1];
  const get = (parts: string[]): unknown =>
    parts.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      doc,
    );
  if ((keys[0] === 'paths' || keys[0] === 'webhooks') && keys.length >= 3) {
    const operation = get(keys.slice(0, 3)) as {operationId?: string; parameters?: {name?: string}[]} | undefined;
    const id = operation?.operationId ?? `${keys[2].toUpperCase()} ${keys[1]}`;
    const rest = keys.slice(3);
    if (rest[0] === 'parameters' && rest.length >= 2) {
      const name = operation?.parameters?.[Number(rest[1])]?.name;
      if (name) return `${id} parameter ${name}${rest.length > 3 ? ` ${rest.slice(2).join('/')}` : ''}`;
    }
    const schemaAt = rest.indexOf('schema');
    if (schemaAt >= 0) {
      const property = propertyPath(rest.slice(schemaAt + 1)) ?? field;
      return `${id} ${rest.slice(0, schemaAt).join('/')} ${property}`.trim();
    }
    return `${id} ${rest.join('/')}`;
  }
  if (keys[0] === 'components' && keys[1] === 'schemas' && keys.length >= 3) {
    const property = propertyPath(keys.slice(3));
    return property === null ? `${keys[2]} ${field}` : `${keys[2]}.${property}`;
  }
  if (keys[0] === 'components' && keys.length >= 3)
    return `${keys[1].replace(/s$/, '')} ${keys[2]} ${keys.slice(3).join('/')}`;
  if (keys[0] === 'x-problem-types' && keys[1] === 'types') return `problem type ${keys[2]} ${keys.slice(3).join('/')}`;
  if (keys[0] === 'tags') return `tag ${(get(keys.slice(0, 2)) as {name?: string})?.name ?? keys[1]} ${field}`;
  return keys.join('/');
}

/** `properties/a/items/properties/b/description` → `a[].b`; `null` when no property is named. */
function propertyPath(rest: string[]): string | null {
  const names: string[] = [];
  let i = 0;
  for (; i < rest.length - 1; i += 1) {
    const key = rest[i];
    if (key === 'properties' && i + 1 < rest.length - 1) {
      names.push(rest[i + 1]);
      i += 1;
    } else if (key === 'items') {
      if (names.length) names[names.length - 1] += '[]';
      else names.push('[]');
    } else if (['allOf', 'oneOf', 'anyOf'].includes(key)) {
      i += 1; // the branch index: a reader looks for the property, not the branch
    } else if (key === 'additionalProperties') {
      names.push('*');
    } else {
      names.push(key);
    }
  }
  const field = rest[rest.length - 1];
  if (!names.length) return null;
  return field === 'description' ? names.join('.') : `${names.join('.')} (${field})`;
}

/** Every documentation string of the bundle, with its pointer and label. */
export function openApiTexts(doc: Record<string, unknown>): OpenApiText[] {
  const texts: OpenApiText[] = [];
  const walk = (node: unknown, keys: string[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...keys, String(index)]));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const parent = keys[keys.length - 1];
      if (DATA_KEYS.has(key)) continue;
      // An Example Object's `value` is data; its `summary` and `description` are documentation.
      if (key === 'value' && keys[keys.length - 2] === 'examples') continue;
      // Inside `properties`, keys are property names (a property may be called `description`).
      const isText =
        typeof value === 'string' &&
        parent !== 'properties' &&
        (TEXT_KEYS.has(key) || (keys[0] === 'x-problem-types' && keys.length === 3 && PROBLEM_KEYS.has(key)));
      if (isText) {
        const path = [...keys, key];
        texts.push({
          pointer: `#/${path.map(escapePointer).join('/')}`,
          label: labelFor(doc, path),
          text: value as string,
        });
      } else {
        walk(value, [...keys, key]);
      }
    }
  };
  walk(doc, []);
  return texts;
}

interface SourcePlace {
  file: string;
  /** Offsets of the scalar in the file. */
  start: number;
  end: number;
}

/** Where each documentation string of the split OpenAPI source is written: value → places. */
export function openApiSourcePlaces(
  root: string,
  dir = 'openapi',
): {places: Map<string, SourcePlace[]>; texts: Map<string, string>} {
  const places = new Map<string, SourcePlace[]>();
  const texts = new Map<string, string>();
  const files = readdirSync(path.join(root, dir), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    texts.set(file, text);
    const document = parseDocument(text, {keepSourceTokens: false});
    visit(document, {
      Pair(_, pair) {
        if (!isPair(pair) || !isScalar(pair.key) || !isScalar(pair.value)) return;
        const key = String(pair.key.value);
        if (!TEXT_KEYS.has(key) && !PROBLEM_KEYS.has(key)) return;
        if (typeof pair.value.value !== 'string' || !pair.value.range) return;
        const list = places.get(pair.value.value) ?? [];
        list.push({file, start: pair.value.range[0], end: pair.value.range[1]});
        places.set(pair.value.value, list);
      },
    });
  }
  return {places, texts};
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The line of `sentence` within the scalar at `place`: where its first words are written. */
function sentenceLine(fileText: string, place: SourcePlace, sentence: string): number {
  const words = sentence
    .replace(/[`*[\]()]/g, ' ')
    .split(/\s+/)
    .filter((word) => /\w/.test(word))
    .slice(0, 4);
  const scalar = fileText.slice(place.start, place.end);
  if (words.length) {
    const pattern = new RegExp(
      words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]{0,12}?'),
    );
    const match = scalar.match(pattern);
    if (match?.index !== undefined) return lineAt(fileText, place.start + match.index);
  }
  return lineAt(fileText, place.start);
}

export function openApiSentences(root: string, doc: Record<string, unknown>): Located[] {
  const {places, texts} = openApiSourcePlaces(root);
  return openApiTexts(doc).flatMap((entry) => {
    const place = places.get(entry.text)?.[0];
    return proseSentences(entry.text).map((s) => {
      const file = place ? place.file : 'generated/static/openapi.json';
      const line = place ? sentenceLine(texts.get(place.file)!, place, s.text) : 0;
      return {...s, heading: '', source: 'openapi' as const, file, line, pointer: entry.pointer, label: entry.label};
    });
  });
}

/** The bundled document: bundled now from openapi/, or read from the last `npm run api:bundle`. */
export async function loadOpenApi(root: string, bundleFile?: string): Promise<Record<string, unknown>> {
  if (bundleFile) return JSON.parse(readFileSync(path.resolve(root, bundleFile), 'utf8'));
  try {
    const {bundleOpenApi} = await import('../bundle-openapi.mts');
    return (await bundleOpenApi(path.join(root, 'openapi/openapi.yaml'))) as unknown as Record<string, unknown>;
  } catch (error) {
    const fallback = path.join(root, 'generated/static/openapi.json');
    if (!statSync(fallback, {throwIfNoEntry: false})) throw error;
    console.error(
      `[concordance] bundling failed (${(error as Error).message.split('\n')[0]}); reading ${path.relative(root, fallback)}`,
    );
    return JSON.parse(readFileSync(fallback, 'utf8'));
  }
}
