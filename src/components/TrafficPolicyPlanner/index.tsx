import {useId, useState, type ReactNode} from 'react';
import validate from '@site/generated/validators/traffic-policy.mjs';
import {CONTINENTS, type Continent} from './continents';
import {EXAMPLE_LOCATION, EXAMPLE_POLICIES, EXAMPLE_SERVICE_PROVIDERS} from './examples';
import {
  KIND_NAMES,
  PRIORITY_NAMES,
  choosePolicy,
  parseWhole,
  priorityOf,
  providerShares,
  type Kind,
  type Policy,
  type ServiceProvider,
} from './plan';
import {requestBody, saveOperation} from './requestBody';
import {checkQuery, describeSchemaErrors, policyProblems} from './validation';
import styles from './styles.module.css';

/** A policy as edited: list fields keep the reader's text, so typing "DE, " loses nothing. */
interface Draft {
  policy: Policy;
  countries: string;
  subdivisions: string;
  asns: string;
  healthCheckIds: string;
  performanceCheckIds: string;
}

/** Provider settings as typed (numbers stay text until used). */
interface ProviderDraft {
  id: string;
  name: string;
  down: boolean;
  ttfbMs: string;
  commitmentLeftGb: string;
}

const tokens = (text: string) => text.split(/[\s,]+/).filter((token) => token !== '');

function toDraft(policy: Policy): Draft {
  return {
    policy,
    countries: policy.scope.countries.join(', '),
    subdivisions: policy.scope.subdivisions.join(', '),
    asns: policy.scope.asns.join(', '),
    healthCheckIds: policy.failover.healthCheckIds.join(', '),
    performanceCheckIds: policy.performanceCheckIds.join(', '),
  };
}

