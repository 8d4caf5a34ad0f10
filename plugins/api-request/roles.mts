// The role an operation needs, declared in the OpenAPI source as `x-roles` (handbook/product-model.md:
// the same four roles for users and access tokens). Both the reference pages and the Markdown twins
// say it with this one sentence.
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';

/** A role of `x-roles`. */
export type Role = 'admin' | 'editor' | 'viewer' | 'purge';

export const ROLE_NAMES: Record<Role, string> = {admin: 'Admin', editor: 'Editor', viewer: 'Viewer', purge: 'Purge'};
export const ROLES_GUIDE = '/docs/Guides/Account%20Settings/Access%20Token#roles';

/**
 * The roles allowed to call an operation, checked against the four known roles; none when the
 * operation declares none (the lint rule tributary/operation-roles requires them in our source).
 */
export function operationRoles(
  operation: OpenApiNode | undefined,
  where: string = operation?.operationId ?? '(operation)',
): Role[] {
  const roles: unknown = operation?.['x-roles'];
  if (roles === undefined) return [];
  if (!Array.isArray(roles) || !roles.length) throw new Error(`OpenAPI: ${where}: x-roles must be a non-empty list`);
  for (const role of roles) {
    if (!(role in ROLE_NAMES)) throw new Error(`OpenAPI: ${where}: x-roles has an unknown role "${role}"`);
  }
  return roles;
}

/** "Admin or Editor" style list of the roles. */
export function rolesSentence(roles: readonly Role[]): string {
  const names = roles.map((role) => `**${ROLE_NAMES[role]}**`);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The Markdown paragraph shown under "Authentication" on an operation's page ('' without roles). */
export function rolesMarkdown(operation: OpenApiNode | undefined, guideUrl: string = ROLES_GUIDE): string {
  const roles = operationRoles(operation);
  if (!roles.length) return '';
  return `Role: an access token or user with the ${rolesSentence(roles)} role (see [roles](${guideUrl})). Any other role gets \`403 Forbidden\`.`;
}
