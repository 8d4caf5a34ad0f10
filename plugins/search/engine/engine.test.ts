import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {buildSearchFiles} from '../build.mts';
import {BOOST, normalizeApiPath} from '../shared/options';
import {
  MAX_QUERY_CHARS,
  SearchEngine,
  SearchLoadError,
  closeTerms,
  makeSnippet,
  normalizeQuery,
  pageOf,
  parseApiQuery,
  queryTerms,
  wordTerms,
} from './engine';
import {scoreMatches} from './scoring';

const section = (anchor: string, heading: string, text: string, code = '') => ({
  anchor,
  heading,
  parent: '',
  text,
  code,
});

const pages = [
  {
    url: '/docs/Guides/Origins/Origin Shield',
    title: 'Origin Shield',
    breadcrumbs: ['Guides', 'Origins'],
    sections: [
      section('', '', 'Origin Shield adds a cache tier near your origin so that providers fetch each object once.'),
      section(
        'turn-on-origin-shield',
        'Turn on Origin Shield',
        'Open the advanced settings of the origin and pick a location.',
      ),
    ],
  },
  {
    url: '/docs/Guides/Certificates/Managing Certificates',
    title: 'Managing Certificates',
    breadcrumbs: ['Guides', 'Certificates'],
    sections: [section('', '', 'Managed certificates renew automatically 30 days before they expire.')],
  },
  {
    url: '/docs/Guides/CDN Providers/Creating CloudFront Credentials',
    title: 'Creating CloudFront Credentials',
    breadcrumbs: ['Guides', 'CDN Providers'],
    sections: [
      section(
        '',
        '',
        'Give Tributary access to Amazon CloudFront with an IAM policy.',
        '{"Action": "cloudfront:GetDistribution"}',
      ),
    ],
  },
  {
    url: '/docs/api/services-origins-create',
    title: 'Create an origin',
    breadcrumbs: ['Origins'],
    sections: [section('', '', 'Adds an origin to a service.')],
    api: {method: 'post', path: '/services/{service_id}/origins/', operationId: 'services_origins_create'},
  },
  {
    url: '/docs/api/services-origins-list',
    title: 'List origins',
    breadcrumbs: ['Origins'],
    sections: [section('', '', 'Returns the origins of a service.')],
    api: {method: 'get', path: '/services/{service_id}/origins/', operationId: 'services_origins_list'},
  },
  {
    url: '/docs/api/purge-tags',
    title: 'Purge by cache tag',
    breadcrumbs: ['Cache Purge'],
    sections: [section('', '', 'Removes every cached response that carries one of the tags.')],
    api: {method: 'post', path: '/services/{service_id}/purge-tags/', operationId: 'purge_tags'},
  },
];

/** The engine over the search files of a corpus, every file loaded (as in Node). */
function engine(corpus: Parameters<typeof buildSearchFiles>[0] = pages): SearchEngine {
  const {meta, files} = buildSearchFiles(corpus);
  const all: Record<string, string> = {
    ...files,
    'meta.json': JSON.stringify(meta),
    'search-manifest.json': '{"meta":"meta.json"}',
  };
  return SearchEngine.fromFiles((name) => all[name]);
}

const topPage = (results: {url: string}[]) => (results[0] ? pageOf(results[0].url) : undefined);
/** Distinct pages of the results, in order. */
const resultPages = (results: {url: string}[]) => [...new Set(results.map((result) => pageOf(result.url)))];

