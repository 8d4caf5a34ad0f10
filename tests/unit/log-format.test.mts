// The unified access log format is defined once, in docs/Guides/Streaming Logs/log-format.json. Its
// fields must be the API's RequestLogField enum, in order, and the Athena table, the example lines
// and the CSV header on the guide pages must follow them exactly.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {parse as parseYaml} from 'yaml';
import {parseFields, type FieldSpec} from '../../src/components/FieldTable/fields';

const root = path.resolve(import.meta.dirname, '..', '..');
const guideDir = path.join(root, 'docs', 'Guides', 'Streaming Logs');
const read = (file: string): string => readFileSync(path.join(guideDir, file), 'utf8');

const fields: FieldSpec[] = parseFields(JSON.parse(read('log-format.json')));
const fieldNames = fields.map((field) => field.name);
const requestLogField = parseYaml(
  readFileSync(path.join(root, 'openapi', 'components', 'schemas', 'RequestLogField.yaml'), 'utf8'),
) as {enum: string[]};

/** Athena column type for each JSON type of the format. */
const ATHENA_TYPES: Record<FieldSpec['type'], string> = {
  string: 'string',
  integer: 'bigint',
  number: 'double',
  boolean: 'boolean',
};

/** Fenced code blocks of a page: language, title (if any) and content. */
function codeBlocks(page: string): {lang: string; title: string | null; body: string}[] {
  return [...page.matchAll(/^```([a-z]*)(?: title="([^"]*)")?\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1],
    title: match[2] ?? null,
    body: match[3],
  }));
}

/** Data columns of the CREATE EXTERNAL TABLE statement: the list before PARTITIONED BY. */
function athenaColumns(ddl: string): {name: string; type: string}[] {
  const match = /CREATE EXTERNAL TABLE[^(]*\(([\s\S]*?)\)\s*PARTITIONED BY/i.exec(ddl);
  assert.ok(match, 'no CREATE EXTERNAL TABLE ... PARTITIONED BY statement');
  return match[1]
    .split(',')
    .map((column) => column.trim())
    .filter(Boolean)
    .map((column) => {
      const parts = /^`?([A-Za-z_][A-Za-z0-9_]*)`?\s+([a-z]+)$/.exec(column);
      assert.ok(parts, `cannot read the column definition "${column}"`);
      return {name: parts[1], type: parts[2]};
    });
}

describe('log-format.json', () => {
  test('lists exactly the RequestLogField enum of the API, in order', () => {
    assert.deepEqual(fieldNames, requestLogField.enum);
  });

  test('every example value has the declared type and allowed value', () => {
    for (const field of fields) {
      const {example} = field;
      if (example === null) {
        assert.ok(field.nullable, `${field.name}: null example on a non-nullable field`);
        continue;
      }
      if (field.type === 'integer') assert.ok(Number.isInteger(example), `${field.name}: not an integer`);
      else if (field.type === 'number') assert.equal(typeof example, 'number', `${field.name}: not a number`);
      else assert.equal(typeof example, field.type, `${field.name}: not a ${field.type}`);
      if (field.enum) assert.ok(field.enum.includes(example as string), `${field.name}: example not in enum`);
    }
  });

  test('the provider values are the API provider types that deliver logs', () => {
    const providerTypes = parseYaml(
      readFileSync(path.join(root, 'openapi', 'components', 'schemas', 'ProviderType.yaml'), 'utf8'),
    ) as {enum: string[]};
    const provider = fields.find((field) => field.name === 'provider');
    assert.deepEqual(
      provider?.enum,
      providerTypes.enum.filter((type) => type !== 'unmanaged'),
    );
  });
});

describe('Query Logs in AWS Athena', () => {
  const page = read('Query Logs in AWS Athena.mdx');
  const ddlBlocks = codeBlocks(page).filter((block) => /CREATE EXTERNAL TABLE/i.test(block.body));

  test('has exactly one CREATE EXTERNAL TABLE statement, in an sql code block', () => {
    assert.equal(ddlBlocks.length, 1);
    assert.equal(ddlBlocks[0].lang, 'sql');
  });

  test('its data columns are the fields of log-format.json and of RequestLogField, in order', () => {
    const columns = athenaColumns(ddlBlocks[0].body);
    assert.deepEqual(
      columns.map((column) => column.name),
      fieldNames,
    );
    assert.deepEqual(
      columns.map((column) => column.name),
      requestLogField.enum,
    );
  });

  test('its column types follow the JSON types of the fields', () => {
    const columns = athenaColumns(ddlBlocks[0].body);
    columns.forEach((column, index) => {
      assert.equal(column.type, ATHENA_TYPES[fields[index].type], `type of ${column.name}`);
    });
  });

  test('projects the partitions from the {service_uid}/{yyyy}/{mm}/{dd}/{hh} prefix', () => {
    const ddl = ddlBlocks[0].body;
    assert.match(ddl, /PARTITIONED BY \(\s*service string,\s*datehour string\s*\)/);
    assert.match(ddl, /'projection\.enabled' = 'true'/);
    assert.match(ddl, /'projection\.service\.type' = 'injected'/);
    assert.match(ddl, /'projection\.datehour\.format' = 'yyyy\/MM\/dd\/HH'/);
    assert.match(ddl, /'projection\.datehour\.interval\.unit' = 'HOURS'/);
    const location = /LOCATION '([^']+)'/.exec(ddl)?.[1];
    const template = /'storage\.location\.template' = '([^']+)'/.exec(ddl)?.[1];
    assert.equal(template, `${location}\${service}/\${datehour}/`);
  });

  test('has ten numbered queries, each restricted to a service and to hours', () => {
    const queries = [...page.matchAll(/^### (\d+)\. /gm)].map((match) => Number(match[1]));
    assert.deepEqual(queries, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const selects = codeBlocks(page).filter((block) => block.lang === 'sql' && /^SELECT/m.test(block.body));
    assert.ok(selects.length >= 10);
    for (const block of selects) {
      assert.match(block.body, /service = 'k7m2p9qx'/);
      assert.match(block.body, /datehour (BETWEEN|=)/);
    }
  });
});

describe('Unified Access Log Format', () => {
  const page = read('Unified Access Log Format.mdx');
  const blocks = codeBlocks(page);

  test('renders log-format.json with the FieldTable component', () => {
    assert.match(page, /import FieldTable from '@site\/src\/components\/FieldTable';/);
    assert.match(page, /import logFormat from '\.\/log-format\.json';/);
    assert.match(page, /<FieldTable data=\{logFormat\}/);
  });

  test('the formatted example line has every field, in order, with the example values', () => {
    const block = blocks.find((b) => b.title === 'One log line, formatted for reading');
    assert.ok(block);
    const line = JSON.parse(block.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(line), fieldNames);
    for (const field of fields) assert.deepEqual(line[field.name], field.example, field.name);
  });

  test('every JSON lines example has every field, in order', () => {
    const block = blocks.find((b) => b.title?.endsWith('.jsonl (after gunzip)'));
    assert.ok(block);
    const lines = block.body.trim().split('\n');
    assert.ok(lines.length >= 2);
    for (const text of lines) assert.deepEqual(Object.keys(JSON.parse(text)), fieldNames);
  });

  test('the CSV example header is the field list', () => {
    const block = blocks.find((b) => b.title?.endsWith('.csv (after gunzip)'));
    assert.ok(block);
    assert.equal(block.body.split('\n')[0], fieldNames.join(','));
  });
});
