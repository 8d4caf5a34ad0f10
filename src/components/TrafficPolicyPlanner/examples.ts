// The planner's starting state: the five policies of the precedence example on the Traffic
// Policies page, on the two service providers that the API examples of the guides use.
import type {Policy, PolicyProvider, QueryLocation, Scope, ServiceProvider} from './plan';

export const CLOUDFRONT_ID = '2c7e9a41-8b3d-4f6e-a1c5-9d0b7e3f2a18';
export const FASTLY_ID = '8f4a2d6c-1e9b-4c7a-b3d5-0e6f8a2c4b97';
const HEALTH_CHECK_ID = '4e2b8d6f-9a1c-4e3b-8d7f-2c5a9e1b6d40';
const PERFORMANCE_CHECK_ID = '9d3f7b1e-5c2a-4f8d-b6e9-3a1c8e5f7b26';

export const EXAMPLE_SERVICE_PROVIDERS: ServiceProvider[] = [
  {id: CLOUDFRONT_ID, name: 'Amazon CloudFront', down: false, ttfbMs: 48, commitmentLeftGb: 31657},
  {id: FASTLY_ID, name: 'Fastly', down: false, ttfbMs: 40, commitmentLeftGb: 13880},
];

const scope = (lists: Partial<Scope>): Scope => ({continents: [], countries: [], subdivisions: [], asns: [], ...lists});
const entry = (serviceProviderId: string, weight: number, penaltyMs = 0): PolicyProvider => ({
  serviceProviderId,
  eligible: true,
  weight: String(weight),
  penaltyMs: String(penaltyMs),
});
const failover = {enabled: true, healthCheckIds: [HEALTH_CHECK_ID]};

/** A policy that is not the default one, with failover on the health check and no performance checks. */
const policy = (
  name: string,
  kind: Policy['kind'],
  lists: Partial<Scope>,
  providers: PolicyProvider[],
  other: Partial<Policy> = {},
): Policy => ({
  name,
  kind,
  isDefault: false,
  scope: scope(lists),
  providers,
  performanceCheckIds: [],
  failover,
  ...other,
});

export const EXAMPLE_POLICIES: Policy[] = [
  policy('Telekom DE', 'static', {countries: ['DE'], asns: ['3320']}, [entry(FASTLY_ID, 100), entry(CLOUDFRONT_ID, 0)]),
  policy('Bavaria', 'cost_based', {subdivisions: ['DE-BY']}, [entry(CLOUDFRONT_ID, 50), entry(FASTLY_ID, 50)]),
  policy('Germany', 'static', {countries: ['DE']}, [entry(CLOUDFRONT_ID, 30), entry(FASTLY_ID, 70)]),
  policy('Europe', 'dynamic', {continents: ['EU']}, [entry(CLOUDFRONT_ID, 0, 0), entry(FASTLY_ID, 0, 15)], {
    performanceCheckIds: [PERFORMANCE_CHECK_ID],
    failover: {enabled: true, healthCheckIds: []},
  }),
  policy('Default', 'static', {}, [entry(CLOUDFRONT_ID, 60), entry(FASTLY_ID, 40)], {isDefault: true}),
];

/** A Deutsche Telekom user in Munich: every example policy matches. */
export const EXAMPLE_LOCATION: QueryLocation = {country: 'DE', subdivision: 'DE-BY', asn: 3320};
