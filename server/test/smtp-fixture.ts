import type { TestApp } from './harness.ts';

export * from './smtp-server.ts';

/** E-mail settings through the API (encryption none: the test server speaks plain SMTP). */
export async function makeSettings(t: TestApp, token: string, port: number, extra: Record<string, unknown> = {}) {
  const answer = await t.call('POST', '/v1/email-config', {
    token,
    body: {
      emailConfigName: `smtp-${port}-${Math.random().toString(36).slice(2, 7)}`,
      emailHost: '127.0.0.1',
      emailPort: port,
      emailEncryption: 'none',
      fromName: 'Corner Shop',
      fromAddress: 'shop@example.com',
      ...extra,
    },
  });
  if (answer.status !== 201) throw new Error(`email-config: ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number; emailConfigName: string };
}

/** Waits (waking the app's mail worker) until `check` answers something truthy; throws after `ms`. */
export async function until<T>(t: TestApp, check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    t.app.mailer.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
