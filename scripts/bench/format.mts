// How the bench writes its figures in the tables.
export const kB = (bytes: number | null | undefined): string =>
  bytes === null || bytes === undefined ? '–' : `${(bytes / 1000).toFixed(1)} kB`;
export const GB = (bytes: number | null | undefined): string => (bytes ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : '–');
export const seconds = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : `${value.toFixed(1)} s`;
export const mark = (pass: boolean): string => (pass ? '✅' : '❌');
