import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  expandProblemTypes,
  formatJson,
  formatText,
  matches,
  parseArgs,
  queriesFor,
  run,
  termPattern,
  termQuery,
  topicQuery,
} from './concordance.mts';
import {proseSentences, splitSentences, stripTags} from './sentences.mts';
import {labelFor, openApiTexts, type Located} from './sources.mts';
import {findTopic, TOPICS} from './topics.mts';

const page = `---
title: "Example"
description: "What the example page covers, in one sentence."
sidebar_position: 1
content_type: how-to
---

import ApiRequest from '@site/src/components/ApiRequest';

## Follow a deployment

CloudFront and Akamai can take several minutes. Poll every 10 seconds, e.g. with \`watch\`. The version
is \`active\` once every provider confirmed it.

\`\`\`bash
echo "This sentence. Is code."
\`\`\`

<Tabs groupId="interface">
<TabItem value="api" label="API">

<ApiRequest
  operation="services_retrieve"
  response={{status: 'deployed', note: 'a > b. Not prose.'}}
/>

- A set has at most <SchemaValue of="OriginSet.members" fact="maxItems" /> members. See [Origin sets](../Origins.mdx#sets).
- \`Service.status\` is \`deploying\`.

</TabItem>
</Tabs>

| State | Meaning |
| --- | --- |
| \`failed\` | A provider rejected it. |
{/* a comment. Not prose. */}
`;

test('prose sentences keep their line, drop code and JSX, and split on a sentence end', () => {
  const sentences = proseSentences(page);
  const texts = sentences.map((s) => [s.line, s.kind, s.text]);
  assert.deepEqual(texts, [
    [3, 'front-matter', 'What the example page covers, in one sentence.'],
    [10, 'heading', 'Follow a deployment'],
    [12, 'prose', 'CloudFront and Akamai can take several minutes.'],
    [12, 'prose', 'Poll every 10 seconds, e.g. with `watch`.'],
    [12, 'prose', 'The version is `active` once every provider confirmed it.'],
    [27, 'prose', 'A set has at most ⟨OriginSet.members maxItems⟩ members.'],
    [27, 'prose', 'See Origin sets.'],
    [28, 'prose', '`Service.status` is `deploying`.'],
    [33, 'row', '| State | Meaning |'],
    [35, 'row', '| `failed` | A provider rejected it. |'],
  ]);
  assert.ok(sentences.slice(2).every((s) => s.heading === 'Follow a deployment'));
});

test('tags are stripped outside inline code only, newlines kept', () => {
  assert.equal(stripTags('Use `<uid>.edge` and <b>bold</b>'), 'Use `<uid>.edge` and bold');
  assert.equal(stripTags('<X\n  a={{b: 1}}\n/>after'), '\n\nafter');
  assert.equal(stripTags('see <https://example.com>'), 'see https://example.com');
  assert.equal(stripTags('a < b and c > d'), 'a < b and c > d');
});

test('sentence splitting ignores abbreviations, inline code and lowercase continuations', () => {
  assert.deepEqual(
    splitSentences('Set `a. B` first. Then wait (see X.) Next, i.e. Later. Version 1. done. `null` ends').map(
      (s) => s.text,
    ),
    ['Set `a. B` first.', 'Then wait (see X.)', 'Next, i.e. Later.', 'Version 1. done.', '`null` ends'],
  );
  assert.deepEqual(
    splitSentences('One.  Two').map((s) => s.offset),
    [0, 6],
  );
});

test('terms: whole words with plurals, prefixes, phrases, code forms and regular expressions', () => {
  assert.ok(termPattern('ttl').test('the TTLs of'));
  assert.ok(!termPattern('ttl').test('ttl2'));
  assert.ok(termPattern('deploy*').test('a deployment'));
  assert.ok(!termPattern('deploy').test('a deployment'));
  assert.ok(termPattern('rate limit').test('the rate-limit counter'));
  assert.ok(termPattern('`active`').test('is `active` now'));
  assert.ok(!termPattern('`active`').test('is active now'));
  assert.ok(termPattern('/\\d+ minutes/').test('takes 5 minutes'));
  assert.ok(termPattern('Idempotency-Key').test('send an idempotency-key header'));
  assert.ok(termPattern('pending_dns').test('`pending_dns` until'));
});

test('topics: a sentence must match one expression of every group', () => {
  assert.equal(new Set(TOPICS.map((t) => t.name)).size, TOPICS.length);
  const failover = topicQuery(findTopic('failover-timing')!);
  assert.ok(matches(failover, 'A failing provider fails over after about three minutes.'));
  assert.ok(!matches(failover, 'Failover is on by default.'));
  assert.ok(matches(topicQuery(findTopic('idempotency')!), 'Send an Idempotency-Key.'));
});

