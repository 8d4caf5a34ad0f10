// The sandbox's state: one SQLite database (./database.mts) holding every sandbox account, its
// tokens (hashed), its objects, its idempotency records and the changes the outside world will make
// later (a certificate's validation, a deployment). A sandbox idle for 30 days is deleted.
import {createHash, randomBytes} from 'node:crypto';
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {inTransaction, openDatabase, type Database, type Statement} from './database.mts';

export const IDLE_EXPIRY_MS = 30 * 24 * 3600 * 1000;
/** The caps of one sandbox, answered with the `limit-exceeded` problem type. */
export const LIMITS = {objectsPerCollection: 200, totalBytes: 5 * 1024 * 1024};

export interface TokenRecord {
  sandboxId: string;
  role: string;
  /** The access token object behind the token, or null for the sandbox's own admin token. */
  accessTokenId: string | null;
  serviceIds: string[];
  expiresAt: number | null;
}

export interface StoredObject {
  collection: string;
  id: string;
  body: Record<string, unknown>;
  etag: string;
  rowid: number;
}

export interface PendingChange {
  id: number;
  kind: string;
  collection: string;
  objectId: string;
  data: Record<string, unknown>;
}

export interface IdempotencyRecord {
  fingerprint: string;
  bodyHash: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An object's row as SQLite returns it, and as the store answers it (its body parsed). */
type ObjectRow = Omit<StoredObject, 'body'> & {body: string};
const parsed = (row: ObjectRow): StoredObject => ({...row, body: JSON.parse(row.body) as Record<string, unknown>});

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const etagOf = (body: unknown) =>
  `"${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16)}"`;

export class Store {
  readonly db: Database;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), {recursive: true});
    this.db = openDatabase(file);
    // A process that finds the file locked waits up to 5 s: set first, since two processes starting
    // on a new file both switch it to WAL (readers then never wait for a writer) and create the tables.
    this.db.exec('PRAGMA busy_timeout = 5000;');
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS sandboxes (
        id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, last_used_at INTEGER NOT NULL,
        bytes INTEGER NOT NULL DEFAULT 0, seed TEXT);
      CREATE TABLE IF NOT EXISTS tokens (
        token_hash TEXT PRIMARY KEY, sandbox_id TEXT NOT NULL REFERENCES sandboxes(id) ON DELETE CASCADE,
        role TEXT NOT NULL, access_token_id TEXT, service_ids TEXT NOT NULL DEFAULT '[]', expires_at INTEGER);
      CREATE TABLE IF NOT EXISTS objects (
        sandbox_id TEXT NOT NULL REFERENCES sandboxes(id) ON DELETE CASCADE, collection TEXT NOT NULL,
        id TEXT NOT NULL, body TEXT NOT NULL, etag TEXT NOT NULL, UNIQUE (sandbox_id, collection, id));
      CREATE INDEX IF NOT EXISTS objects_by_id ON objects (sandbox_id, id);
      CREATE TABLE IF NOT EXISTS idempotency (
        sandbox_id TEXT NOT NULL REFERENCES sandboxes(id) ON DELETE CASCADE, key TEXT NOT NULL,
        fingerprint TEXT NOT NULL, body_hash TEXT NOT NULL, status INTEGER NOT NULL, headers TEXT NOT NULL,
        body TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (sandbox_id, key));
      CREATE TABLE IF NOT EXISTS pending (
        id INTEGER PRIMARY KEY, sandbox_id TEXT NOT NULL REFERENCES sandboxes(id) ON DELETE CASCADE,
        due_at INTEGER NOT NULL, kind TEXT NOT NULL, collection TEXT NOT NULL, object_id TEXT NOT NULL,
        data TEXT NOT NULL DEFAULT '{}');
      CREATE INDEX IF NOT EXISTS pending_due ON pending (sandbox_id, due_at);
    `);
  }

  private readonly statements = new Map<string, Statement>();

  /** A prepared statement, compiled once per process: preparing costs more than most queries. */
  private sql(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  close(): void {
    this.db.close();
  }

  /** Runs `work` in one transaction (./database.mts): a request's changes are stored whole or not at all. */
  transaction<T>(work: () => T, {write = true}: {write?: boolean} = {}): T {
    return inTransaction(this.db, work, write);
  }

  /** A new sandbox and its admin token (256 random bits; only its hash is stored). */
  createSandbox(seed: string | null, now = Date.now()): {sandboxId: string; token: string} {
    const sandboxId = randomBytes(12).toString('hex');
    const token = `sbx_${randomBytes(32).toString('base64url')}`;
    this.sql('INSERT INTO sandboxes (id, created_at, last_used_at, seed) VALUES (?, ?, ?, ?)').run(
      sandboxId,
      now,
      now,
      seed,
    );
    this.addToken(sandboxId, token, {role: 'admin', accessTokenId: null, serviceIds: [], expiresAt: null});
    return {sandboxId, token};
  }

  addToken(sandboxId: string, token: string, record: Omit<TokenRecord, 'sandboxId'>): void {
    this.sql(
      'INSERT INTO tokens (token_hash, sandbox_id, role, access_token_id, service_ids, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      hashToken(token),
      sandboxId,
      record.role,
      record.accessTokenId,
      JSON.stringify(record.serviceIds),
      record.expiresAt,
    );
  }

  removeTokensOf(sandboxId: string, accessTokenId: string): void {
    this.sql('DELETE FROM tokens WHERE sandbox_id = ? AND access_token_id = ?').run(sandboxId, accessTokenId);
  }

  /** The token's record, or undefined for an unknown token; marks its sandbox as used. */
  findToken(token: string, now = Date.now()): TokenRecord | undefined {
    const row = this.sql(
      'SELECT sandbox_id, role, access_token_id, service_ids, expires_at FROM tokens WHERE token_hash = ?',
    ).get(hashToken(token)) as
      | {
          sandbox_id: string;
          role: string;
          access_token_id: string | null;
          service_ids: string;
          expires_at: number | null;
        }
      | undefined;
    if (!row) return undefined;
    // The idle clock is kept to the hour: a write on every read would serialize all requests.
    this.sql('UPDATE sandboxes SET last_used_at = ? WHERE id = ? AND last_used_at < ?').run(
      now,
      row.sandbox_id,
      now - 3600_000,
    );
    return {
      sandboxId: row.sandbox_id,
      role: row.role,
      accessTokenId: row.access_token_id,
      serviceIds: JSON.parse(row.service_ids) as string[],
      expiresAt: row.expires_at,
    };
  }

  seedOf(sandboxId: string): string | null {
    return (
      (this.sql('SELECT seed FROM sandboxes WHERE id = ?').get(sandboxId) as {seed: string | null} | undefined)?.seed ??
      null
    );
  }

  /** Deletes the sandboxes idle for longer than IDLE_EXPIRY_MS; returns how many. */
  expireIdle(now = Date.now()): number {
    return Number(this.sql('DELETE FROM sandboxes WHERE last_used_at < ?').run(now - IDLE_EXPIRY_MS).changes);
  }

  get(sandboxId: string, collection: string, id: string): StoredObject | undefined {
    const row = this.sql(
      'SELECT rowid, collection, id, body, etag FROM objects WHERE sandbox_id = ? AND collection = ? AND id = ?',
    ).get(sandboxId, collection, id) as
      {rowid: number; collection: string; id: string; body: string; etag: string} | undefined;
    return row && parsed(row);
  }

  /** Every object of the sandbox with this id, whatever its collection. */
  findById(sandboxId: string, id: string): StoredObject | undefined {
    const row = this.sql('SELECT rowid, collection, id, body, etag FROM objects WHERE sandbox_id = ? AND id = ?').get(
      sandboxId,
      id,
    ) as ObjectRow | undefined;
    return row && parsed(row);
  }

  /** One page of a collection in creation order, after the object `afterRowid`. */
  list(sandboxId: string, collection: string, {afterRowid = 0, limit = 1000} = {}): StoredObject[] {
    return (
      this.sql(
        'SELECT rowid, collection, id, body, etag FROM objects WHERE sandbox_id = ? AND collection = ? AND rowid > ? ORDER BY rowid LIMIT ?',
      ).all(sandboxId, collection, afterRowid, limit) as ObjectRow[]
    ).map(parsed);
  }

  /** The objects of a collection whose top-level `field` is one of `values` (versions in a state). */
  listWhere(sandboxId: string, collection: string, field: string, values: string[]): StoredObject[] {
    return (
      this.sql(
        'SELECT rowid, collection, id, body, etag FROM objects WHERE sandbox_id = ? AND collection = ? AND json_extract(body, ?) IN (SELECT value FROM json_each(?)) ORDER BY rowid',
      ).all(sandboxId, collection, `$.${field}`, JSON.stringify(values)) as ObjectRow[]
    ).map(parsed);
  }

  /** Every object whose collection starts with `prefix` (a service's sub-resources). */
  listUnder(sandboxId: string, prefix: string): StoredObject[] {
    return (
      this.sql(
        'SELECT rowid, collection, id, body, etag FROM objects WHERE sandbox_id = ? AND substr(collection, 1, ?) = ? ORDER BY rowid',
      ).all(sandboxId, prefix.length, prefix) as ObjectRow[]
    ).map(parsed);
  }

  count(sandboxId: string, collection: string): number {
    return (
      this.sql('SELECT count(*) AS n FROM objects WHERE sandbox_id = ? AND collection = ?').get(
        sandboxId,
        collection,
      ) as {n: number}
    ).n;
  }

  bytes(sandboxId: string): number {
    return (
      (this.sql('SELECT bytes FROM sandboxes WHERE id = ?').get(sandboxId) as {bytes: number} | undefined)?.bytes ?? 0
    );
  }

  /** The stored size of an object's body, in characters, or undefined when there is none. */
  private sizeOf(sandboxId: string, collection: string, id: string): number | undefined {
    return (
      this.sql('SELECT length(body) AS size FROM objects WHERE sandbox_id = ? AND collection = ? AND id = ?').get(
        sandboxId,
        collection,
        id,
      ) as {size: number} | undefined
    )?.size;
  }

  /** Inserts or replaces an object; returns its new ETag. */
  put(sandboxId: string, collection: string, id: string, body: Record<string, unknown>): string {
    const text = JSON.stringify(body);
    const etag = etagOf(body);
    const previous = this.sizeOf(sandboxId, collection, id);
    if (previous !== undefined) {
      this.sql('UPDATE objects SET body = ?, etag = ? WHERE sandbox_id = ? AND collection = ? AND id = ?').run(
        text,
        etag,
        sandboxId,
        collection,
        id,
      );
    } else {
      this.sql('INSERT INTO objects (sandbox_id, collection, id, body, etag) VALUES (?, ?, ?, ?, ?)').run(
        sandboxId,
        collection,
        id,
        text,
        etag,
      );
    }
    this.sql('UPDATE sandboxes SET bytes = bytes + ? WHERE id = ?').run(text.length - (previous ?? 0), sandboxId);
    return etag;
  }

  /**
   * Stores as `{objects: [{collection, id, body}, …]}`, at `collection`/`id`, every object under
   * `prefix` except those under `skip`, in rowid order: a copy made inside SQLite, without parsing
   * or serializing the bodies, since a config version snapshots its service on every change.
   */
  snapshot(sandboxId: string, prefix: string, skip: string[], collection: string, id: string): void {
    const previous = this.sizeOf(sandboxId, collection, id);
    const excluded = skip.map(() => ' AND substr(collection, 1, ?) != ?').join('');
    this.sql(
      `INSERT OR REPLACE INTO objects (sandbox_id, collection, id, body, etag)
       SELECT ?, ?, ?, json_object('objects', json_group_array(json_object('collection', collection, 'id', id, 'body', json(body)))), ''
       FROM (SELECT collection, id, body FROM objects
             WHERE sandbox_id = ? AND substr(collection, 1, ?) = ?${excluded}
             ORDER BY rowid)`,
    ).run(
      sandboxId,
      collection,
      id,
      sandboxId,
      prefix.length,
      prefix,
      ...skip.flatMap((other) => [other.length, other]),
    );
    const size = this.sizeOf(sandboxId, collection, id) ?? 0;
    this.sql('UPDATE sandboxes SET bytes = bytes + ? WHERE id = ?').run(size - (previous ?? 0), sandboxId);
  }

  /** Deletes an object and everything under it (a service's origins go with the service). */
  delete(sandboxId: string, collection: string, id: string): void {
    const under = `${collection}${id}/`;
    const removed = this.sql(
      'SELECT coalesce(sum(length(body)), 0) AS size FROM objects WHERE sandbox_id = ? AND ((collection = ? AND id = ?) OR substr(collection, 1, ?) = ?)',
    ).get(sandboxId, collection, id, under.length, under) as {size: number};
    this.sql(
      'DELETE FROM objects WHERE sandbox_id = ? AND ((collection = ? AND id = ?) OR substr(collection, 1, ?) = ?)',
    ).run(sandboxId, collection, id, under.length, under);
    this.sql('DELETE FROM pending WHERE sandbox_id = ? AND object_id = ?').run(sandboxId, id);
    this.sql('UPDATE sandboxes SET bytes = bytes - ? WHERE id = ?').run(removed.size, sandboxId);
  }

  idempotency(sandboxId: string, key: string): IdempotencyRecord | undefined {
    const row = this.sql(
      'SELECT fingerprint, body_hash, status, headers, body FROM idempotency WHERE sandbox_id = ? AND key = ? AND created_at > ?',
    ).get(sandboxId, key, Date.now() - 24 * 3600 * 1000) as
      {fingerprint: string; body_hash: string; status: number; headers: string; body: string} | undefined;
    return (
      row && {
        fingerprint: row.fingerprint,
        bodyHash: row.body_hash,
        status: row.status,
        headers: JSON.parse(row.headers),
        body: row.body,
      }
    );
  }

  keepIdempotent(sandboxId: string, key: string, record: IdempotencyRecord): void {
    this.sql(
      'INSERT OR REPLACE INTO idempotency (sandbox_id, key, fingerprint, body_hash, status, headers, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      sandboxId,
      key,
      record.fingerprint,
      record.bodyHash,
      record.status,
      JSON.stringify(record.headers),
      record.body,
      Date.now(),
    );
  }

  schedule(sandboxId: string, dueAt: number, change: Omit<PendingChange, 'id'>): void {
    this.sql(
      'INSERT INTO pending (sandbox_id, due_at, kind, collection, object_id, data) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(sandboxId, dueAt, change.kind, change.collection, change.objectId, JSON.stringify(change.data));
  }

  /** The changes due by `now` (every pending one with `now = Infinity`), oldest first, removed from the queue. */
  takeDue(sandboxId: string, now: number, objectId?: string): PendingChange[] {
    const rows = this.sql(
      `SELECT id, kind, collection, object_id, data FROM pending WHERE sandbox_id = ? AND due_at <= ? ${objectId ? 'AND object_id = ?' : ''} ORDER BY due_at, id`,
    ).all(...[sandboxId, now === Infinity ? Number.MAX_SAFE_INTEGER : now, ...(objectId ? [objectId] : [])]) as {
      id: number;
      kind: string;
      collection: string;
      object_id: string;
      data: string;
    }[];
    if (rows.length)
      this.sql(`DELETE FROM pending WHERE id IN (${rows.map(() => '?').join(',')})`).run(...rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      collection: row.collection,
      objectId: row.object_id,
      data: JSON.parse(row.data),
    }));
  }

  /** Whether a pending change of the sandbox is due by `now`. */
  hasDue(sandboxId: string, now: number): boolean {
    return Boolean(this.sql('SELECT 1 FROM pending WHERE sandbox_id = ? AND due_at <= ? LIMIT 1').get(sandboxId, now));
  }
}
