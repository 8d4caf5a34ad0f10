export function loadLanguages(languages: string[]): void;
export function highlightToHtml(code: string, language: string): string;
