export interface CpuAndMemory {
  user: number | null;
  system: number | null;
  maxProcessRssBytes: number | null;
}
export function treeRss(rootPid: number): number;
export function parseTimeReport(text: string): CpuAndMemory;
export function parseShellTimes(text: string): CpuAndMemory;
export function siteFutureFlags(): Promise<Record<string, unknown>>;
export function scaffoldStock(parent: string, future: Record<string, unknown>): Promise<string>;
export const PAGES: {id: string; label: string; path: string; jsBudget?: number; status?: number}[];
export function renderMarkdown(results: unknown): string;
export function searchTable(figures: unknown): string[];
export function searchScaleTable(rows: unknown[]): string[];
