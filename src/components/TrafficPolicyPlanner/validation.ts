// What the planner checks before it answers: the reader's query, and the edited policy against the
// API's rules and the schema's errors put into words. Pure functions, tested beside them.
import {continentOf, type Continent} from './continents';
import {PRIORITY_NAMES, parseWhole, priorityOf, type Policy, type QueryLocation, type Scope} from './plan';

/** The query as the reader typed it. */
export interface QueryDraft {
  country: string;
  subdivision: string;
  asn: string;
}

export type QueryField = keyof QueryDraft;

export interface QueryCheck {
  /** The query normalised (upper case, trimmed); only meaningful when `errors` is empty. */
  location: QueryLocation;
  continent: Continent | null;
  /** A message for each field that needs correcting. */
  errors: Partial<Record<QueryField, string>>;
}

const LARGEST_ASN = 4294967295;

/** Normalises a typed query and says what is wrong with each field, if anything. */
export function checkQuery(query: QueryDraft): QueryCheck {
  const country = query.country.trim().toUpperCase();
  const subdivision = query.subdivision.trim().toUpperCase();
  const continent = continentOf(country);
  const errors: QueryCheck['errors'] = {};
  if (continent === null) {
    errors.country = `Enter an ISO 3166-1 alpha-2 country code, such as DE or JP; "${query.country}" is not one.`;
  }
  if (subdivision !== '' && !new RegExp(`^${country}-[A-Z0-9]{1,3}$`).test(subdivision)) {
    errors.subdivision = `Enter an ISO 3166-2 code of ${country || 'the country'}, such as ${country || 'DE'}-BY, or leave it empty.`;
  }
  const asn = query.asn.trim() === '' ? null : parseWhole(query.asn);
  if (query.asn.trim() !== '' && (asn === null || asn < 1 || asn > LARGEST_ASN)) {
    errors.asn = `Enter an autonomous system number from 1 to ${LARGEST_ASN}, such as 3320, or leave it empty.`;
  }
  return {location: {country, subdivision, asn}, continent, errors};
}

/** The rules the API checks beyond the schema (422 and 409 answers), as readable messages. */
export function policyProblems(policies: readonly Policy[], index: number): string[] {
  const policy = policies[index];
  const problems: string[] = [];
  if (policies.some((other, i) => i !== index && other.name.trim() === policy.name.trim())) {
    problems.push(`Another policy is named "${policy.name}": names are unique within the service.`);
  }
  if (!policy.isDefault && priorityOf(policy.scope) === 0) {
    problems.push(
      'List at least one continent, country, subdivision or ASN. Only the default policy covers the whole world.',
    );
  }
  const ids = policy.providers.map((entry) => entry.serviceProviderId);
  if (new Set(ids).size !== ids.length) problems.push('Each provider may appear only once in a policy.');
  if (policy.kind !== 'dynamic') {
    const eligible = policy.providers.filter((entry) => entry.eligible);
    if (eligible.every((entry) => parseWhole(entry.weight) !== null)) {
      const total = eligible.reduce((sum, entry) => sum + parseWhole(entry.weight)!, 0);
      if (total !== 100)
        problems.push(`The weights of the eligible providers add up to ${total}; they must add up to 100.`);
    }
  }
  for (const subdivision of policy.scope.subdivisions) {
    const country = subdivision.slice(0, 2);
    if (
      policy.scope.countries.length > 0 &&
      /^[A-Z]{2}-/.test(subdivision) &&
      !policy.scope.countries.includes(country)
    ) {
      problems.push(`Subdivision ${subdivision} is not in the listed countries, so the scope can never match it.`);
    }
  }
  policies.forEach((other, i) => {
    if (
      i !== index &&
      priorityOf(other.scope) === priorityOf(policy.scope) &&
      scopesOverlap(other.scope, policy.scope)
    ) {
      problems.push(
        `It could match the same queries as "${other.name}" at the same priority (${PRIORITY_NAMES[priorityOf(policy.scope)]}); the API refuses it with 409 Conflict.`,
      );
    }
  });
  return problems;
}

function intersect<T>(a: readonly T[], b: readonly T[]): T[] | null {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  return a.filter((item) => b.includes(item));
}

/** Whether some query could match both scopes (the API's overlap check for policies of equal priority). */
export function scopesOverlap(a: Scope, b: Scope): boolean {
  const asns = intersect(a.asns, b.asns);
  if (asns !== null && asns.length === 0 && (a.asns.length > 0 || b.asns.length > 0)) return false;
  const continents = intersect(a.continents, b.continents);
  const countries = intersect(a.countries, b.countries);
  const subdivisions = intersect(a.subdivisions, b.subdivisions);
  const constrained = {
    continents: a.continents.length > 0 || b.continents.length > 0,
    countries: a.countries.length > 0 || b.countries.length > 0,
    subdivisions: a.subdivisions.length > 0 || b.subdivisions.length > 0,
  };
  const countryOk = (country: string) =>
    (!constrained.countries || countries!.includes(country)) &&
    (!constrained.continents || continents!.includes(continentOf(country) as Continent));
  if (constrained.subdivisions) return subdivisions!.some((subdivision) => countryOk(subdivision.slice(0, 2)));
  if (constrained.countries) return countries!.some(countryOk);
  if (constrained.continents) return continents!.length > 0;
  return true;
}

export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns the validator's errors into sentences that name the field the way the body shows it. */
export function describeSchemaErrors(errors: readonly SchemaError[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where =
      error.instancePath === ''
        ? 'The body'
        : error.instancePath
            .slice(1)
            .split('/')
            .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
            .join('')
            .replace(/^\./, '');
    const p = error.params;
    switch (error.keyword) {
      case 'required':
        return `${where}: "${p.missingProperty}" is required.`;
      case 'additionalProperties':
      case 'unevaluatedProperties':
        return `${where}: "${p.additionalProperty ?? p.unevaluatedProperty}" is not a field of this request.`;
      case 'enum':
        return `${where}: must be one of ${(p.allowedValues as unknown[]).join(', ')}.`;
      case 'type':
        return `${where}: must be ${p.type === 'integer' ? 'a whole number' : `of type ${p.type}`}.`;
      case 'minimum':
        return `${where}: must be at least ${p.limit}.`;
      case 'maximum':
        return `${where}: must be at most ${p.limit}.`;
      case 'minLength':
        return `${where}: must have at least ${p.limit} character${p.limit === 1 ? '' : 's'}.`;
      case 'maxLength':
        return `${where}: must have at most ${p.limit} characters.`;
      case 'minItems':
        return `${where}: needs at least ${p.limit} item${p.limit === 1 ? '' : 's'}.`;
      case 'maxItems':
        return `${where}: allows at most ${p.limit} items.`;
      case 'uniqueItems':
        return `${where}: items ${p.j} and ${p.i} are the same; each may appear once.`;
      case 'pattern':
        return `${where}: does not have the expected form (${p.pattern}).`;
      case 'format':
        return `${where}: must be a ${p.format === 'uuid' ? 'UUID' : String(p.format)}.`;
      default:
        return `${where}: ${error.message ?? error.keyword}.`;
    }
  });
}
