export function curlCommand(request: {method: string; url: string; body?: unknown; contentType?: string}): string;
export function statusLine(status: number): string;
