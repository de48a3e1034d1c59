import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { testDatabaseKind } from '../../test/databases';

describe('GET /api/health', () => {
  it('answers 200 while the database answers and 503 once it is gone', async () => {
    const t = await createTestApp();
    try {
      const healthy = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok', database: testDatabaseKind() === 'postgres' ? 'postgres' : 'embedded' });
      await t.ctx.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});
