export function markdownPath(pathname: string, baseUrl: string): string;
