// One source per fact for limits: the "## Limits" tables of the pages below take every number the
// OpenAPI schema states from it with <SchemaValue>, so their value column holds no bare number, except
// the counts that only an operation's or a schema's description states (how many origins a service may
// have); those must equal the description. Across every page, "up to N <thing>" for those counts must
// equal it as well.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {OpenApiIndex} from '../../plugins/api-request/openapi-index.mts';
import {guidePageFiles} from './pages.mts';

/** The pages whose "## Limits" table (and every other table in that section) is checked. */
export const LIMIT_PAGES = [
  'docs/Getting started/Behind the Scenes.mdx',
  'docs/Guides/Origins/Origins Overview.mdx',
  'docs/Guides/Behaviors/Behaviors Overview.mdx',
  'docs/Getting started/Security Services.mdx',
  'docs/Guides/Security/Overview.mdx',
  'docs/Guides/Monitoring/Performance & Availability Monitoring.mdx',
  'docs/Guides/Traffic Management/Traffic Policies.mdx',
  'docs/Products/CDNs Orchestration.mdx',
  'docs/Products/Rate Limiting.mdx',
  'docs/Products/Traffic Split.mdx',
  'docs/Products/Unified Observability.mdx',
];

const index = OpenApiIndex.load();
const spec = index.spec as {
  paths: Record<string, Record<string, {operationId?: string; description?: string; parameters?: unknown[]}>>;
  components: {schemas: Record<string, {description?: string}>};
};

function operation(operationId: string) {
  for (const item of Object.values(spec.paths))
    for (const op of Object.values(item)) if (op?.operationId === operationId) return op;
  throw new Error(`no operation ${operationId}`);
}
const operationText = (id: string) => operation(id).description ?? '';
const schemaText = (name: string) => {
  const schema = spec.components.schemas[name];
  if (!schema) throw new Error(`no schema ${name}`);
  // A response schema that extends its create schema has the description there.
  return (index.flatten(schema) as {description?: string}).description ?? '';
};
/** A parameter's description, for facts such as the countries of a breakdown. */
const parameterText = (id: string, name: string) => {
  const parameter = (operation(id).parameters ?? [])
    .map((p) => index.resolve(p) as {name?: string; description?: string})
    .find((p) => p.name === name);
  if (!parameter) throw new Error(`${id} has no parameter ${name}`);
  return parameter.description ?? '';
};
const propertyText = (of: string) => {
  const [schema, ...fields] = of.split('.');
  let node = index.flatten(spec.components.schemas[schema]) as {
    properties?: Record<string, unknown>;
    description?: string;
  };
  for (const field of fields) node = index.flatten(node.properties?.[field]);
  return node.description ?? '';
};

const toNumber = (text: string) => Number(text.replaceAll(',', ''));
function captured(text: string, pattern: RegExp, where: string): number[] {
  const match = text.match(pattern);
  if (!match) throw new Error(`${where} no longer matches ${pattern}: update this test with the API`);
  return match.slice(1).map(toNumber);
}

/**
 * Limits that the schema states only in a description, by the row label of a limits table. `values`
 * reads them from the OpenAPI source; the row's bare numbers must be these, in this order. `prose`
 * finds the same limit in any page's sentences ("up to 50 origins").
 */
interface DescribedLimit {
  row: RegExp;
  values: () => number[];
  prose?: RegExp;
}
const op = (id: string, pattern: RegExp) => () => captured(operationText(id), pattern, id);
const schema = (name: string, pattern: RegExp) => () => captured(schemaText(name), pattern, name);
/**
 * A count that a description states as "up to N <noun>", and pages as "up to N <phrase>" (`noun` and
 * `phrase` are regular expression sources; `phrase` is the noun unless pages word it otherwise).
 */
function upTo(row: RegExp, read: (pattern: RegExp) => () => number[], noun: string, phrase = noun): DescribedLimit {
  return {
    row,
    values: read(new RegExp(String.raw`up to (\d+) ${noun}`)),
    prose: new RegExp(String.raw`\bup to (\d[\d,]*) ${phrase}\b`, 'gi'),
  };
}
/** `upTo` for a count stated in the description of the operation `id`. */
const opUpTo = (row: RegExp, id: string, noun: string, phrase?: string) =>
  upTo(row, (pattern) => op(id, pattern), noun, phrase);
