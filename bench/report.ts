import type { CeilingResult } from './ceilings';
import type { Settling } from './database';
import type { InstructionCount } from './instructions';
import { hostWasBusy } from './processes';

// The table, the targets and the README section, from one run's results.

export interface Row {
  operation: string;
  title: string;
  api: 'rest' | 'graphql';
  clients: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
  statementsPerRequest: number;
  peakRssMB: number;
  ceiling: {
    kind: 'same work' | 'bare Apollo';
    rps: number;
    p50: number;
    p99: number;
    cpuMicrosPerRequest: number;
    statementsPerRequest: number;
    peakRssMB: number | null;
  };
  rawInsertRatio: number;
}

export interface Target {
  target: string;
  measured: string;
  holds: boolean | null;
}

export interface BenchResults {
  date: string;
  commit: string;
  machine: {
    cpus: number; cpuModel: string; node: string; mariadb: string; loadAverageBefore?: number; loadAverageAfter?: number;
    /** Share of the machine's CPU time the hypervisor gave to other guests during the run. */
    stealShare?: number;
  };
  world: { users: number; channels: number; groups: number; profileFields: number };
  serverIdleRssMB: number;
  ceilings: {
    rawInsert: CeilingResult;
    bareApollo: Record<string, BareRun>;
    /** Bare Apollo whose mutation first makes the gateway's authentication lookup (prepared, plain mysql2). */
    bareApolloWithLookup: Record<string, BareRun> | null;
    sameWork: Record<string, Record<number, CeilingResult>>;
    capturedStatements: Record<string, string[]>;
  };
  rows: Row[];
  soak: null | {
    seconds: number; requests: number; rps: number; p50: number; p99: number; p99ByWindow: number[]; rssMB: number[]; rssSpread: number;
    /** The most a request was sent after it was due (the load generator's own lateness). */
    scheduleLateMs: number;
    /** The same work through plain Knex, paced alike, just before. */
    ceiling: { p50: number; p99: number; p99ByWindow: number[] };
  };
  /** The waits for the database to write back earlier phases' changes (see settleDatabase). */
  settling?: Settling[];
  /** Instructions per request under callgrind (`--instructions`); absent when not run. */
  instructions?: InstructionCount[] | null;
  targets: Target[];
  totalSeconds: number;
}

const f0 = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number): string => (Number.isFinite(n) ? n.toFixed(2) : '–');

function row(r: BenchResults, op: string, api: string, clients: number): Row | undefined {
  return r.rows.find((x) => x.operation === op && x.api === api && x.clients === clients);
}

interface BareRun { rps: number; p50: number; p99: number; cpuMicrosPerRequest: number; peakRssMB: number }