describe('query normalisation', () => {
  test('control characters and runs of spaces collapse; the length is bounded', () => {
    assert.equal(normalizeQuery('  origin\u0000\t\nshield  '), 'origin shield');
    assert.equal(normalizeQuery('x'.repeat(10_000)).length, MAX_QUERY_CHARS);
  });

  test('search syntax characters, quotes, brackets and emoji are not terms', () => {
    assert.deepEqual(queryTerms(':*~^+-"\'()[{'), []);
    assert.deepEqual(queryTerms('"origin" +shield~2 (cache'), ['origin', 'shield', '2', 'cach']);
    assert.deepEqual(queryTerms('🚀🔥 origin'), ['origin']);
  });

  test('stop words drop out and plurals meet their singular', () => {
    assert.deepEqual(queryTerms('How do I add the origins'), ['add', 'origin']);
    assert.deepEqual(queryTerms('policies'), queryTerms('policy'));
  });

  test('API paths compare equal whatever the parameter style and trailing slash', () => {
    const canonical = normalizeApiPath('/services/{service_id}/origins/');
    for (const variant of [
      '/services/{serviceId}/origins',
      '/Services/:service_id/origins/',
      '/services/{id}/origins?x=1',
    ]) {
      assert.equal(normalizeApiPath(variant), canonical, variant);
    }
    assert.deepEqual(parseApiQuery('post /services/{serviceId}/origins'), {
      method: 'post',
      path: '/services/{}/origins',
    });
    assert.deepEqual(parseApiQuery('purge tags'), {method: undefined, path: undefined});
  });
});

describe('snippets', () => {
  test('mark the matched words and keep the text as text', () => {
    const text = 'Turn on <b>Origin Shield</b> for the origins of a service.';
    const segments = makeSnippet(text, queryTerms('origin shield'));
    assert.equal(segments.map((segment) => segment.text).join(''), text);
    assert.deepEqual(
      segments.filter((segment) => segment.mark).map((segment) => segment.text),
      ['Origin', 'Shield', 'origins'],
    );
  });

  test('centre on the densest group of matches of a long text, with ellipses', () => {
    const text = `${'Lorem filler words. '.repeat(30)}The origin shield location is chosen here. ${'More text. '.repeat(30)}`;
    const segments = makeSnippet(text, queryTerms('shield location'));
    const joined = segments.map((segment) => segment.text).join('');
    assert.ok(joined.startsWith('… ') && joined.endsWith(' …'), joined);
    assert.ok(joined.includes('shield location'), joined);
    assert.ok(joined.length < 200, `${joined.length} characters`);
  });

  test('a text without matches gives its beginning', () => {
    assert.deepEqual(makeSnippet('Short text.', ['absent']), [{text: 'Short text.', mark: false}]);
  });
});

const search = engine();

describe('search', () => {
  test('prefixes and typos still find their pages', () => {
    assert.equal(topPage(search.search('orig shield')), '/docs/Guides/Origins/Origin Shield');
    assert.equal(topPage(search.search('certficate')), '/docs/Guides/Certificates/Managing Certificates');
    assert.equal(topPage(search.search('cloudfrnt')), '/docs/Guides/CDN Providers/Creating CloudFront Credentials');
  });

  test('method and path find the exact API operation first', () => {
    assert.equal(topPage(search.search('POST /services/{serviceId}/origins')), '/docs/api/services-origins-create');
    assert.equal(topPage(search.search('get /services/:service_id/origins/')), '/docs/api/services-origins-list');
    assert.equal(topPage(search.search('purge tags')), '/docs/api/purge-tags');
    assert.equal(topPage(search.search('services_origins_create')), '/docs/api/services-origins-create');
  });

  test('results deep-link to sections and carry title, section and a marked snippet', () => {
    const [result] = search.search('location advanced settings');
    assert.equal(result.url, '/docs/Guides/Origins/Origin Shield#turn-on-origin-shield');
    assert.equal(result.title, 'Origin Shield');
    assert.equal(result.subcategory, 'Turn on Origin Shield');
    assert.ok(result.snippet.some((segment) => segment.mark && segment.text === 'location'));
  });

  test('words found only in code blocks still match', () => {
    assert.equal(
      topPage(search.search('GetDistribution')),
      '/docs/Guides/CDN Providers/Creating CloudFront Credentials',
    );
  });

  test('bad input never throws and gives results or none', () => {
    const inputs = [
      // Each character that search syntaxes use, on its own.
      ...':*~^+-"',
      '((origin',
      'origin]]',
      '{',
      'x'.repeat(10_000),
      'origin '.repeat(2_000),
      '🚀',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '\u0000',
    ];
    for (const input of inputs) {
      const results = search.search(input);
      assert.ok(Array.isArray(results), input.slice(0, 20));
    }
    assert.ok(search.search('origin '.repeat(2_000)).length > 0, 'a long repeated query still finds results');
  });
});

