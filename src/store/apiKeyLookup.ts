import type { Knex } from 'knex';
import { preparedRows, toBool, toDate, toIdOrNull } from './db';
import type { ActingUser, Organization } from './types';
import { decodeUser } from './users';

const ACTING_USER_COLUMNS = [
  'u.id AS id', 'u.organization_id AS organization_id', 'u.email AS email', 'u.full_name AS full_name',
  'u.role AS role', 'u.is_active AS is_active', 'u.bot_type AS bot_type',
  'o.name AS org_name', 'o.url AS org_url', 'o.deactivated AS org_deactivated',
  'o.welcome_message_custom_text AS org_welcome_message_custom_text',
  'o.create_multiuse_invite_group_id AS org_create_multiuse_invite_group_id',
  'o.can_add_subscribers_group_id AS org_can_add_subscribers_group_id',
  'o.can_manage_all_groups_id AS org_can_manage_all_groups_id',
];

type Row = Record<string, unknown>;

function decodeActingUser(row: Row): ActingUser {
  const organization: Organization = {
    id: Number(row.organization_id),
    name: String(row.org_name),
    url: String(row.org_url),
    deactivated: toBool(row.org_deactivated),
    welcomeMessageCustomText: String(row.org_welcome_message_custom_text ?? ''),
    createMultiuseInviteGroupId: toIdOrNull(row.org_create_multiuse_invite_group_id),
    canAddSubscribersGroupId: toIdOrNull(row.org_can_add_subscribers_group_id),
    canManageAllGroupsId: toIdOrNull(row.org_can_manage_all_groups_id),
  };
  return { ...decodeUser(row), organization };
}

export interface FailureBucket {
  key: string;
  max: number;
}

/** Failure buckets a lookup reads: the client's, and the account's when the header names one. */
const BUCKET_SLOTS = 2;

/**
 * One lookup, of the `n`th request of a batch, one row: every join reads one index entry (the
 * user holding the key hash, unique; the user's organization, by primary key; the organization
 * the request's host names, the lowest id among those sharing it, from the host index; each
 * failure bucket by its key), whatever the tables hold.
 */
function lookupMember(n: number): string {
  const slots = Array.from({ length: BUCKET_SLOTS }, (_, i) => i);
  return `SELECT ${n} AS n, ${ACTING_USER_COLUMNS.join(', ')}, h.id AS addressed_organization_id${
    slots.map((i) => `, f${i}.failures AS f${i}_failures, f${i}.expires_at AS f${i}_expires_at`).join('')}
      FROM (SELECT 1 AS one) d
      LEFT JOIN users u ON u.api_key_hash = ?
      LEFT JOIN organizations o ON o.id = u.organization_id
      LEFT JOIN organizations h ON h.id = (SELECT MIN(id) FROM organizations WHERE host = ?)${
    slots.map((i) => `\n      LEFT JOIN auth_failures f${i} ON f${i}.bucket_key = ?`).join('')}`;
}

// Lookups that arrive together share one statement: on MySQL, those asked for within one turn of
// the event loop (under load, the requests whose bytes arrived together) are sent as one UNION
// ALL at the end of that turn. Each request still reads the database after it arrived, and
// nothing outlives the statement, so a replaced key fails on every instance at once. A batch
// takes one of a few sizes (missing members repeat the last one), so each connection keeps only
// a few texts prepared. Measured here, per lookup: 8 in a statement cost MariaDB about half and
// the gateway about a fifth of what 8 statements cost; beyond 16, MariaDB's cost rose again.
const BATCH_SIZES = [1, 2, 3, 4, 6, 8, 12, 16];
const MAX_BATCH = BATCH_SIZES[BATCH_SIZES.length - 1]!;
const batchSql = new Map<number, string>();

function batchStatement(size: number): string {
  let sql = batchSql.get(size);
  if (!sql) {
    sql = Array.from({ length: size }, (_, n) => lookupMember(n)).join('\nUNION ALL\n');
    batchSql.set(size, sql);
  }
  return sql;
}

interface Lookup {
  bindings: unknown[];
  resolve: (row: Row | undefined) => void;
  reject: (err: unknown) => void;
}

/** Lookups waiting for the end of this turn of the event loop, by database. */
const waiting = new Map<Knex, Lookup[]>();

async function sendBatch(knex: Knex, lookups: Lookup[]): Promise<void> {
  try {
    const size = BATCH_SIZES.find((s) => s >= lookups.length)!;
    const bindings = Array.from({ length: size }, (_, n) => lookups[Math.min(n, lookups.length - 1)]!.bindings).flat();
    const rows = await preparedRows(knex, batchStatement(size), bindings);
    const byMember = new Map(rows.map((r) => [Number(r.n), r]));
    lookups.forEach((l, n) => l.resolve(byMember.get(n)));
  } catch (err) {
    for (const l of lookups) l.reject(err);
  }
}

function lookupRow(knex: Knex, bindings: unknown[]): Promise<Row | undefined> {
  // SQLite answers synchronously in-process, and a transaction has one connection: nothing to share.
  if (knex.client.config.client !== 'mysql2' || knex.isTransaction) {
    return preparedRows(knex, batchStatement(1), bindings).then((rows) => rows[0]);
  }
  return new Promise((resolve, reject) => {
    let queue = waiting.get(knex);
    if (!queue) {
      const lookups: Lookup[] = [];
      queue = lookups;
      waiting.set(knex, lookups);
      setImmediate(() => {
        waiting.delete(knex);
        for (let i = 0; i < lookups.length; i += MAX_BATCH) void sendBatch(knex, lookups.slice(i, i + MAX_BATCH));
      });
    }
    queue.push({ bindings, resolve, reject });
  });
}

/**
 * The authentication lookup, one statement (shared with the lookups that arrive with it): the
 * user holding the key hash, with the organization, the organization the request's host names,
 * and the latest time until which one of the caller's failure buckets is full.
 */
export async function findByApiKeyHash(
  knex: Knex, apiKeyHash: string, host: string, buckets: readonly FailureBucket[], now: Date,
): Promise<{ user: ActingUser | null; blockedUntil: Date | null; addressedOrganizationId: number | null }> {
  if (buckets.length === 0 || buckets.length > BUCKET_SLOTS) throw new Error(`a lookup reads 1 to ${BUCKET_SLOTS} failure buckets`);
  // An unused slot repeats the first bucket; only the request's own buckets are read back.
  const slots = Array.from({ length: BUCKET_SLOTS }, (_, i) => (buckets[i] ?? buckets[0]!).key);
  const row = await lookupRow(knex, [apiKeyHash, host, ...slots]);
  let blockedUntil: Date | null = null;
  buckets.forEach((b, i) => {
    const failures = row?.[`f${i}_failures`];
    if (failures === null || failures === undefined || Number(failures) < b.max) return;
    const until = toDate(row![`f${i}_expires_at`]);
    if (until > now && (blockedUntil === null || until > blockedUntil)) blockedUntil = until;
  });
  return {
    user: row && row.id !== null && row.id !== undefined ? decodeActingUser(row) : null,
    blockedUntil,
    addressedOrganizationId: toIdOrNull(row?.addressed_organization_id),
  };
}