function toPolicy(draft: Draft): Policy {
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

function toServiceProvider(draft: ProviderDraft): ServiceProvider {
  return {
    id: draft.id,
    name: draft.name,
    down: draft.down,
    ttfbMs: parseWhole(draft.ttfbMs),
    commitmentLeftGb: parseWhole(draft.commitmentLeftGb),
  };
}

function scopeSummary(policy: Policy): string {
  if (policy.isDefault) return 'World (default policy)';
  const parts = [
    policy.scope.continents.length > 0 && `continents ${policy.scope.continents.join(', ')}`,
    policy.scope.countries.length > 0 && `countries ${policy.scope.countries.join(', ')}`,
    policy.scope.subdivisions.length > 0 && `subdivisions ${policy.scope.subdivisions.join(', ')}`,
    policy.scope.asns.length > 0 && `ASNs ${policy.scope.asns.join(', ')}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'Empty';
}

/**
 * Plans traffic policies: the reader edits policies and providers, and for a DNS query from a
 * country (and optionally a subdivision and an ASN) sees which policy applies, why, and how it
 * shares the queries; the edited policy is shown as the API request body once it passes the
 * OpenAPI schema (a validator generated at build time) and the API's own rules.
 */
export default function TrafficPolicyPlanner(): ReactNode {
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const [providers, setProviders] = useState<ProviderDraft[]>(() =>
    EXAMPLE_SERVICE_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      down: p.down,
      ttfbMs: String(p.ttfbMs ?? ''),
      commitmentLeftGb: String(p.commitmentLeftGb ?? ''),
    })),
  );
  const [drafts, setDrafts] = useState<Draft[]>(() => EXAMPLE_POLICIES.map(toDraft));
  const [editing, setEditing] = useState(0);
  const [query, setQuery] = useState({
    country: EXAMPLE_LOCATION.country,
    subdivision: EXAMPLE_LOCATION.subdivision,
    asn: String(EXAMPLE_LOCATION.asn ?? ''),
  });

  const policies = drafts.map(toPolicy);
  const serviceProviders = providers.map(toServiceProvider);
  const draft = drafts[editing];
  const edited = policies[editing];

  const setDraft = (change: (current: Draft) => Draft) =>
    setDrafts((current) => current.map((d, i) => (i === editing ? change(d) : d)));
  const setPolicy = (change: Partial<Policy>) => setDraft((d) => ({...d, policy: {...d.policy, ...change}}));
  const setEntry = (providerId: string, change: Partial<Policy['providers'][number]>) =>
    setPolicy({
      providers: draft.policy.providers.map((entry) =>
        entry.serviceProviderId === providerId ? {...entry, ...change} : entry,
      ),
    });
  const toggleListed = (providerId: string, listed: boolean) =>
    setPolicy({
      providers: listed
        ? [...draft.policy.providers, {serviceProviderId: providerId, eligible: true, weight: '0', penaltyMs: '0'}]
        : draft.policy.providers.filter((entry) => entry.serviceProviderId !== providerId),
    });
  const setProvider = (index: number, change: Partial<ProviderDraft>) => {
    const oldId = providers[index].id;
    setProviders((current) => current.map((p, i) => (i === index ? {...p, ...change} : p)));
    if (change.id !== undefined && change.id !== oldId) {
      // The policies refer to providers by ID: follow the rename.
      setDrafts((current) =>
        current.map((d) => ({
          ...d,
          policy: {
            ...d.policy,
            providers: d.policy.providers.map((e) =>
              e.serviceProviderId === oldId ? {...e, serviceProviderId: change.id!} : e,
            ),
          },
        })),
      );
    }
  };
  const addPolicy = () => {
    const name = `Policy ${drafts.length + 1}`;
    const policy: Policy = {
      name,
      kind: 'static',
      isDefault: false,
      scope: {continents: [], countries: [], subdivisions: [], asns: []},
      providers: providers.map((p, i) => ({
        serviceProviderId: p.id,
        eligible: true,
        weight: i === 0 ? '100' : '0',
        penaltyMs: '0',
      })),
      performanceCheckIds: [],
      failover: {enabled: true, healthCheckIds: []},
    };
    // New policies go before the default policy, which stays last as in the API's list.
    const at = drafts.findIndex((d) => d.policy.isDefault);
    const position = at < 0 ? drafts.length : at;
    setDrafts((current) => [...current.slice(0, position), toDraft(policy), ...current.slice(position)]);
    setEditing(position);
  };
  const removePolicy = () => {
    setDrafts((current) => current.filter((_, i) => i !== editing));
    setEditing(0);
  };

  // The query.
  const {location, continent, errors: queryErrors} = checkQuery(query);
  const {country, subdivision, asn} = location;
  const queryValid = Object.keys(queryErrors).length === 0;
  const choice = queryValid ? choosePolicy(policies, location) : null;
  const winner = choice?.winner ?? null;
  const shares = winner === null ? null : providerShares(policies[winner], serviceProviders);

  // The edited policy's request body, shown only when it passes the schema and the API's rules.
  const body = requestBody(edited);
  const schemaErrors = validate(body) ? [] : describeSchemaErrors(validate.errors);
  const ruleErrors = policyProblems(policies, editing);
  const operation = saveOperation(edited);
  const bodyErrors = [...schemaErrors, ...ruleErrors];

  const queryDescription = [
    `country ${country}${continent ? ` (${CONTINENTS[continent]})` : ''}`,
    subdivision && `subdivision ${subdivision}`,
    asn !== null && `ASN ${asn}`,
  ]
    .filter(Boolean)
    .join(', ');
  const errorFor = (name: keyof typeof queryErrors) =>
    queryErrors[name] ? (
      <p id={fid(`${name}-error`)} className={styles.error}>
        {queryErrors[name]}
      </p>
    ) : null;

  return (
    <section className={styles.planner} aria-labelledby={fid('title')}>
      <p id={fid('title')} className={styles.title}>
        Traffic policy planner
      </p>

      <fieldset className={styles.fieldset}>
        <legend>Service providers</legend>
        <p className={styles.hint}>
          What the planner assumes about each provider right now. Time to first byte is used by dynamic policies, the GB
          left on a commitment by cost-based policies; leave it empty for a provider without a commitment.
        </p>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Service provider ID</th>
                <th scope="col">Down (health checks failing)</th>
                <th scope="col">Time to first byte (ms)</th>
                <th scope="col">Commitment left (GB)</th>
              </tr>
            </thead>
            <tbody>
              {providers.map((provider, index) => (
                <tr key={index}>
                  <td>
                    <input
                      className={`${styles.input} ${styles.nameInput}`}
                      aria-label={`Name of provider ${index + 1}`}
                      value={provider.name}
                      onChange={(event) => setProvider(index, {name: event.target.value})}
                    />
                  </td>
                  <td>
                    <input
                      className={`${styles.input} ${styles.idInput}`}
                      aria-label={`Service provider ID of ${provider.name}`}
                      value={provider.id}
                      spellCheck={false}
                      onChange={(event) => setProvider(index, {id: event.target.value})}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${provider.name} is down`}
                      checked={provider.down}
                      onChange={(event) => setProvider(index, {down: event.target.checked})}
                    />
                  </td>
                  <td>
                    <input
                      className={styles.input}
                      inputMode="numeric"
                      aria-label={`Time to first byte of ${provider.name}, in ms`}
                      value={provider.ttfbMs}
                      onChange={(event) => setProvider(index, {ttfbMs: event.target.value})}
                    />
                  </td>
                  <td>
                    <input
                      className={styles.input}
                      inputMode="numeric"
                      aria-label={`Commitment left for ${provider.name}, in GB`}
                      value={provider.commitmentLeftGb}
                      onChange={(event) => setProvider(index, {commitmentLeftGb: event.target.value})}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Policies</legend>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Kind</th>
                <th scope="col">Scope</th>
                <th scope="col">Priority</th>
                <th scope="col">Edit</th>
              </tr>
            </thead>
            <tbody>
              {policies.map((policy, index) => (
                <tr key={index} className={index === editing ? styles.current : undefined}>
                  <th scope="row">{policy.name}</th>
                  <td>{KIND_NAMES[policy.kind]}</td>
                  <td>{scopeSummary(policy)}</td>
                  <td>
                    {priorityOf(policy.scope)} ({PRIORITY_NAMES[priorityOf(policy.scope)]})
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--sm button--secondary"
                      aria-pressed={index === editing}
                      onClick={() => setEditing(index)}
                    >
                      Edit {policy.name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button type="button" className="button button--sm button--outline button--primary" onClick={addPolicy}>
          Add a policy
        </button>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>DNS query</legend>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={fid('country')}>Country (ISO 3166-1 alpha-2)</label>
            <input
              id={fid('country')}
              className={styles.input}
              value={query.country}
              spellCheck={false}
              aria-invalid={queryErrors.country ? true : undefined}
              aria-describedby={queryErrors.country ? fid('country-error') : fid('country-hint')}
              onChange={(event) => setQuery((q) => ({...q, country: event.target.value}))}
            />
            {queryErrors.country ? (
              errorFor('country')
            ) : (
              <p id={fid('country-hint')} className={styles.hint}>
                Continent: {continent ? `${CONTINENTS[continent]} (${continent})` : 'unknown'}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={fid('subdivision')}>Subdivision (ISO 3166-2, optional)</label>
            <input
              id={fid('subdivision')}
              className={styles.input}
              value={query.subdivision}
              spellCheck={false}
              aria-invalid={queryErrors.subdivision ? true : undefined}
              aria-describedby={queryErrors.subdivision ? fid('subdivision-error') : undefined}
              onChange={(event) => setQuery((q) => ({...q, subdivision: event.target.value}))}
            />
            {errorFor('subdivision')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fid('asn')}>ASN (optional)</label>
            <input
              id={fid('asn')}
              className={styles.input}
              value={query.asn}
              inputMode="numeric"
              aria-invalid={queryErrors.asn ? true : undefined}
              aria-describedby={queryErrors.asn ? fid('asn-error') : undefined}
              onChange={(event) => setQuery((q) => ({...q, asn: event.target.value}))}
            />
            {errorFor('asn')}
          </div>
        </div>
      </fieldset>

      <div className={styles.verdict} role="status" data-testid="planner-result">
        {!queryValid ? (
          <p>Correct the query to see which policy applies.</p>
        ) : winner === null ? (
          <p>No policy matches this query: every service needs its default policy.</p>
        ) : (
          <>
            <p>
              A query from {queryDescription} gets the policy <strong>{policies[winner].name}</strong> (priority{' '}
              {choice!.evaluations[winner].priority}, {PRIORITY_NAMES[choice!.evaluations[winner].priority]}
              ): the most specific matching scope wins.
              {choice!.tiedWith.length > 0 &&
                ` It ties with ${choice!.tiedWith.map((i) => policies[i].name).join(', ')} at the same priority, which the API refuses.`}
            </p>
            <p>{shares!.explanation}</p>
            <ul className={styles.shares}>
              {shares!.shares.map((share) => (
                <li key={share.serviceProviderId}>
                  <strong>
                    {share.name}: {share.percent}%
                  </strong>
                  {share.note && ` (${share.note})`}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {shares && (
        <div className={styles.bar} aria-hidden="true">
          {shares.shares
            .filter((share) => share.percent > 0)
            .map((share, index) => (
              <span
                key={share.serviceProviderId}
                className={styles[`segment${index % 4}`]}
                style={{width: `${share.percent}%`}}
              >
                {share.name} {share.percent}%
              </span>
            ))}
        </div>
      )}
      {choice && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Why: every policy checked against the query</caption>
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Priority</th>
                <th scope="col">Matches</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {policies.map((policy, index) => (
                <tr key={index} className={index === winner ? styles.winner : undefined}>
                  <th scope="row">{policy.name}</th>
                  <td>{choice.evaluations[index].priority}</td>
                  <td>
                    {index === winner
                      ? 'Yes: applies'
                      : choice.evaluations[index].matches
                        ? 'Yes, but a more specific policy applies'
                        : 'No'}
                  </td>
                  <td>{choice.evaluations[index].reasons.join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <fieldset className={styles.fieldset}>
        <legend>Edit policy: {edited.name}</legend>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={fid('name')}>Name</label>
            <input
              id={fid('name')}
              className={styles.input}
              value={draft.policy.name}
              onChange={(event) => setPolicy({name: event.target.value})}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={fid('kind')}>Kind</label>
            <select
              id={fid('kind')}
              className={styles.input}
              value={draft.policy.kind}
              onChange={(event) => setPolicy({kind: event.target.value as Kind})}
            >
              {(Object.keys(KIND_NAMES) as Kind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]} ({kind})
                </option>
              ))}
            </select>
          </div>
        </div>
        {draft.policy.isDefault ? (
          <p className={styles.hint}>
            The default policy covers the whole world: its scope is empty and cannot change.
          </p>
        ) : (
          <fieldset className={styles.fieldset}>
            <legend>Scope</legend>
            <fieldset className={styles.inline}>
              <legend>Continents</legend>
              {(Object.keys(CONTINENTS) as Continent[]).map((code) => (
                <span key={code} className={styles.choice}>
                  <input
                    id={fid(`continent-${code}`)}
                    type="checkbox"
                    checked={draft.policy.scope.continents.includes(code)}
                    onChange={(event) =>
                      setPolicy({
                        scope: {
                          ...draft.policy.scope,
                          continents: event.target.checked
                            ? (Object.keys(CONTINENTS) as Continent[]).filter(
                                (c) => c === code || draft.policy.scope.continents.includes(c),
                              )
                            : draft.policy.scope.continents.filter((c) => c !== code),
                        },
                      })
                    }
                  />
                  <label htmlFor={fid(`continent-${code}`)}>
                    {CONTINENTS[code]} ({code})
                  </label>
                </span>
              ))}
            </fieldset>
            <div className={styles.row}>
              {(
                [
                  ['countries', 'Countries (ISO 3166-1 alpha-2)', 'DE, AT'],
                  ['subdivisions', 'Subdivisions (ISO 3166-2)', 'DE-BY'],
                  ['asns', 'ASNs', '3320'],
                ] as const
              ).map(([name, label, example]) => (
                <div key={name} className={styles.field}>
                  <label htmlFor={fid(name)}>{label}</label>
                  <input
                    id={fid(name)}
                    className={styles.input}
                    value={draft[name]}
                    spellCheck={false}
                    aria-describedby={fid('lists-hint')}
                    placeholder={example}
                    onChange={(event) => setDraft((d) => ({...d, [name]: event.target.value}))}
                  />
                </div>
              ))}
            </div>
            <p id={fid('lists-hint')} className={styles.hint}>
              Separate entries with commas. Entries in one list are alternatives; lists that are not empty must all
              match.
            </p>
          </fieldset>
        )}
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Providers of this policy</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">In this policy</th>
                <th scope="col">Eligible</th>
                <th scope="col">{edited.kind === 'dynamic' ? 'Penalty (ms)' : 'Weight (%)'}</th>
              </tr>
            </thead>
            <tbody>
              {providers.map((provider) => {
                const entry = draft.policy.providers.find((e) => e.serviceProviderId === provider.id);
                return (
                  <tr key={provider.id}>
                    <th scope="row">{provider.name}</th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${provider.name} is in this policy`}
                        checked={entry !== undefined}
                        onChange={(event) => toggleListed(provider.id, event.target.checked)}
                      />
                    </td>
                    <td>
                      {entry && (
                        <input
                          type="checkbox"
                          aria-label={`${provider.name} is eligible`}
                          checked={entry.eligible}
                          onChange={(event) => setEntry(provider.id, {eligible: event.target.checked})}
                        />
                      )}
                    </td>
                    <td>
                      {entry &&
                        (edited.kind === 'dynamic' ? (
                          <input
                            className={styles.number}
                            inputMode="numeric"
                            aria-label={`Penalty of ${provider.name}, in ms`}
                            value={entry.penaltyMs}
                            onChange={(event) => setEntry(provider.id, {penaltyMs: event.target.value})}
                          />
                        ) : (
                          <input
                            className={styles.number}
                            inputMode="numeric"
                            aria-label={`Weight of ${provider.name}, in percent`}
                            value={entry.weight}
                            onChange={(event) => setEntry(provider.id, {weight: event.target.value})}
                          />
                        ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className={styles.row}>
          {edited.kind === 'dynamic' && (
            <div className={styles.field}>
              <label htmlFor={fid('performance')}>Performance check IDs (empty: every check)</label>
              <input
                id={fid('performance')}
                className={styles.input}
                value={draft.performanceCheckIds}
                spellCheck={false}
                onChange={(event) => setDraft((d) => ({...d, performanceCheckIds: event.target.value}))}
              />
            </div>
          )}
          <div className={styles.field}>
            <span className={styles.choice}>
              <input
                id={fid('failover')}
                type="checkbox"
                checked={draft.policy.failover.enabled}
                onChange={(event) => setPolicy({failover: {...draft.policy.failover, enabled: event.target.checked}})}
              />
              <label htmlFor={fid('failover')}>Failover removes providers that are down</label>
            </span>
            <label htmlFor={fid('health')}>Health check IDs (empty: every check)</label>
            <input
              id={fid('health')}
              className={styles.input}
              value={draft.healthCheckIds}
              spellCheck={false}
              onChange={(event) => setDraft((d) => ({...d, healthCheckIds: event.target.value}))}
            />
          </div>
        </div>
        {!draft.policy.isDefault && (
          <button type="button" className="button button--sm button--secondary" onClick={removePolicy}>
            Remove {edited.name}
          </button>
        )}
      </fieldset>

      <div className={styles.body}>
        <p className={styles.resultLabel}>
          {operation.title} for {edited.name}: <code>{`${operation.method} ${operation.path}`}</code>
        </p>
        {/* A live region that stays in place, so screen readers hear when the body becomes valid or not. */}
        <div aria-live="polite" data-testid="body-check">
          {bodyErrors.length === 0 ? (
            <p>It passes the OpenAPI schema and the API&apos;s rules.</p>
          ) : (
            <div className={styles.problems}>
              <p>The API would refuse this policy, so the request body is not shown until these are fixed:</p>
              <ul>
                {bodyErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {bodyErrors.length === 0 && (
          <pre className={styles.output} data-testid="request-body">
            <code>{JSON.stringify(body, null, 2)}</code>
          </pre>
        )}
      </div>
    </section>
  );
}
