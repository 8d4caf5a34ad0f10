// Starts a sandbox process (./main.mts) for serve-nginx and the tests, and resolves once it listens.
import {startNodeServer, type RunningNodeServer} from '../scripts/node-server.mts';

export type RunningSandbox = RunningNodeServer;

export function startSandbox({
  listen,
  dataDir,
  delayMs,
}: {
  /** A port, host:port or Unix socket path. */
  listen: string;
  dataDir: string;
  delayMs?: number;
}): Promise<RunningSandbox> {
  const args = ['--listen', listen, '--data', dataDir];
  if (delayMs !== undefined) args.push('--delay-ms', String(delayMs));
  return startNodeServer('The sandbox', 'sandbox/main.mts', args);
}
