// Managed certificates' DNS challenges, shared by their creation (./account.mts) and the change of
// their hostnames (./lifecycle.mts).
import {createHash} from 'node:crypto';

type Json = Record<string, unknown>;

/**
 * The DNS challenge records of a managed certificate's hostnames, one per name without its `*.`:
 * a hostname that had one keeps it (validated or not), a new one gets a new record.
 */
export function challengeRecords(sandboxId: string, domains: string[], kept: Json[] = []): Json[] {
  const records = new Map<string, Json>();
  for (const domain of domains) {
    const base = domain.replace(/^\*\./, '');
    if (records.has(base)) continue;
    records.set(
      base,
      kept.find((record) => record.record_name === `_acme-challenge.${base}`) ?? {
        domain,
        record_name: `_acme-challenge.${base}`,
        record_type: 'CNAME',
        record_value: `${createHash('sha256').update(`${sandboxId}${base}`).digest('hex').slice(0, 20)}.acme.tributary.example`,
        validated: false,
      },
    );
  }
  return [...records.values()];
}