/** `upTo` for a count stated in the description of the schema `name`. */
const schemaUpTo = (row: RegExp, name: string, noun: string, phrase?: string) =>
  upTo(row, (pattern) => schema(name, pattern), noun, phrase);
const DESCRIBED_ENTRIES: DescribedLimit[] = [
  opUpTo(/^Origins per service$/, 'services_origins_create', String.raw`origins\b`, 'origins(?! each)'),
  opUpTo(/^Origin sets per service$/, 'services_origin_sets_create', 'origin sets'),
  opUpTo(/^Load balancers per service$/, 'services_load_balancers_create', 'load balancers'),
  opUpTo(/^Custom rules per load balancer$/, 'services_load_balancers_custom_rules_create', 'custom rules'),
  opUpTo(/^Behaviors per service/, 'services_behaviors_create', 'behaviors', '(?:other )?behaviors'),
  schemaUpTo(/^Managed configurations per service$/, 'WafManagedConfig', 'managed configurations'),
  schemaUpTo(/^Custom (?:WAF )?rule sets per service$/, 'WafCustomRuleset', 'rule sets', '(?:custom )?rule sets'),
  schemaUpTo(/^Rate limits per service$/, 'WafRateLimit', 'rate limits'),
  schemaUpTo(/^URL signing keys per service$/, 'UrlSigningKey', 'keys', '(?:URL signing )?keys'),
  opUpTo(/^Geo restriction rules per service$/, 'services_geo_restriction_create', 'rules', 'geo restriction rules'),
  schemaUpTo(
    /^WAF logging destinations per service$/,
    'WafLoggingDestination',
    'WAF logging destinations',
    '(?:WAF logging )?destinations per service',
  ),
  opUpTo(/^Health checks per service$/, 'services_health_checks_create', 'health checks'),
  opUpTo(/^Performance checks per service$/, 'services_performance_checks_create', 'performance checks'),
  {
    row: /^Health checks, performance checks per service$/,
    values: () => {
      const [health] = op('services_health_checks_create', /up to (\d+) health checks/)();
      const [performance] = op('services_performance_checks_create', /up to (\d+) performance checks/)();
      // "10 each": one number for both.
      return health === performance ? [health] : [health, performance];
    },
  },
  opUpTo(/^Edge functions per service$/, 'services_user_compute_create', 'functions', '(?:edge )?functions'),
  schemaUpTo(/^Request log rules per service$/, 'RequestLogRule', 'rules', 'request log rules'),
  {
    row: /^API requests per access token$/,
    values: () =>
      captured(
        String((spec as {info?: {description?: string}}).info?.description),
        /may send (\d+) requests per minute/,
        'info.description',
      ),
  },
  {row: /^Purge history$/, values: schema('Purge', /kept for (\d+) days/)},
  {
    row: /^Edge compute deployments$/,
    values: () => (/at most one deployment/.test(schemaText('ComputeDeployment')) ? [1] : []),
  },
  {
    row: /^Statistics granularity and period$/,
    values: op(
      'traffic_overtime',
      /at most (\d+) hours at `minute` granularity, (\d+) days at `hour` and (\d+) days at `day`/,
    ),
  },
  {
    row: /^Countries in a `country` breakdown$/,
    values: () =>
      captured(parameterText('traffic_overtime', 'group_by'), /at most the (\d+) largest countries/, 'group_by'),
  },
  {
    row: /^Unified log fields$/,
    values: () => [Object.keys(JSON.parse(readFileSync('docs/Guides/Streaming Logs/log-format.json', 'utf8'))).length],
  },
  {
    row: /^Log file delivery to S3$/,
    values: () => [
      ...captured(schemaText('LogDestination'), /every (\d+) seconds or as soon as (\d+) MB/, 'LogDestination'),
      ...captured(propertyText('LogDestination.status'), /for up to (\d+)\s+hours/, 'LogDestination.status'),
    ],
  },
  {row: /^HTTPS endpoint batches$/, values: schema('RequestLogEndpoint', /for up to (\d+) minutes/)},
  {
    row: /^Expected body$/,
    values: () => captured(propertyText('HealthCheck.expected_body'), /first (\d+) KB/, 'HealthCheck.expected_body'),
  },
  {row: /^Position$/, values: () => captured(propertyText('Behavior.order'), /starting at (\d+)/, 'Behavior.order')},
  {
    row: /^Sticky session cookie lifetime$/,
    values: () => captured(propertyText('LoadBalancerStickySessions.ttl'), /to (\d+) days/, 'ttl'),
  },
];