describe('proximity', () => {
  const termOf = (terms: string[]) => (term: string) => terms.indexOf(term);

  test('counts the query terms found together, stop words and one qualifier between them', () => {
    const terms = queryTerms('which cdn served this request');
    const words = wordTerms('This page shows how to tell which CDN provider served a request, and why.');
    assert.equal(closeTerms(words, termOf(terms), terms.length), 3);
  });

  test('terms far apart count one by one', () => {
    const terms = queryTerms('cdn request');
    const words = wordTerms(`The CDN ${'and more words '.repeat(5)} the request.`);
    assert.equal(closeTerms(words, termOf(terms), terms.length), 1);
    assert.equal(closeTerms(wordTerms('Nothing here.'), termOf(terms), terms.length), 0);
  });
});

describe('ranking', () => {
  const guide = (name: string, description: string, sections: ReturnType<typeof section>[]) => ({
    url: `/docs/Guides/${name}`,
    title: name,
    description,
    breadcrumbs: ['Guides'],
    sections,
  });
  const operation = (name: string, method: string, apiPath: string, text: string) => ({
    url: `/docs/api/${name}`,
    title: name,
    breadcrumbs: ['Alert Channels'],
    sections: [section('', '', text)],
    api: {method, path: apiPath, operationId: name.replaceAll('-', '_')},
  });
  const corpus = [
    guide('Alerts', 'Set up alert channels and alerts.', [
      section('', '', 'Alerts notify channels when a provider goes down.'),
      section('slack', 'Slack', 'A Slack channel receives notifications through an incoming webhook.'),
    ]),
    ...['list', 'create', 'retrieve', 'update', 'destroy'].map((verb) =>
      operation(
        `alert-channels-${verb}`,
        verb === 'create' ? 'post' : 'get',
        verb === 'list' || verb === 'create' ? '/alert-channels/' : '/alert-channels/{id}/',
        'An alert channel: email addresses, a Slack webhook or an HTTPS endpoint.',
      ),
    ),
    guide('Identifying Provider', 'Find out which CDN provider served a request.', [
      section('', '', 'Read the response header, then check DNS.'),
    ]),
    guide('CDN Services', 'Services on every CDN.', [
      section('', '', 'Each service runs on every CDN and answers each request.'),
      section('service-settings', 'Service settings', 'A CDN service has settings for each request.'),
    ]),
    guide('API Errors', 'Errors of the API.', [
      section('', '', 'Every response carries an X-Request-Id header. Include it when you contact support.'),
    ]),
    guide('On-call', 'Who gets paged.', [section('', '', 'The on-call responders get paged.')]),
    guide('Request Logs', 'Logs of each request.', [
      section('', '', 'Each request log has an id. Find a request by its id, or list the request ids.'),
    ]),
  ];
  const ranked = engine(corpus);

  test('operations of one API resource do not fill the first results', () => {
    const found = resultPages(ranked.search('slack alert channel')).slice(0, 3);
    assert.ok(found.includes('/docs/Guides/Alerts'), found.join(' | '));
  });

  test('a word typed in full before the last one is not taken as a prefix', () => {
    // "served" (serv) is a word of the index: it does not also stand for "service" (servic).
    assert.equal(topPage(ranked.search('which cdn served this request')), '/docs/Guides/Identifying Provider');
    // "orig" is not: it stands for "origin".
    assert.equal(topPage(search.search('orig shield')), '/docs/Guides/Origins/Origin Shield');
  });

  test('a compound word finds the text that has it whole', () => {
    assert.equal(topPage(ranked.search('X-Request-Id')), '/docs/Guides/API Errors');
  });

  test('queries are stemmed once: "responses" is respons, not respon (a prefix of "responders")', () => {
    const found = resultPages(ranked.search('responses'));
    assert.ok(found.includes('/docs/Guides/API Errors'), found.join(' | '));
    assert.ok(!found.includes('/docs/Guides/On-call'), found.join(' | '));
  });

  test("a guide's description counts for its page", () => {
    assert.equal(topPage(ranked.search('alert channels set up')), '/docs/Guides/Alerts');
  });
});

