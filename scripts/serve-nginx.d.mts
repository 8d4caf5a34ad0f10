/** The nginx binary of this machine; throws with the install command when there is none. */
export function findNginx(): string;
/** Starts nginx on the production build; resolves once it answers. */
export function startNginx(options?: {buildDir?: string; port?: number; securityHeaders?: string}): Promise<{
  url: string;
  stop: () => void;
}>;
