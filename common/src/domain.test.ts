import { describe, expect, it } from 'vitest';
import { machineDisplayStatus, planIdFromName, routeFromHash, slugify } from './domain';
import { readUsageLimits } from './usage';

describe('domain rules', () => {
  it('derives the plan id and page slugs as the spec says', () => {
    expect(planIdFromName(' Pro Plan 2! ')).toBe('pro_plan_2');
    expect(slugify('Über uns  & Kontakt')).toBe('ber-uns--kontakt');
  });

  it('parses hash routes: lower-case, params after ?, slashes trimmed, empty is home', () => {
    expect(routeFromHash('').route).toBe('home');
    expect(routeFromHash('#/Billing/?checkout=success').route).toBe('billing');
    const { route, params } = routeFromHash('#data-explorer?machineId=m1&tagId=t1');
    expect(route).toBe('data-explorer');
    expect(params.get('machineId')).toBe('m1');
  });

  it('shows machines online within 5 minutes of data or heartbeat', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    expect(machineDisplayStatus({ status: 'offline', lastDataReceived: at(4), lastHeartbeat: null }, now)).toBe('online');
    expect(machineDisplayStatus({ status: 'online', lastDataReceived: at(6), lastHeartbeat: at(7) }, now)).toBe('offline');
    expect(machineDisplayStatus({ status: 'error', lastDataReceived: null, lastHeartbeat: null }, now)).toBe('error');
    expect(machineDisplayStatus({ status: 'weird', lastDataReceived: null, lastHeartbeat: null }, now)).toBe('offline');
  });

  it('reads usage limits under their alternative spellings', () => {
    expect(readUsageLimits({ teamUsersLimit: 7, machineLimit: 3 })).toMatchObject({ teamUsers: 7, machines: 3, tags: 100 });
    expect(readUsageLimits(null).machines).toBe(1);
  });
});