const doc = {
  info: {description: 'Each token may send 100 requests per second.'},
  'x-problem-types': {
    types: {'precondition-failed': {title: 'Precondition failed', status: 412, cause: 'The resource changed.'}},
  },
  paths: {
    '/services/{id}/': {
      patch: {
        operationId: 'services_partial_update',
        summary: 'Update a service',
        parameters: [{name: 'If-Match', in: 'header', description: 'The ETag you read.'}],
        requestBody: {
          content: {'application/json': {examples: {one: {summary: 'Rename', value: {description: 'data, not docs'}}}}},
        },
      },
    },
  },
  components: {
    schemas: {
      Service: {
        description: 'A service.',
        properties: {
          description: {type: 'string', description: 'Free text.', example: 'data'},
          status: {type: 'string', enum: ['deployed'], description: 'Where the rollout stands.'},
          tags: {type: 'array', items: {properties: {name: {description: 'A tag name.'}}}},
        },
      },
    },
  },
};

test('OpenAPI texts: every description and summary with a reader label, examples skipped', () => {
  assert.deepEqual(
    openApiTexts(doc).map((t) => [t.label, t.text]),
    [
      ['info/description', 'Each token may send 100 requests per second.'],
      ['problem type precondition-failed title', 'Precondition failed'],
      ['problem type precondition-failed cause', 'The resource changed.'],
      ['services_partial_update summary', 'Update a service'],
      ['services_partial_update parameter If-Match', 'The ETag you read.'],
      ['services_partial_update requestBody/content/application~1json/examples/one/summary', 'Rename'].map((s) =>
        s.replace('~1', '/'),
      ),
      ['Service description', 'A service.'],
      ['Service.description', 'Free text.'],
      ['Service.status', 'Where the rollout stands.'],
      ['Service.tags[].name', 'A tag name.'],
    ],
  );
  assert.equal(
    labelFor(doc, ['components', 'parameters', 'PageSize', 'description']),
    'parameter PageSize description',
  );
});

test('results are grouped by source and file, in text and JSON', () => {
  const corpus: Located[] = [
    {
      source: 'docs',
      file: 'docs/A.mdx',
      line: 4,
      heading: 'Roll out',
      kind: 'prose',
      text: 'CloudFront takes 15 minutes.',
    },
    {
      source: 'model',
      file: 'handbook/product-model.md',
      line: 9,
      heading: '',
      kind: 'prose',
      text: 'CloudFront can take several minutes.',
    },
    {
      source: 'openapi',
      file: 'openapi/components/schemas/Service.yaml',
      line: 3,
      heading: '',
      kind: 'prose',
      pointer: '#/components/schemas/Service/description',
      label: 'Service description',
      text: 'Deployed in minutes.',
    },
    {source: 'docs', file: 'docs/B.mdx', line: 2, heading: '', kind: 'prose', text: 'Nothing here.'},
  ];
  const results = run([termQuery('minutes')], corpus);
  const text = formatText(results);
  assert.match(text, /^# minutes: 3 sentence\(s\) in 3 file\(s\)/);
  assert.ok(
    text.indexOf('## Product model') < text.indexOf('## OpenAPI') &&
      text.indexOf('## OpenAPI') < text.indexOf('## Guide pages'),
  );
  assert.match(text, /- Service description \(openapi\/components\/schemas\/Service\.yaml:3\): Deployed in minutes\./);
  assert.match(text, /### docs\/A\.mdx\n- 4 \(§ Roll out\): CloudFront takes 15 minutes\./);
  const json = JSON.parse(formatJson(results));
  assert.equal(json[0].count, 3);
  assert.equal(json[0].sentences[1].pointer, '#/components/schemas/Service/description');
});

test('arguments: terms, --all, topics and sources', () => {
  const options = parseArgs(['--all', 'ttl', 'seconds', '--source', 'docs,model', '--topic', 'ttl', '--json']);
  assert.deepEqual(options.sources, ['docs', 'model']);
  const queries = queriesFor(options);
  assert.deepEqual(
    queries.map((q) => q.name),
    ['ttl + seconds', 'ttl'],
  );
  assert.ok(matches(queries[0], 'a TTL of 30 seconds') && !matches(queries[0], 'a TTL'));
  assert.equal(queriesFor(parseArgs(['--topics'])).length, TOPICS.length);
  assert.throws(() => parseArgs(['--topic', 'nope']), /unknown topic nope/);
  assert.throws(() => parseArgs(['--source', 'wiki', 'x']), /unknown source wiki/);
});

test('a problem type slug also finds its title, and OpenAPI labels are matched too', () => {
  const [query] = expandProblemTypes([termQuery('precondition-failed')], doc);
  assert.match(query.question ?? '', /Precondition failed/);
  const corpus: Located[] = [
    {
      source: 'docs',
      file: 'docs/A.mdx',
      line: 1,
      heading: '',
      kind: 'row',
      text: '| Precondition failed | Read it again |',
    },
    {
      source: 'openapi',
      file: 'openapi/problem-types.yaml',
      line: 5,
      heading: '',
      kind: 'prose',
      pointer: '#/x-problem-types/types/precondition-failed/cause',
      label: 'problem type precondition-failed cause',
      text: 'The resource changed.',
    },
    {source: 'docs', file: 'docs/B.mdx', line: 1, heading: '', kind: 'prose', text: 'Nothing here.'},
  ];
  assert.deepEqual(
    run([query], corpus)[0].sentences.map((s) => s.line),
    [5, 1],
  );
  assert.equal(expandProblemTypes([termQuery('ttl')], doc)[0].question, undefined);
});
