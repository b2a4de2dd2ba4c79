import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { login, registerUser, resetLinkIn } from '../support/auth.ts';

interface Delivery {
  from: string;
  to: string[];
  message: string;
}

const deliveries: Delivery[] = [];
// A plain local mail server as a developer's or a relay would be: no TLS, no authentication.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      deliveries.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        message: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Paddock <paddock@example.com>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('password reset mail over SMTP', () => {
  it('delivers a working reset link through the configured mail server', async () => {
    const user = await registerUser(t, { email: 'smtp.user@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/',
      payload: { email: 'smtp.user@example.com' },
    });
    expect(res.statusCode).toBe(200);

    const delivery = await vi.waitFor(() => {
      expect(deliveries).toHaveLength(1);
      return deliveries[0] as Delivery;
    });
    expect(delivery.from).toBe('paddock@example.com');
    expect(delivery.to).toEqual(['smtp.user@example.com']);
    expect(delivery.message).toContain('Subject: Reset your Paddock password');
    expect(t.outbox()).toEqual([]);

    const link = resetLinkIn(delivery.message, t.config.PUBLIC_URL);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { uid: link.uid, token: link.token, password: 'delivered by smtp' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, user.username, 'delivered by smtp')).statusCode).toBe(200);
  });
});
