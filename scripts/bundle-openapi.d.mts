export function bundleOpenApi(source?: string): Promise<Record<string, unknown>>;
