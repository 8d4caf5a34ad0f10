// The planner's state as the reader edits it, and every change to it as an action of a reducer.
import {CONTINENTS, type Continent} from './continents';
import {EXAMPLE_LOCATION, EXAMPLE_POLICIES, EXAMPLE_SERVICE_PROVIDERS} from './examples';
import {parseWhole, type Policy, type PolicyProvider, type ServiceProvider} from './plan';
import type {QueryDraft} from './validation';

/** A policy as edited: list fields keep the reader's text, so typing "DE, " loses nothing. */
export interface PolicyDraft {
  policy: Policy;
  countries: string;
  subdivisions: string;
  asns: string;
  healthCheckIds: string;
  performanceCheckIds: string;
}

/** The list fields of a policy that the reader types as text. */
export type PolicyListField = Exclude<keyof PolicyDraft, 'policy'>;

/** Provider settings as typed (numbers stay text until used). */
export interface ProviderDraft {
  id: string;
  name: string;
  down: boolean;
  ttfbMs: string;
  commitmentLeftGb: string;
}

export interface PlannerState {
  providers: ProviderDraft[];
  drafts: PolicyDraft[];
  /** Index of the policy in the editor. */
  editing: number;
  query: QueryDraft;
}

export type Action =
  | {type: 'editProvider'; index: number; change: Partial<ProviderDraft>}
  | {type: 'selectPolicy'; index: number}
  | {type: 'addPolicy'}
  | {type: 'removePolicy'}
  | {type: 'editPolicy'; change: Partial<Pick<Policy, 'name' | 'kind'>>}
  | {type: 'editPolicyList'; field: PolicyListField; text: string}
  | {type: 'toggleContinent'; continent: Continent; included: boolean}
  | {type: 'toggleFailover'; enabled: boolean}
  | {type: 'listProvider'; providerId: string; listed: boolean}
  | {type: 'editPolicyProvider'; providerId: string; change: Partial<Omit<PolicyProvider, 'serviceProviderId'>>}
  | {type: 'editQuery'; change: Partial<QueryDraft>};

const tokens = (text: string) => text.split(/[\s,]+/).filter((token) => token !== '');

export function toDraft(policy: Policy): PolicyDraft {
  return {
    policy,
    countries: policy.scope.countries.join(', '),
    subdivisions: policy.scope.subdivisions.join(', '),
    asns: policy.scope.asns.join(', '),
    healthCheckIds: policy.failover.healthCheckIds.join(', '),
    performanceCheckIds: policy.performanceCheckIds.join(', '),
  };
}

/** The policy a draft stands for: its typed lists split into entries; a default policy's scope stays empty. */
export function toPolicy(draft: PolicyDraft): Policy {
  const {policy} = draft;
  return {
    ...policy,
    scope: policy.isDefault
      ? {continents: [], countries: [], subdivisions: [], asns: []}
      : {
          continents: policy.scope.continents,
          countries: tokens(draft.countries),
          subdivisions: tokens(draft.subdivisions),
          asns: tokens(draft.asns),
        },
    performanceCheckIds: tokens(draft.performanceCheckIds),
    failover: {...policy.failover, healthCheckIds: tokens(draft.healthCheckIds)},
  };
}

export function toServiceProvider(draft: ProviderDraft): ServiceProvider {
  return {
    id: draft.id,
    name: draft.name,
    down: draft.down,
    ttfbMs: parseWhole(draft.ttfbMs),
    commitmentLeftGb: parseWhole(draft.commitmentLeftGb),
  };
}

/** The worked example of the Traffic Policies page, with its first policy in the editor. */
export const initialState: PlannerState = {
  providers: EXAMPLE_SERVICE_PROVIDERS.map((provider) => ({
    id: provider.id,
    name: provider.name,
    down: provider.down,
    ttfbMs: String(provider.ttfbMs ?? ''),
    commitmentLeftGb: String(provider.commitmentLeftGb ?? ''),
  })),
  drafts: EXAMPLE_POLICIES.map(toDraft),
  editing: 0,
  query: {
    country: EXAMPLE_LOCATION.country,
    subdivision: EXAMPLE_LOCATION.subdivision,
    asn: String(EXAMPLE_LOCATION.asn ?? ''),
  },
};

