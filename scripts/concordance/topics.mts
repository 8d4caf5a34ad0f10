// The questions readers ask that several pages answer: each topic is a list of groups of regular
// expressions, and a sentence belongs to the topic when it matches at least one expression of every
// group. `npm run concordance -- --topics` runs them all; `--topic <name>` runs one.

// cspell:disable -- the expressions below hold word stems after `\b`.

export interface Topic {
  name: string;
  /** The reader's question the sentences answer. */
  question: string;
  /** A sentence matches when, for every group, one of its expressions matches. */
  all: RegExp[][];
}

const TIME =
  /\b\d+\s*(?:ms|milliseconds?|s|seconds?|min|minutes?|h|hours?|days?)\b|\b(?:seconds?|minutes?|hours?|instantly|immediately|at once|how long|how quickly|interval)\b/i;

export const TOPICS: Topic[] = [
  {
    name: 'failover-timing',
    question: 'How long does failover take, and what decides it?',
    all: [
      [
        /\bfail(?:s|ed|ing)? ?over\b/i,
        /\bmark(?:s|ed)? (?:it )?down\b/i,
        /\bcounts? (?:it|a provider|the provider|a member) as down\b/i,
        /\bout of rotation\b/i,
      ],
      [TIME, /\bthreshold\b/i, /\bTTL\b/i, /\bconsecutive\b/i],
    ],
  },
  {
    name: 'deployment-timing',
    question: 'How long does a change take to be live, and how does a reader wait for it?',
    all: [
      [/\bdeploy/i, /\broll(?:s|ed)? ?out\b/i, /\brollout\b/i, /\blive\b/i, /\bpropagat/i],
      [TIME, /\bpoll/i, /\bwait/i, /\buntil\b/i],
    ],
  },
  {
    name: 'config-versions',
    question: 'What is a config version, and which version is current, target or active?',
    all: [
      [
        /\bconfig(?:uration)? versions?\b/i,
        /\b(?:current|target|active)[_ ]version\b/i,
        /Tributary-Config-Version/,
        /\bsuperseded\b/,
      ],
    ],
  },
  {
    name: 'ttl',
    question: 'Which TTLs exist (DNS answers, cache), what are they and who sets them?',
    all: [[/\bTTLs?\b/i, /\btime[- ]to[- ]live\b/i]],
  },
  {
    name: 'provider-capabilities',
    question: 'What can each provider type do (runtime, firewall, signed URLs, purge, logs, statistics)?',
    all: [
      [
        /\bCloudflare\b/,
        /\bCloudFront\b/,
        /\bFastly\b/,
        /\bAkamai\b/,
        /\bGoogle Cloud CDN\b/,
        /\bAzure(?: CDN)?\b/,
        /\bunmanaged\b/i,
      ],
      [
        /\bsupport/i,
        /\bcannot\b|\bcan't\b|\bcan not\b/i,
        /\bnot (?:available|supported|configured|included)\b/i,
        /\bonly\b/i,
        /\bnatively\b|\bnative\b/i,
        /\bedge runtime\b/i,
        /\brefused\b|\b422\b/i,
        /\bno (?:runtime|logs|statistics|purge|configuration)\b/i,
      ],
    ],
  },
  {
    name: 'setup-order',
    question: 'In which order are the parts of a service set up, and what does each step need first?',
    all: [
      [/\border of the steps\b/i, /\bbefore\b/i, /\bfirst\b/i, /\bonce\b/i, /\buntil\b/i, /\bafter\b/i, /\bthen\b/i],
      [
        /\battach/i,
        /\bprovider/i,
        /\borigin/i,
        /\bdomains?\b/i,
        /\bcertificate/i,
        /\bCNAME\b/,
        /\bDNS\b/,
        /\btraffic polic/i,
        /\beligible\b/i,
      ],
      [/\battach/i, /\badd/i, /\bcreat/i, /\bpoint/i, /\bissued?\b/i, /\bmake\b|\bmade\b/i, /\bdeploy/i, /\bswitch/i],
    ],
  },
  {
    name: 'purge-scope',
    question: 'What does a purge remove, on which providers, and how is it followed?',
    all: [[/\bpurg(?:e|es|ed|ing)\b/i, /\binvalidat/i]],
  },
  {
    name: 'certificate-validation',
    question: 'How is a managed certificate validated and renewed, and what are its states?',
    all: [
      [/_acme-challenge/, /\bchallenge[_ ]records?\b/i, /\bvalidat/i, /\bpending_validation\b/, /\brenew/i, /\bCAA\b/],
      [/\bcertificat/i, /\bCNAME\b/, /\brecords?\b/i, /\bpending_validation\b/, /\bissued\b/, /\b(?:DNS|domain)\b/i],
    ],
  },
  {
    name: 'domain-status',
    question: 'What does each domain status mean, and what moves a domain between them?',
    all: [
      [
        /\bpending_dns\b/,
        /\bmisconfigured\b/i,
        /\bDomain\.status\b/,
        /\bdomain(?:'s)? status\b/i,
        /\bstatus of (?:the|a|each) domain\b/i,
      ],
    ],
  },
  {
    name: 'token-roles',
    question: 'Which role (Admin, Editor, Viewer, Purge) may do what, for users and access tokens?',
    all: [
      [/\bAdmins?\b/, /\bEditors?\b/, /\bViewers?\b/, /\bPurge (?:role|token|users?)\b/, /\bx-roles\b/],
      [/\broles?\b/i, /\btokens?\b/i, /\bmay\b/i, /\bcan\b/i, /\bonly\b/i, /\b403\b/],
    ],
  },
  {
    name: 'api-rate-limits',
    question: 'How many API requests may a token send, and what happens over the limit?',
    all: [
      [
        /\bRateLimit-/,
        /\b429\b/,
        /\bRetry-After\b/,
        /\brequests? (?:per|a|each) (?:second|minute|hour)\b/i,
        /\brequest rate\b/i,
        /\bAPI requests per token\b/i,
      ],
    ],
  },
  {
    name: 'waf-rate-limits',
    question: 'How do the firewall rate limits count, window and act?',
    all: [
      [/\brate[- ]limit/i, /\bWafRateLimit\b/],
      [/\bcount/i, /\bwindow/i, /\bblock_duration/i, /\brequests_limit\b/, /\bper client\b/i, /\bkey\b/i, TIME],
    ],
  },
  {
    name: 'idempotency',
    question: 'How do Idempotency-Key and replays work, and for how long?',
    all: [[/\bidempoten/i, /\bIdempotency-Key\b/i, /\bIdempotent-Replayed\b/i]],
  },
  {
    name: 'concurrency',
    question: 'How do ETag and If-Match protect against lost updates?',
    all: [[/\bIf-Match\b/i, /\bETag\b/, /\b412\b/, /\bprecondition-failed\b/, /\blast write wins\b/i]],
  },
];

// cspell:enable

export function findTopic(name: string): Topic | undefined {
  return TOPICS.find((topic) => topic.name === name);
}