describe('split search files', () => {
  /** The files of the corpus in many small shards and chunks, read asynchronously and counted. */
  function splitFiles(fail: (name: string) => boolean = () => false) {
    const {meta, files} = buildSearchFiles(pages, {shardBytes: 1, chunkBytes: 1});
    const read: string[] = [];
    const reader = async (name: string) => {
      if (fail(name)) throw new SearchLoadError(`The search file ${name} could not be loaded (HTTP 503).`);
      read.push(name);
      return files[name];
    };
    return {meta, files, read, reader};
  }

  test('each term has its shard and each section its chunk, and a query reads only its own', async () => {
    const {meta, read, reader} = splitFiles();
    assert.equal(meta.shards.length, meta.terms.length);
    assert.equal(meta.chunks.length, meta.documentCount);
    const split = new SearchEngine(meta, reader);
    const results = await split.find('origin shield');
    assert.equal(topPage(results), '/docs/Guides/Origins/Origin Shield');
    const shards = read.filter((name) => name.includes('/shard.'));
    assert.ok(shards.length >= 2 && shards.length < meta.shards.length / 2, `read ${shards.length} shards`);
    assert.ok(read.filter((name) => name.includes('/documents.')).length <= results.length);
  });

  test('the split index ranks and scores exactly as the whole one, prefixes and typos included', async () => {
    const {meta, reader} = splitFiles();
    const split = new SearchEngine(meta, reader);
    const whole = engine();
    for (const query of [
      'orig shield',
      'cloudfrnt',
      'certficate renew',
      'POST /services/{id}/origins',
      'purge tags',
      'X-Request-Id',
      'service_id origins',
    ]) {
      assert.deepEqual(await split.find(query), whole.search(query), query);
    }
  });

  test('a shard that fails to load throws a SearchLoadError, and a retry reads only what is missing', async () => {
    let failing = true;
    const {meta, read, reader} = splitFiles((name) => failing && name.includes('/shard.'));
    const split = new SearchEngine(meta, reader);
    await assert.rejects(split.find('origin shield'), SearchLoadError);
    failing = false;
    assert.equal(topPage(await split.find('origin shield')), '/docs/Guides/Origins/Origin Shield');
    const again = read.length;
    await split.find('origin shield');
    assert.equal(read.length, again, 'nothing is read twice');
  });

  test('a synchronous search with shards not loaded says so instead of answering wrong', () => {
    const {meta, reader} = splitFiles();
    assert.throws(() => new SearchEngine(meta, reader).search('origin'), /not loaded/);
  });
});

describe('scoring', () => {
  test('the engine scores every document as MiniSearch 7.2 does over the same index', () => {
    const {meta, files, index} = buildSearchFiles(pages);
    const whole = SearchEngine.fromFiles((name) =>
      name === 'search-manifest.json' ? '{"meta":"meta"}' : name === 'meta' ? JSON.stringify(meta) : files[name],
    );
    const kinds = [...meta.kinds].map(Number);
    for (const [query, fuzzy] of [
      ['origin shield', false],
      ['orig shiel', false],
      ['cloudfrnt provider', true],
      ['X-Request-Id header', false],
      ['purge cache tags', false],
    ] as const) {
      const terms = queryTerms(query);
      const prefixed: boolean[] = whole['prefixed'](terms);
      const ours: Map<number, {score: number}> = new Map();
      scoreMatches(whole['scoring'](), terms, prefixed, fuzzy, ours as Parameters<typeof scoreMatches>[4]);
      const theirs = index.search(terms.join(' '), {
        boost: BOOST,
        boostDocument: (id) => (kinds[Number(id)] & 1 ? 1.4 : 1) * (kinds[Number(id)] & 2 ? 0.8 : 1),
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        prefix: (_term, position) => prefixed[position],
        fuzzy: (term) => (fuzzy && term.length >= 5 ? 0.2 : false),
        combineWith: 'OR',
      });
      assert.ok(theirs.length > 0, query);
      assert.equal(ours.size, theirs.length, query);
      for (const result of theirs) {
        const score = ours.get(Number(result.id))?.score ?? 0;
        assert.ok(Math.abs(score - result.score) <= 1e-9 * result.score, `${query}: document ${result.id}`);
      }
    }
  });
});