/** A new policy on every provider, the first one taking all queries; its empty scope asks to be filled in. */
function newPolicy(name: string, providers: readonly ProviderDraft[]): Policy {
  return {
    name,
    kind: 'static',
    isDefault: false,
    scope: {continents: [], countries: [], subdivisions: [], asns: []},
    providers: providers.map((provider, index) => ({
      serviceProviderId: provider.id,
      eligible: true,
      weight: index === 0 ? '100' : '0',
      penaltyMs: '0',
    })),
    performanceCheckIds: [],
    failover: {enabled: true, healthCheckIds: []},
  };
}

/** Applies `change` to the draft in the editor. */
function editDraft(state: PlannerState, change: (draft: PolicyDraft) => PolicyDraft): PlannerState {
  return {...state, drafts: state.drafts.map((draft, i) => (i === state.editing ? change(draft) : draft))};
}

function editPolicy(state: PlannerState, change: (policy: Policy) => Partial<Policy>): PlannerState {
  return editDraft(state, (draft) => ({...draft, policy: {...draft.policy, ...change(draft.policy)}}));
}

function renameProvider(drafts: PolicyDraft[], from: string, to: string): PolicyDraft[] {
  return drafts.map((draft) => ({
    ...draft,
    policy: {
      ...draft.policy,
      providers: draft.policy.providers.map((entry) =>
        entry.serviceProviderId === from ? {...entry, serviceProviderId: to} : entry,
      ),
    },
  }));
}

export function reducer(state: PlannerState, action: Action): PlannerState {
  switch (action.type) {
    case 'editProvider': {
      const oldId = state.providers[action.index].id;
      const {id: newId} = action.change;
      const providers = state.providers.map((p, i) => (i === action.index ? {...p, ...action.change} : p));
      // The policies refer to providers by ID: follow the rename.
      const drafts = newId !== undefined && newId !== oldId ? renameProvider(state.drafts, oldId, newId) : state.drafts;
      return {...state, providers, drafts};
    }
    case 'selectPolicy':
      return {...state, editing: action.index};
    case 'addPolicy': {
      const policy = newPolicy(`Policy ${state.drafts.length + 1}`, state.providers);
      // New policies go before the default policy, which stays last as in the API's list.
      const defaultAt = state.drafts.findIndex((draft) => draft.policy.isDefault);
      const position = defaultAt < 0 ? state.drafts.length : defaultAt;
      const drafts = [...state.drafts.slice(0, position), toDraft(policy), ...state.drafts.slice(position)];
      return {...state, drafts, editing: position};
    }
    case 'removePolicy':
      return {...state, drafts: state.drafts.filter((_, i) => i !== state.editing), editing: 0};
    case 'editPolicy':
      return editPolicy(state, () => action.change);
    case 'editPolicyList':
      return editDraft(state, (draft) => ({...draft, [action.field]: action.text}));
    case 'toggleContinent':
      return editPolicy(state, ({scope}) => ({
        scope: {
          ...scope,
          // Kept in the order of the checkboxes, whatever order they are ticked in.
          continents: (Object.keys(CONTINENTS) as Continent[]).filter((code) =>
            code === action.continent ? action.included : scope.continents.includes(code),
          ),
        },
      }));
    case 'toggleFailover':
      return editPolicy(state, ({failover}) => ({failover: {...failover, enabled: action.enabled}}));
    case 'listProvider':
      return editPolicy(state, ({providers}) => ({
        providers: action.listed
          ? [...providers, {serviceProviderId: action.providerId, eligible: true, weight: '0', penaltyMs: '0'}]
          : providers.filter((entry) => entry.serviceProviderId !== action.providerId),
      }));
    case 'editPolicyProvider':
      return editPolicy(state, ({providers}) => ({
        providers: providers.map((entry) =>
          entry.serviceProviderId === action.providerId ? {...entry, ...action.change} : entry,
        ),
      }));
    case 'editQuery':
      return {...state, query: {...state.query, ...action.change}};
  }
}