export function targets(r: BenchResults): Target[] {
  const out: Target[] = [];
  const restFolder = row(r, 'create-folder', 'rest', 50);
  const gqlFolder = row(r, 'create-folder', 'graphql', 50);
  if (restFolder) {
    out.push({ target: 'REST create folder at 50 clients ≥ 0.30 × raw INSERT ceiling', measured: `${f2(restFolder.rawInsertRatio)} (${f0(restFolder.rps)} vs ${f0(r.ceilings.rawInsert.rps)} req/s)`, holds: restFolder.rawInsertRatio >= 0.3 });
    const sw = restFolder.rps / restFolder.ceiling.rps;
    out.push({ target: 'REST create folder at 50 clients ≥ 0.6 × same-work ceiling', measured: `${f2(sw)} (${f0(restFolder.rps)} vs ${f0(restFolder.ceiling.rps)} req/s)`, holds: sw >= 0.6 });
    out.push({ target: 'server CPU ≤ 180 µs per request (REST create folder, 50 clients)', measured: `${f0(restFolder.cpuMicrosPerRequest)} µs`, holds: restFolder.cpuMicrosPerRequest <= 180 });
  }
  if (restFolder && gqlFolder) {
    const ratio = gqlFolder.rps / restFolder.rps;
    out.push({ target: 'GraphQL create folder ≥ 0.9 × REST (50 clients)', measured: `${f2(ratio)} (${f0(gqlFolder.rps)} vs ${f0(restFolder.rps)} req/s)`, holds: ratio >= 0.9 });
  }
  const trivial = row(r, 'trivial-query', 'graphql', 50);
  if (trivial) {
    const ratio = trivial.rps / trivial.ceiling.rps;
    out.push({ target: 'trivial query through the full stack ≥ 0.85 × bare Apollo (50 clients)', measured: `${f2(ratio)} (${f0(trivial.rps)} vs ${f0(trivial.ceiling.rps)} req/s)`, holds: ratio >= 0.85 });
    const like = r.ceilings.bareApolloWithLookup?.[50];
    if (like) {
      const likeRatio = trivial.rps / like.rps;
      out.push({ target: 'for reference, like for like: the trivial query ≥ 0.85 × bare Apollo making the same lookup (50 clients)', measured: `${f2(likeRatio)} (${f0(trivial.rps)} vs ${f0(like.rps)} req/s)`, holds: likeRatio >= 0.85 });
    }
  }
  const at50 = r.rows.filter((x) => x.clients === 50);
  const worst = at50.reduce((a, b) => (b.p99 > a.p99 ? b : a), at50[0]!);
  if (worst) {
    const over = at50.filter((x) => x.p99 > 25).map((x) => `${x.operation} ${x.api} ${f1(x.p99)}`);
    out.push({ target: 'p99 ≤ 25 ms at 50 clients (every row)', measured: over.length ? `over: ${over.join('; ')}` : `worst ${f1(worst.p99)} ms (${worst.operation} ${worst.api})`, holds: over.length === 0 });
  }
  const has = (op: string): boolean => r.rows.some((x) => x.operation === op);
  const sql = (op: string): number => Math.max(...r.rows.filter((x) => x.operation === op).map((x) => x.statementsPerRequest));
  if (has('create-folder')) out.push({ target: 'SQL statements per request: create folder ≤ 2', measured: f2(sql('create-folder')), holds: sql('create-folder') <= 2 });
  if (has('invitation-empty') && has('invitation-lists')) out.push({ target: 'SQL statements per request: create invitation ≤ 7 whatever the list sizes', measured: `${f2(sql('invitation-empty'))} without lists, ${f2(sql('invitation-lists'))} with 100 + 20`, holds: Math.max(sql('invitation-empty'), sql('invitation-lists')) <= 7 });
  // With one client nothing is shared, so those runs give the count per request; with more, the
  // authentication lookups of requests arriving together share a statement and the count is lower.
  for (const op of ['regenerate-key', 'remove-profile'].filter(has)) {
    const runs = r.rows.filter((x) => x.operation === op);
    const alone = runs.filter((x) => x.clients === 1).map((x) => x.statementsPerRequest);
    const constant = Math.max(...alone) - Math.min(...alone) < 0.01 && runs.every((x) => x.statementsPerRequest <= Math.max(...alone) + 0.01);
    out.push({ target: `SQL statements per request: ${op} constant`, measured: `${f2(Math.max(...alone))} with one client over both APIs, no more with 10 or 50`, holds: constant });
  }
  if (r.soak) {
    const c = r.soak.ceiling;
    out.push({
      target: 'p99 ≤ 5 ms at a steady 1,000 req/s (5 minutes, REST create folder)',
      measured: `${f1(r.soak.p99)} ms at ${f0(r.soak.rps)} req/s (p50 ${f2(r.soak.p50)}); its same work paced alike through plain Knex: p99 ${f1(c.p99)} ms (p50 ${f2(c.p50)}), so × ${f1(r.soak.p99 / c.p99)}`,
      holds: r.soak.p99 <= 5,
    });
    out.push({ target: 'server memory flat (±10%) over the 5 minutes', measured: `spread ${f1(r.soak.rssSpread * 100)}% after the first minute`, holds: r.soak.rssSpread <= 0.2 });
  } else {
    out.push({ target: 'p99 ≤ 5 ms at 1,000 req/s and memory flat over 5 minutes', measured: 'not run (npm run bench -- --soak)', holds: null });
  }
  return out;
}

/** The instruction counts taken (`--instructions`), and which each one's ratio is to. */
export const INSTRUCTION_LABELS = {
  bare: 'bare Apollo, constant mutation',
  trivial: 'trivial query { me { id } }',
  rest: 'create folder, REST',
  graphql: 'create folder, GraphQL',
} as const;
const INSTRUCTION_BASES: Record<string, string> = {
  [INSTRUCTION_LABELS.trivial]: INSTRUCTION_LABELS.bare,
  [INSTRUCTION_LABELS.graphql]: INSTRUCTION_LABELS.rest,
};

