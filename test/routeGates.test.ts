import { describe, expect, it } from 'vitest';
import { ZulipError } from '../src/errors';
import type { Services } from '../src/operations/context';
import * as channelFolders from '../src/operations/channelFolders';
import type { GatedOperation } from '../src/operations/gates';
import * as invitations from '../src/operations/invitations';
import * as profileData from '../src/operations/profileData';
import * as pushDevices from '../src/operations/pushDevices';
import { requireHuman } from '../src/policy';
import type { RestRoute } from '../src/rest/route';
import { ROUTES } from '../src/rest/routes/index';
import { ROLE, type ActingUser } from '../src/store/types';

// The REST shim runs a route's gate before parsing parameters, and the operation runs it again
// first thing: the two must be one check.

const GATED = Object.entries<unknown>({ ...channelFolders, ...invitations, ...profileData, ...pushDevices })
  .filter((entry): entry is [string, GatedOperation<any[], unknown>] => typeof entry[1] === 'function' && 'gate' in entry[1]);

// A bot with a member's role: every gate refuses it.
const bot: ActingUser = {
  id: 1, organizationId: 1, email: 'bot@example.com', fullName: 'Bot', role: ROLE.MEMBER, isActive: true, botType: 'default',
  organization: {
    id: 1, name: 'Org', url: 'http://org.example', deactivated: false, welcomeMessageCustomText: '',
    createMultiuseInviteGroupId: null, canAddSubscribersGroupId: null, canManageAllGroupsId: null,
  },
};

// Any use of the services (the database, the configuration, the clock) before the gate fails loudly.
const untouchable = new Proxy({}, { get: (_t, name) => { throw new Error(`services.${String(name)} read before the gate`); } }) as Services;

function refusalOf(check: () => void): ZulipError {
  try {
    check();
  } catch (err) {
    if (err instanceof ZulipError) return err;
    throw err;
  }
  throw new Error('the gate let the caller through');
}

describe('route gates', () => {
  it('every gated route takes its gate from an operation; a policy function named directly does not type-check', () => {
    const gates = new Set(GATED.map(([, op]) => op.gate));
    const gatedRoutes = ROUTES.filter((r) => r.gate !== undefined);
    expect(gatedRoutes.length).toBeGreaterThan(0);
    for (const r of gatedRoutes) expect(gates.has(r.gate!), r.operationId).toBe(true);
    // @ts-expect-error: only a gated operation's `gate` may stand in a route
    const byName: RestRoute['gate'] = requireHuman;
    expect(byName).toBeDefined();
  });

  it.each(GATED)('%s refuses through its gate before it reads anything', async (_name, operation) => {
    const expected = refusalOf(() => operation.gate(bot));
    await expect(operation(untouchable, bot, {}, 'x', 'y'))
      .rejects.toMatchObject({ msg: expected.msg, code: expected.code, httpStatus: expected.httpStatus });
  });
});
