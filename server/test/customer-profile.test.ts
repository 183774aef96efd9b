import { customerMessages } from '@tillbook/contract';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { customerCookie, goodPassword, register, secretKeysIn } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';
import { png, sendForm, uploads } from './product-fixtures.ts';

const t = useTestApp();

const refresh = (cookie: string) => t.call('GET', '/v1/customer/refresh-token', { cookies: { [customerCookie]: cookie } });

describe('the profile', () => {
  test('GET customer/profile and e-commerce/profile/{own id} answer the caller, without secrets', async () => {
    const me = await register(t);
    for (const url of ['/v1/customer/profile', `/v1/e-commerce/profile/${me.id}`]) {
      const answer = await t.call('GET', url, { token: me.token });
      expect(answer.status, url).toBe(200);
      expect(answer.body).toMatchObject({ id: me.id, username: me.username, email: me.email, role: 'customer', profileImage: null });
      expect(secretKeysIn(answer.body)).toEqual([]);
    }
  });

  test('the profile form changes names, phone and address, and stores the photo through the image pipeline', async () => {
    const me = await register(t);
    const before = await uploads(t);
    const answer = await sendForm(
      t,
      me.token,
      'POST',
      `/v1/customer/${me.id}`,
      { firstName: 'Ada', lastName: 'Shopper', phone: '+44 20 7946 0000', address: 'Flat 2, 1 High Street, London' },
      [{ field: 'profileImage', data: await png(900, 600) }],
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Shopper',
      phone: '+44 20 7946 0000',
      address: 'Flat 2, 1 High Street, London',
    });
    expect(answer.body.profileImage).toMatch(/^\/v1\/uploads\/.+\.webp$/);
    // re-encoded as WebP and fitted in 400 × 400: 900 × 600 becomes 400 × 267
    const served = await t.app.inject({ method: 'GET', url: answer.body.profileImage });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);
    expect((await uploads(t)).length).toBe(before.length + 1);

    // a blank field clears it, a missing one keeps it; a new photo replaces the old file
    const second = await sendForm(t, me.token, 'POST', `/v1/customer/${me.id}`, { phone: '' }, [
      { field: 'profileImage', data: await png(50, 50) },
    ]);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ firstName: 'Ada', phone: null });
    expect(second.body.profileImage).not.toBe(answer.body.profileImage);
    expect((await uploads(t)).length).toBe(before.length + 1);
    const removed = await sendForm(t, me.token, 'POST', `/v1/customer/${me.id}`, { removeImage: 'true' });
    expect(removed.body.profileImage).toBeNull();
    expect(await uploads(t)).toEqual(before);
  });

  test('a file that is not an image, or in another field, is a 400 naming the field, and nothing changes', async () => {
    const me = await register(t);
    const before = await uploads(t);
    const notImage = await sendForm(t, me.token, 'POST', `/v1/customer/${me.id}`, { firstName: 'X' }, [
      { field: 'profileImage', data: Buffer.from('not an image at all') },
    ]);
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields).toHaveProperty('profileImage');
    const other = await sendForm(t, me.token, 'POST', `/v1/customer/${me.id}`, {}, [{ field: 'avatar', data: await png() }]);
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('avatar');
    expect((await t.call('GET', '/v1/customer/profile', { token: me.token })).body.firstName).toBeNull();
    expect(await uploads(t)).toEqual(before);
  });
});

describe('changing the password', () => {
  test('needs the right old password; then the new one signs in, the old one does not, and other sessions end', async () => {
    const me = await register(t);
    // a second session of the same shopper (another device)
    const other = await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: goodPassword } });
    const otherCookie = other.cookies.find((c) => c.name === customerCookie)!.value;
    const url = `/v1/customer/reset-password/${me.id}`;

    const wrongOld = await t.call('PATCH', url, { token: me.token, body: { oldPassword: 'Wrong-Pass1', password: 'Next-Pass2' } });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.fields).toHaveProperty('oldPassword');
    const weak = await t.call('PATCH', url, { token: me.token, body: { oldPassword: goodPassword, password: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fields).toHaveProperty('password');

    const changed = await t.call('PATCH', url, {
      token: me.token,
      body: { oldPassword: goodPassword, password: 'Next-Pass2', confirmPassword: 'Next-Pass2' },
      cookies: { [customerCookie]: me.refresh },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(customerMessages.passwordChanged);
    expect((await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: goodPassword } })).status).toBe(401);
    expect((await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: 'Next-Pass2' } })).status).toBe(200);
    // the other device's session is over; the caller's own lives on
    expect((await refresh(otherCookie)).status).toBe(401);
    expect((await refresh(me.refresh)).status).toBe(200);
  });

  test('guesses of the old password are throttled: 10 wrong ones, then 429 even with the right one', async () => {
    const me = await register(t);
    const url = `/v1/customer/reset-password/${me.id}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await t.call('PATCH', url, { token: me.token, body: { oldPassword: `Guess-Pass${i}`, password: 'Next-Pass2' } })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect((await t.call('PATCH', url, { token: me.token, body: { oldPassword: goodPassword, password: 'Next-Pass2' } })).status).toBe(429);
  });
});

describe('a customer reaches only their own account', () => {
  test('customer A cannot read or change customer B through any customer route', async () => {
    const a = await register(t, 'ownerA');
    const b = await register(t, 'ownerB');
    const read = await t.call('GET', `/v1/e-commerce/profile/${b.id}`, { token: a.token });
    expect(read.status).toBe(403);
    const form = await sendForm(t, a.token, 'POST', `/v1/customer/${b.id}`, { firstName: 'Mallory' }, [
      { field: 'profileImage', data: await png() },
    ]);
    expect(form.status).toBe(403);
    const password = await t.call('PATCH', `/v1/customer/reset-password/${b.id}`, {
      token: a.token,
      body: { oldPassword: goodPassword, password: 'Stolen-Pass9' },
    });
    expect(password.status).toBe(403);
    // B is untouched: same name, same password
    const bProfile = await t.call('GET', '/v1/customer/profile', { token: b.token });
    expect(bProfile.body.firstName).toBeNull();
    expect((await t.call('POST', '/v1/customer/login', { body: { email: b.email, password: goodPassword } })).status).toBe(200);
    // and GET customer/profile answers the caller whatever is asked
    expect((await t.call('GET', '/v1/customer/profile', { token: a.token, query: { id: String(b.id) } })).body.id).toBe(a.id);
    // the staff side's customer routes stay closed to customers
    expect((await t.call('GET', `/v1/customer/${b.id}`, { token: a.token })).status).toBe(403);
    expect((await t.call('PUT', `/v1/customer/${b.id}`, { token: a.token, body: { username: 'x' } })).status).toBe(403);
  });

  test('without a token every customer route is a 401', async () => {
    const b = await register(t);
    for (const [method, url] of [
      ['GET', '/v1/customer/profile'],
      ['GET', `/v1/e-commerce/profile/${b.id}`],
      ['POST', `/v1/customer/${b.id}`],
      ['PATCH', `/v1/customer/reset-password/${b.id}`],
      ['POST', '/v1/customer/logout'],
    ]) {
      expect((await t.call(method!, url!, { body: {} })).status, url).toBe(401);
    }
  });
});
