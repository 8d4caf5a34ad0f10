// Problem responses (RFC 9457) with the types, titles and statuses of the API's catalogue
// (openapi/problem-types.yaml, in the bundle as `x-problem-types`): the sandbox cannot answer a
// problem type the catalogue does not define.
import type {OpenApiDocument} from '../src/lib/openapi/index.ts';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  [field: string]: unknown;
}

/** A problem the handlers throw; the server turns it into an `application/problem+json` answer. */
export class Problem extends Error {
  constructor(
    readonly slug: string,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${slug}: ${detail}`);
  }
}

export class ProblemCatalogue {
  private readonly base: string;
  private readonly types: Record<string, {title: string; status: number}>;
  /** Every slug answered so far in this process, for the coverage test. */
  readonly answered = new Set<string>();

  constructor(document: OpenApiDocument) {
    const catalogue = document['x-problem-types'] as {
      base: string;
      types: Record<string, {title: string; status: number}>;
    };
    if (!catalogue?.types) throw new Error('The OpenAPI bundle has no x-problem-types: run "npm run api:bundle".');
    this.base = catalogue.base;
    this.types = catalogue.types;
  }

  has(slug: string): boolean {
    return slug in this.types;
  }

  statusOf(slug: string): number {
    const type = this.types[slug];
    if (!type) throw new Error(`The problem type "${slug}" is not in openapi/problem-types.yaml.`);
    return type.status;
  }

  body(problem: Problem, requestId: string): ProblemBody {
    const type = this.types[problem.slug];
    if (!type) throw new Error(`The problem type "${problem.slug}" is not in openapi/problem-types.yaml.`);
    this.answered.add(problem.slug);
    return {
      type: `${this.base}#${problem.slug}`,
      title: type.title,
      status: type.status,
      detail: problem.detail,
      ...problem.extra,
      request_id: requestId,
    };
  }
}
