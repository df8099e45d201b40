import type { FastifyInstance } from 'fastify';
import type { Database } from './store/db';

interface CapturedStatement {
  sql: string;
  bindings: unknown[];
}

/**
 * For `npm run bench` only (BENCH=1): what the process spent, read from inside it. Counts every
 * statement Knex sends, and on request records them, so the bench can count statements per
 * request and replay exactly the statements an operation issues.
 */
export async function benchProbe(app: FastifyInstance, options: { db: Database }): Promise<void> {
  let statements = 0;
  let captured: CapturedStatement[] | null = null;
  options.db.knex.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    statements++;
    if (captured) captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
  });
  app.get('/__bench/stats', async () => {
    const cpu = process.cpuUsage();
    const mem = process.memoryUsage();
    return { statements, cpuMicros: cpu.user + cpu.system, rss: mem.rss, heapUsed: mem.heapUsed };
  });
  app.get('/__bench/capture/start', async () => {
    captured = [];
    return {};
  });
  app.get('/__bench/capture/stop', async () => {
    const result = captured ?? [];
    captured = null;
    return { statements: result };
  });
}
