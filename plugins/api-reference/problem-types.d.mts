/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ProblemType {
  slug: string;
  uri: string;
  title: string;
  status: number;
  cause: string;
  fix: string;
  guides: string[];
}
export interface ProblemCatalogue {
  base: string;
  types: ProblemType[];
}
export interface ProblemUse {
  id: string;
  operationId: string;
  method: string;
  route: string;
  summary: string;
  status: string;
}
export const PROBLEM_TYPES_ID: string;
export const PROBLEM_TYPES_TITLE: string;
export const PROBLEM_MEDIA_TYPE: string;
export const MAX_LISTED_OPERATIONS: number;
export function problemCatalogue(spec: any): ProblemCatalogue | undefined;
export function guideTitle(href: string): string;
export function problemExamples(spec: any, response: any): {name: string; value: any}[];
export function problemUsage(spec: any, catalogue?: ProblemCatalogue): Map<string, ProblemUse[]>;
export function operationCount(spec: any): number;
