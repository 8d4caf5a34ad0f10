type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const VALIDATORS: Record<string, string>;
export function requestSchema(spec: Schema, node: unknown, seen?: string[]): Schema;
export function operationBodySchema(spec: Schema, operationId: string): Schema;
export function validatorSource(schema: Schema): string;
