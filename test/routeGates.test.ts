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
import { BOT_TYPES, ROLE, ROLE_VALUES, type ActingUser, type User } from '../src/store/types';

// The REST shim runs a route's gate before parsing parameters, and the operation runs it again
// first thing: the two must be one check. The OpenAPI document lists a gate's declared refusals,
// so they must be exactly those it gives.

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

// Every role, as a human and as each type of bot.
const EVERYONE: User[] = ROLE_VALUES.flatMap((role) => [null, ...BOT_TYPES].map((botType, i) => ({
  id: role * 10 + i, organizationId: 1, email: `${role}-${botType ?? 'human'}@example.com`, fullName: 'Someone', role, isActive: true, botType,
})));

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

  it.each(GATED)('%s\'s gate refuses only with the refusals it declares, and with each of them someone', (_name, operation) => {
    const declared = operation.gate.refusals.map((r) => ({ msg: r.msg, code: r.code, httpStatus: r.status }));
    expect(declared.length).toBeGreaterThan(0);
    const given = EVERYONE.flatMap((user) => {
      try {
        operation.gate(user);
        return [];
      } catch (err) {
        if (!(err instanceof ZulipError)) throw err;
        return [{ msg: err.msg, code: err.code, httpStatus: err.httpStatus }];
      }
    });
    for (const refusal of given) expect(declared).toContainEqual(refusal);
    for (const refusal of declared) expect(given).toContainEqual(refusal);
    // Someone passes, too.
    expect(given.length).toBeLessThan(EVERYONE.length);
  });
});