export function renderTable(r: BenchResults): string {
  const lines = [
    '| operation | API | clients | req/s | × ceiling | × raw INSERT | p50 ms (× ceiling) | p99 ms (× ceiling) | server CPU µs/req (× ceiling) | SQL/req | peak RSS MB |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const x of r.rows) {
    const c = x.ceiling;
    lines.push(`| ${x.title} | ${x.api === 'rest' ? 'REST' : 'GraphQL'} | ${x.clients} | ${f0(x.rps)} | ${f2(x.rps / c.rps)} | ${f2(x.rawInsertRatio)} `
      + `| ${f2(x.p50)} (${f1(x.p50 / c.p50)}) | ${f2(x.p99)} (${f1(x.p99 / c.p99)}) | ${f0(x.cpuMicrosPerRequest)} (${f1(x.cpuMicrosPerRequest / c.cpuMicrosPerRequest)}) `
      + `| ${f2(x.statementsPerRequest)} | ${f0(x.peakRssMB)} |`);
  }
  const raw = r.ceilings.rawInsert;
  const ceilingLines = [
    '',
    '| ceiling | req/s at 1 / 10 / 50 callers | p99 ms at 50 | CPU µs per call at 50 (its own process) |',
    '|---|--:|--:|--:|',
    `| raw mysql2 single-row INSERT (pool 10, 50 callers) | – / – / ${f0(raw.rps)} | ${f2(raw.p99)} | ${f0(raw.cpuMicrosPerCall)} |`,
    `| bare Apollo Server 5 on Fastify, constant mutation | ${[1, 10, 50].map((c) => f0(r.ceilings.bareApollo[c]!.rps)).join(' / ')} | ${f2(r.ceilings.bareApollo[50]!.p99)} | ${f0(r.ceilings.bareApollo[50]!.cpuMicrosPerRequest)} |`,
    ...(r.ceilings.bareApolloWithLookup ? [`| bare Apollo Server 5 on Fastify, the mutation after the authentication lookup (plain mysql2, prepared) | ${[1, 10, 50].map((c) => f0(r.ceilings.bareApolloWithLookup![c]!.rps)).join(' / ')} | ${f2(r.ceilings.bareApolloWithLookup[50]!.p99)} | ${f0(r.ceilings.bareApolloWithLookup[50]!.cpuMicrosPerRequest)} |`] : []),
    ...(r.soak ? [`| same work, plain Knex (pool 10): create-folder paced at 1,000 calls/s for 5 minutes (the soak's ceiling) | – | ${f2(r.soak.ceiling.p99)} (the soak: ${f2(r.soak.p99)}) | – |`] : []),
    ...Object.entries(r.ceilings.sameWork).filter(([op]) => op !== 'trivial-query').map(([op, byClients]) => `| same work, plain Knex (pool 10): ${op} (${f0(byClients[50]!.statementsPerCall)} statements) | ${[1, 10, 50].map((c) => f0(byClients[c]!.rps)).join(' / ')} | ${f2(byClients[50]!.p99)} | ${f0(byClients[50]!.cpuMicrosPerCall)} |`),
  ];
  const counts = new Map((r.instructions ?? []).map((i) => [i.label, i.instructionsPerRequest]));
  const instructionLines = counts.size === 0 ? [] : ['',
    '| under callgrind (10 clients; user-space instructions, whatever the machine\'s load; a few % between runs) | instructions per request | its baseline\'s count ÷ this (compares as req/s do) |',
    '|---|--:|--:|',
    ...[...counts].map(([label, n]) => {
      const base = counts.get(INSTRUCTION_BASES[label] ?? '');
      return `| ${label} | ${f0(n)} | ${base ? `${f2(base / n)} (baseline: ${INSTRUCTION_BASES[label]})` : '–'} |`;
    })];
  const targetLines = ['', '| target | measured | holds |', '|---|---|---|',
    ...r.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.holds === null ? 'not run' : t.holds ? 'yes' : '**no**'} |`)];
  return [...lines, ...ceilingLines, ...instructionLines, ...targetLines].join('\n');
}

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

/** A shared host's neighbours: their share of the CPU time, when the run recorded it. */
export function stealNote(share: number | undefined): string {
  if (share === undefined) return '';
  const busy = hostWasBusy(share) ? ' (the host was busy: timed figures are low, and instruction counts a little high)' : '';
  return `; ${f0(share * 100)}% of the machine's CPU time went to other guests of its host${busy}`;
}

export function renderReadme(readme: string, r: BenchResults, file: string): string {
  const section = [
    START,
    `Latest run: ${r.date.slice(0, 16).replace('T', ' ')} UTC, commit ${r.commit}, ${r.machine.cpus} CPUs (${r.machine.cpuModel}), Node ${r.machine.node}, MariaDB ${r.machine.mariadb}; 1-minute load average ${f1(r.machine.loadAverageBefore ?? NaN)} before the run${(r.machine.loadAverageBefore ?? 0) > r.machine.cpus ? ' (above the CPU count: other work shared the machine and the absolute figures are low)' : ''} and ${f1(r.machine.loadAverageAfter ?? NaN)} at its end (its own load)${stealNote(r.machine.stealShare)}; full figures in \`${file}\`.`,
    '',
    renderTable(r),
    END,
  ].join('\n');
  const at = readme.indexOf(START);
  if (at >= 0) return readme.slice(0, at) + section + readme.slice(readme.indexOf(END) + END.length);
  return `${readme.trimEnd()}\n\n${section}\n`;
}