/** The same entries, each reading the OpenAPI source once. */
const DESCRIBED: DescribedLimit[] = DESCRIBED_ENTRIES.map((entry) => {
  let cached: number[] | undefined;
  return {...entry, values: () => (cached ??= entry.values())};
});

/** Phrases of a value cell whose numbers are rules rather than limits. */
const RULE_PHRASES = [/\badd(?:s|ing)? up to 100\b/g];

interface Row {
  where: string;
  label: string;
  value: string;
}

/** The rows of the tables in a page's "## Limits" section (label: first cell, value: the last). */
export function limitRows(file: string, text = readFileSync(file, 'utf8')): Row[] {
  const rows: Row[] = [];
  let inLimits = false;
  text.split('\n').forEach((line, i) => {
    if (/^## /.test(line)) inLimits = /^## Limits\s*$/.test(line);
    if (!inLimits || !/^\|/.test(line) || /^\|\s*-/.test(line)) return;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length < 2 || /^(Item|Limit|Resource)$/.test(cells[0])) return;
    rows.push({where: `${file}:${i + 1}`, label: cells[0], value: cells.at(-1) ?? ''});
  });
  return rows;
}

/** The numbers a value cell states itself: not from <SchemaValue>, not in code, not rule phrases. */
export function bareNumbers(value: string): number[] {
  let text = value.replace(/<SchemaValue\b[^>]*\/>/g, ' ').replace(/`[^`]*`/g, ' ');
  for (const phrase of RULE_PHRASES) text = text.replace(phrase, ' ');
  return [...text.matchAll(/\d[\d,.]*/g)].map((match) => toNumber(match[0].replace(/[.,]$/, '')));
}

/** What a limits table states against the schema: a bare number the schema owns, or one that disagrees. */
export function rowProblems(rows: Row[]): string[] {
  return rows.flatMap(({where, label, value}) => {
    const numbers = bareNumbers(value);
    if (numbers.length === 0) return [];
    const described = DESCRIBED.find((entry) => entry.row.test(label));
    if (!described)
      return [
        `${where}: "${label}" states ${numbers.join(', ')} by hand: render it with <SchemaValue>, or, if only a description states it, add the row to DESCRIBED in tests/content/limits.test.mts`,
      ];
    const expected = described.values();
    return JSON.stringify(numbers) === JSON.stringify(expected)
      ? []
      : [`${where}: "${label}" states ${numbers.join(', ')} but the OpenAPI source says ${expected.join(', ')}`];
  });
}

test('a hand-copied schema limit and a count that contradicts the API description are both refused', () => {
  const page = [
    '## Limits',
    '',
    '| Item | Limit |',
    '| --- | --- |',
    '| Members per origin set | 20 |',
    '| Origins per service | 40, with unique names |',
    '| Origin sets per load balancer | <SchemaValue of="LoadBalancer.origin_sets" fact="maxItems" />, weights adding up to 100 |',
    '',
    '## Related',
    '',
    '| Item | Limit |',
    '| --- | --- |',
    '| Outside the section | 7 |',
  ].join('\n');
  const problems = rowProblems(limitRows('page.mdx', page));
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /^page\.mdx:5: "Members per origin set" states 20 by hand/);
  assert.match(problems[1], /^page\.mdx:6: "Origins per service" states 40 but the OpenAPI source says 50$/);
});

test('the limits tables take every schema number from the schema, and the described counts agree with the API', () => {
  const rows = LIMIT_PAGES.flatMap((file) => limitRows(file));
  assert.ok(rows.length > 60, `the limits tables are found (${rows.length} rows)`);
  for (const file of LIMIT_PAGES)
    assert.ok(
      limitRows(file).some((row) => /<SchemaValue\b/.test(row.value)),
      `${file} has a "## Limits" table that renders values from the schema`,
    );
  assert.deepEqual(rowProblems(rows), []);
});

test('"up to N <thing>" on every page agrees with the count the API description states', () => {
  const problems: string[] = [];
  const checked = DESCRIBED.filter((entry) => entry.prose);
  for (const file of guidePageFiles()) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const entry of checked) {
          const [expected] = entry.values();
          for (const match of line.matchAll(entry.prose as RegExp))
            if (toNumber(match[1]) !== expected)
              problems.push(`${file}:${i + 1}: "${match[0]}" but the OpenAPI source says ${expected}`);
        }
      });
  }
  assert.deepEqual(problems, []);
});
