/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ApiPage {
  kind: 'overview' | 'problem-types' | 'tag' | 'object' | 'operation';
  path: string;
  title: string;
  description: string;
  tag?: string;
  markdown: string;
}
export function summarize(markdown?: string): string;
export class ApiMarkdown {
  constructor(spec: any, site: {siteUrl: string; baseUrl: string});
  pages(): ApiPage[];
  pagePath(id: string): string;
  operationMarkdown(operationId: string): string;
}
