export const MOCK_PORT: number;
export function startMock(options?: {port?: number}): Promise<{url: string; stop: () => void}>;
