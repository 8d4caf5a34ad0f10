/* eslint-disable @typescript-eslint/no-explicit-any */
export const ROLE_NAMES: Record<'admin' | 'editor' | 'viewer' | 'purge', string>;
export const ROLES_GUIDE: string;
export function operationRoles(operation: any, where?: string): string[];
export function rolesSentence(roles: string[]): string;
export function rolesMarkdown(operation: any, guideUrl?: string): string;
