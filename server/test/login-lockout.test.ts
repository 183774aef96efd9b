import { describe, expect, test } from 'vitest';
import { readConfig } from '../src/config.ts';
import { type Answer, useTestApp } from './harness.ts';

const attacker = '203.0.113.66';
const wrongPassword = 'not-the-password';

interface From {
  remoteAddress?: string;
  forwardedFor?: string;
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status);

// The app without TRUST_PROXY, shared by the two describes that use it (attempts count per username and
// address, and every test has a user of its own, so they share no count): one app start fewer.
const t = useTestApp();

describe('with no TRUST_PROXY, X-Forwarded-For is ignored', () => {
  const login = (username: string, password: string, from: From = {}) =>
    t.call('POST', '/v1/user/login', {
      body: { username, password },
      remoteAddress: from.remoteAddress,
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    });

  test('40 guesses with a different forged X-Forwarded-For each are locked after the limit', async () => {
    const victim = await t.staffWith([]);
    const answers: Answer[] = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await login(victim.username, wrongPassword, { remoteAddress: attacker, forwardedFor: `198.51.100.${i + 1}` }));
    }
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    expect(answers[10]!.body.code).toBe('too_many_attempts');
    // the attacker's real address is locked even with the right password and yet another forged one
    expect((await login(victim.username, victim.password, { remoteAddress: attacker, forwardedFor: '198.51.100.200' })).status).toBe(429);
  });

  test('10 failures forged as 127.0.0.1 do not lock out the real local user', async () => {
    const victim = await t.staffWith([]);
    for (let i = 0; i < 10; i++) {
      expect((await login(victim.username, wrongPassword, { remoteAddress: attacker, forwardedFor: '127.0.0.1' })).status).toBe(401);
    }
    const local = await login(victim.username, victim.password, { remoteAddress: '127.0.0.1' });
    expect(local.status).toBe(200);
    expect(local.body.username).toBe(victim.username);
  });
});

describe('with TRUST_PROXY listing the proxy, the forwarded address is used', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
  const viaProxy = (username: string, password: string, forwardedFor: string, proxy = '10.1.2.3') =>
    t.call('POST', '/v1/user/login', { body: { username, password }, remoteAddress: proxy, headers: { 'x-forwarded-for': forwardedFor } });

  test('failures count against the client the proxy names, not against the proxy', async () => {
    const victim = await t.staffWith([]);
    for (let i = 0; i < 10; i++) expect((await viaProxy(victim.username, wrongPassword, '198.51.100.7')).status).toBe(401);
    expect((await viaProxy(victim.username, victim.password, '198.51.100.7')).status).toBe(429);
    // another client behind the same proxy (and the proxy itself) can still log in
    expect((await viaProxy(victim.username, victim.password, '198.51.100.8')).status).toBe(200);
    expect((await viaProxy(victim.username, victim.password, '198.51.100.8', '127.0.0.1')).status).toBe(200);
  });

  test('a client that is not a listed proxy cannot choose its address', async () => {
    const victim = await t.staffWith([]);
    for (let i = 0; i < 10; i++) {
      expect((await viaProxy(victim.username, wrongPassword, `198.51.100.${i + 1}`, attacker)).status).toBe(401);
    }
    expect((await viaProxy(victim.username, victim.password, '198.51.100.99', attacker)).status).toBe(429);
  });
});

describe('with TRUST_PROXY as a hop count', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1' } });

  test('the address the one proxy appended counts, whatever the client wrote before it', async () => {
    const victim = await t.staffWith([]);
    const login = (password: string, forwardedFor: string) =>
      t.call('POST', '/v1/user/login', {
        body: { username: victim.username, password },
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 10; i++) expect((await login(wrongPassword, `192.0.2.${i + 1}, 198.51.100.7`)).status).toBe(401);
    expect((await login(victim.password, '192.0.2.77, 198.51.100.7')).status).toBe(429);
    expect((await login(victim.password, '198.51.100.8')).status).toBe(200);
  });
});

describe('at most ten passwords are checked, however many guesses arrive at once', () => {
  test('50 simultaneous wrong passwords for one user: 10 are checked (401), 40 are refused unchecked (429)', async () => {
    const victim = await t.staffWith([]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.login(victim.username, wrongPassword)));
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length).toBe(10);
    expect(refused.length).toBe(40);
    for (const a of checked) expect(a.body.code).toBe('unauthenticated');
    for (const a of refused) expect(a.body.code).toBe('too_many_attempts');
    expect((await t.login(victim.username, victim.password)).status).toBe(429);
  });

  test('a successful login clears the count', async () => {
    const user = await t.staffWith([]);
    for (let i = 0; i < 9; i++) expect((await t.login(user.username, wrongPassword)).status).toBe(401);
    expect((await t.login(user.username, user.password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await t.login(user.username, wrongPassword)).status).toBe(401);
    expect((await t.login(user.username, wrongPassword)).status).toBe(429);
  });
});

describe('TRUST_PROXY is read strictly', () => {
  const trust = (value?: string) => readConfig({ TRUST_PROXY: value }).trustProxy;

  test('unset trusts no proxy; a count or a list of addresses and ranges is taken as given', () => {
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust(' 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  test('true (trust anyone) and things that are not addresses are refused at start', () => {
    expect(() => trust('true')).toThrow(/TRUST_PROXY/);
    expect(() => trust('proxy.example.com')).toThrow(/proxy\.example\.com/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});
