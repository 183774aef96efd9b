import { beforeAll, describe, expect, test } from 'vitest';
import { register, type Shopper } from './customer-fixtures.ts';
import type { Answer } from './harness.ts';
import { useTestApp } from './harness.ts';
import { noisyPng, png, sendForm, uploads } from './product-fixtures.ts';
import { type CheckoutSetup, checkout, checkoutSetup, moveOrder, shopProduct, shopperWithCart } from './shop-fixtures.ts';

/** Reviews and ratings (reference 3.19 with its defects fixed): one per shopper and product, photos, replies, hiding. */
const t = useTestApp({ invariants: true });
let owner: string;
let setup: CheckoutSetup;

beforeAll(async () => {
  owner = await t.ownerToken();
  setup = await checkoutSetup(t, owner, 5);
});

const review = (shopper: Pick<Shopper, 'token'>, fields: Record<string, string>, photos: Buffer[] = []) =>
  sendForm(
    t,
    shopper.token,
    'POST',
    '/v1/review-rating',
    fields,
    photos.map((data) => ({ field: 'images', data })),
  );
const ok = (answer: Answer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};
const publicReviews = (productId: number, query: Record<string, string> = {}) =>
  t.call('GET', `/v1/review-rating/product/${productId}`, { query });
const statements = (answer: Answer) => Number(answer.headers['x-sql-statements']);

/** A shopper whose web order of the product is placed (cash on delivery) and, when asked, delivered. */
async function buyer(productId: number, delivered = true) {
  const shopper = await shopperWithCart(t, [{ productId, productQuantity: 1 }]);
  const order = ok(
    await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, deliveryAddress: '1 High Street' }),
    201,
  ).createdCartOrder;
  if (delivered) {
    ok(await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'RECEIVED', courierMediumId: setup.courierId }));
    ok(await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'SHIPPED' }));
    ok(await moveOrder(t, owner, { invoiceId: order.id, orderStatus: 'DELIVERED' }));
  }
  return { shopper, orderId: order.id as number };
}

describe('writing a review', () => {
  test('a rating must be a whole number from 1 to 5, named in the refusal', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t);
    for (const rating of ['6', '0', '2.5', 'five', '']) {
      const answer = await review(shopper, { productId: String(p.id), rating, review: 'Nice' });
      expect(answer.status, rating).toBe(400);
      expect(answer.body.fields, rating).toHaveProperty('rating');
      expect(answer.body.error, rating).toMatch(/^Rating /);
    }
    expect(ok(await publicReviews(p.id)).totalReviewRating.totalReview).toBe(0);
  });

  test('a 4 MB photo, a fourth photo and a file that is no picture are refused naming the photos; nothing is kept', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t);
    const before = await uploads(t);
    const big = await noisyPng(1200);
    expect(big.length).toBeGreaterThan(4_000_000);
    const tooBig = await review(shopper, { productId: String(p.id), rating: '5' }, [big]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.fields).toHaveProperty('images');
    expect(tooBig.body.error).toMatch(/^Photos /);
    const four = await review(shopper, { productId: String(p.id), rating: '5' }, await Promise.all([png(), png(), png(), png()]));
    expect(four.status).toBe(400);
    expect(four.body.fields).toHaveProperty('images');
    const junk = await review(shopper, { productId: String(p.id), rating: '5' }, [Buffer.from('<html>not a picture</html>')]);
    expect(junk.status).toBe(400);
    expect(junk.body).toMatchObject({ fields: { images: expect.stringMatching(/PNG, JPEG, GIF or WebP/) } });
    expect(await uploads(t)).toEqual(before);
    expect(ok(await publicReviews(p.id)).totalReviewRating.totalReview).toBe(0);
  });

  test('one review per shopper and product: a second is a 409 and leaves no photo behind; a customerId in the form is not read', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t, 'writer');
    const other = await register(t, 'other');
    const first = ok(
      await review(shopper, { productId: String(p.id), rating: '4', review: 'Good kettle', customerId: String(other.id) }, [await png()]),
      201,
    );
    expect(first).toMatchObject({
      productId: p.id,
      rating: 4,
      review: 'Good kettle',
      verifiedPurchase: 'false',
      customerName: shopper.username,
    });
    expect(first.images).toEqual([expect.objectContaining({ position: 0, url: expect.stringMatching(/^\/v1\/uploads\/.+\.webp$/) })]);
    const photo = await t.call('GET', first.images[0].url);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    // written as the token's shopper, not the one named in the form
    expect(ok(await t.call('GET', `/v1/review-rating/${first.id}`, { token: owner })).customerId).toBe(shopper.id);

    const files = await uploads(t);
    const again = await review(shopper, { productId: String(p.id), rating: '1' }, [await png(), await png()]);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already reviewed this product');
    expect(await uploads(t)).toEqual(files);

    // the other shopper still has their own review to write
    ok(await review(other, { productId: String(p.id), rating: '2' }), 201);
    const listed = ok(await publicReviews(p.id));
    expect(listed.totalReviewRating.totalReview).toBe(2);
    expect(JSON.stringify(listed)).not.toContain(shopper.email);
    expect(JSON.stringify(listed)).not.toContain(other.email);
  });

  test('two reviews of one product sent at once by one shopper: one is written, the other is a 409, and its photo is not kept', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t);
    const before = (await uploads(t)).length;
    const answers = await Promise.all([
      review(shopper, { productId: String(p.id), rating: '5' }, [await png()]),
      review(shopper, { productId: String(p.id), rating: '1' }, [await png()]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    // the written one's photo at two sizes, nothing of the refused one
    expect((await uploads(t)).length).toBe(before + 2);
    expect(ok(await publicReviews(p.id)).totalReviewRating.totalReview).toBe(1);
  });

  test('sent as JSON without photos, as a reference client sends it: accepted; refusals still name the field; photos only as files', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t);
    const other = await register(t);
    const send = (body: unknown, who = shopper) => t.call('POST', '/v1/review-rating', { token: who.token, body });
    const bad = await send({ productId: p.id, rating: 6, review: 'Too good' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('rating');
    expect(bad.body.error).toMatch(/^Rating /);
    const photo = await send({ productId: p.id, rating: 5, images: ['kettle.png'] });
    expect(photo.status).toBe(400);
    expect(photo.body.fields).toHaveProperty('images');
    expect(photo.body.error).toMatch(/^Photos /);
    // the reference's body: its customerId is not read, an empty photo list is no photo
    const written = ok(await send({ productId: p.id, customerId: other.id, rating: 4, review: 'Boils fast', images: [] }), 201);
    expect(written).toMatchObject({ productId: p.id, rating: 4, review: 'Boils fast', images: [], customerName: shopper.username });
    expect(ok(await t.call('GET', `/v1/review-rating/${written.id}`, { token: owner })).customerId).toBe(shopper.id);
    // ratings as text, as a form would send them
    ok(await send({ productId: String(p.id), rating: '2' }, other), 201);
    expect((await send({ productId: p.id, rating: 3 })).status).toBe(409);
    expect(ok(await publicReviews(p.id)).totalReviewRating).toMatchObject({ totalReview: 2, averageRating: 3 });
    const empty = await t.call('POST', '/v1/review-rating', { token: shopper.token });
    expect(empty.status).toBe(400);
  });

  test('a hidden or unknown product takes no review', async () => {
    const p = await shopProduct(t);
    ok(await t.call('PATCH', `/v1/product/${p.id}`, { token: owner, body: { status: 'false' } }));
    const shopper = await register(t);
    const answer = await review(shopper, { productId: String(p.id), rating: '3' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('productId');
    expect((await publicReviews(p.id)).status).toBe(404);
  });
});

describe('verified purchase', () => {
  test('only a shopper who received the product: an order not yet delivered does not count, a delivered one does', async () => {
    const p = await shopProduct(t);
    const { shopper: waiting } = await buyer(p.id, false);
    const mine = ok(await t.call('GET', `/v1/review-rating/product/${p.id}/mine`, { token: waiting.token }));
    expect(mine).toEqual({ received: 'false', canReview: 'false', review: null });
    expect(ok(await review(waiting, { productId: String(p.id), rating: '3' }), 201).verifiedPurchase).toBe('false');

    const { shopper: received } = await buyer(p.id);
    expect(ok(await t.call('GET', `/v1/review-rating/product/${p.id}/mine`, { token: received.token }))).toEqual({
      received: 'true',
      canReview: 'true',
      review: null,
    });
    const written = ok(await review(received, { productId: String(p.id), rating: '5', review: 'Works' }), 201);
    expect(written.verifiedPurchase).toBe('true');
    const after = ok(await t.call('GET', `/v1/review-rating/product/${p.id}/mine`, { token: received.token }));
    expect(after).toMatchObject({ received: 'true', canReview: 'false', review: { id: written.id } });
  });
});

describe('what the storefront shows', () => {
  test('the average and the counts per star, on the reviews, the cached product list and page; a hidden review leaves them at once', async () => {
    const p = await shopProduct(t);
    const shoppers = await Promise.all([register(t), register(t), register(t)]);
    const written = [];
    for (const [i, rating] of ['5', '4', '4'].entries())
      written.push(ok(await review(shoppers[i]!, { productId: String(p.id), rating }), 201));

    const listed = ok(await publicReviews(p.id));
    expect(listed.totalReviewRating).toEqual({
      totalReview: 3,
      averageRating: 4.33,
      Rating: { one: 0, two: 0, three: 0, four: 2, five: 1 },
    });
    // newest first
    expect(listed.getAllReviewRating.map((r: { id: number }) => r.id)).toEqual(written.map((r) => r.id).reverse());
    const second = ok(await publicReviews(p.id, { page: '2', count: '1' }));
    expect(second.getAllReviewRating.map((r: { id: number }) => r.id)).toEqual([written[1].id]);
    expect(second.totalReviewRating.totalReview).toBe(3);

    const page = () => t.call('GET', `/v1/product/public/${p.id}`);
    const list = async () => {
      const answer = await t.call('GET', '/v1/product/public', { query: { count: '100' } });
      return { answer, row: answer.body.getAllProduct.find((x: { id: number }) => x.id === p.id) };
    };
    expect(ok(await page())).toMatchObject({ averageRating: 4.33, totalReview: 3 });
    expect((await list()).row).toMatchObject({ averageRating: 4.33, totalReview: 3 });
    // both answered from the cache now
    expect(statements(await page())).toBe(0);
    expect(statements((await list()).answer)).toBe(0);

    const hidden = ok(await t.call('PATCH', `/v1/review-rating/${written[0].id}`, { token: owner, body: { status: 'false' } }));
    expect(hidden).toMatchObject({ status: 'false', message: 'Review rating hided successfully' });
    expect(ok(await page())).toMatchObject({ averageRating: 4, totalReview: 2 });
    expect((await list()).row).toMatchObject({ averageRating: 4, totalReview: 2 });
    const without = ok(await publicReviews(p.id));
    expect(without.totalReviewRating).toEqual({ totalReview: 2, averageRating: 4, Rating: { one: 0, two: 0, three: 0, four: 2, five: 0 } });
    expect(without.getAllReviewRating.map((r: { id: number }) => r.id)).not.toContain(written[0].id);

    const shown = ok(await t.call('PATCH', `/v1/review-rating/${written[0].id}`, { token: owner, body: { status: 'true' } }));
    expect(shown.message).toBe('Review rating is activate successfully');
    expect(ok(await page())).toMatchObject({ averageRating: 4.33, totalReview: 3 });
  });

  test('a staff reply shows under the review, without the staff account; staff see who wrote it', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t);
    const written = ok(await review(shopper, { productId: String(p.id), rating: '2', review: 'Leaks' }), 201);
    const staff = await t.staffWith(['create-reviewReply', 'readSingle-reviewRating']);
    const reply = ok(
      await t.call('POST', '/v1/review-rating/reply', {
        token: staff.token,
        body: { reviewId: written.id, comment: 'Sorry: we send a new one', userId: 1, adminId: 1 },
      }),
      201,
    );
    expect(reply).toMatchObject({ reviewId: written.id, comment: 'Sorry: we send a new one', userId: staff.userId });
    const shown = ok(await publicReviews(p.id)).getAllReviewRating[0];
    expect(shown.reviewReply).toEqual([
      {
        id: reply.id,
        reviewId: written.id,
        comment: 'Sorry: we send a new one',
        status: 'true',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const detail = ok(await t.call('GET', `/v1/review-rating/${written.id}`, { token: staff.token }));
    expect(detail.reviewReply[0]).toMatchObject({ userId: staff.userId, userName: expect.any(String) });

    const empty = await t.call('POST', '/v1/review-rating/reply', { token: staff.token, body: { reviewId: written.id, comment: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('comment');
    const unknown = await t.call('POST', '/v1/review-rating/reply', { token: staff.token, body: { reviewId: 999999, comment: 'Hi' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('reviewId');
  });
});

describe('the staff side', () => {
  test('the list searches and filters by product, stars, verified and status', async () => {
    const p = await shopProduct(t);
    const { shopper } = await buyer(p.id);
    const verified = ok(await review(shopper, { productId: String(p.id), rating: '5', review: 'Marvellous toaster' }), 201);
    const plain = ok(await review(await register(t), { productId: String(p.id), rating: '1', review: 'Burnt my bread' }), 201);
    ok(await t.call('PATCH', `/v1/review-rating/${plain.id}`, { token: owner, body: { status: 'false' } }));
    const list = async (query: Record<string, string>) =>
      ok(await t.call('GET', '/v1/review-rating', { token: owner, query: { productId: String(p.id), ...query } }));

    expect((await list({})).getAllReviewRating.map((r: { id: number }) => r.id)).toEqual([verified.id]);
    const all = await list({ status: 'true,false' });
    expect(all.totalReviewRating).toBe(2);
    expect(all.getAllReviewRating[0]).toMatchObject({
      id: plain.id,
      status: 'false',
      productName: expect.any(String),
      customerId: expect.any(Number),
    });
    expect((await list({ status: 'true,false', rating: '1' })).getAllReviewRating.map((r: { id: number }) => r.id)).toEqual([plain.id]);
    expect((await list({ status: 'true,false', verifiedPurchase: 'true' })).getAllReviewRating.map((r: { id: number }) => r.id)).toEqual([
      verified.id,
    ]);
    expect((await list({ status: 'true,false', key: 'burnt' })).getAllReviewRating.map((r: { id: number }) => r.id)).toEqual([plain.id]);
    expect((await list({ query: 'all', status: 'true,false' })).getAllReviewRating).toHaveLength(2);
    expect((await list({ status: 'true,false', startDate: '2099-01-01' })).totalReviewRating).toBe(0);
    expect((await list({ status: 'true,false', page: '2', count: '1' })).getAllReviewRating.map((r: { id: number }) => r.id)).toEqual([
      verified.id,
    ]);
    const badRating = await t.call('GET', '/v1/review-rating', { token: owner, query: { rating: '6' } });
    expect(badRating.status).toBe(400);
    expect(badRating.body.fields).toHaveProperty('rating');
  });

  test('staff-only routes refuse a shopper (403) and anyone without a token (401)', async () => {
    const p = await shopProduct(t);
    const shopper = await register(t);
    const written = ok(await review(shopper, { productId: String(p.id), rating: '3' }), 201);
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/review-rating'],
      ['GET', '/v1/review-rating?query=all'],
      ['GET', `/v1/review-rating/${written.id}`],
      ['POST', '/v1/review-rating/reply', { reviewId: written.id, comment: 'Me' }],
      ['PATCH', `/v1/review-rating/${written.id}`, { status: 'false' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { token: shopper.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    expect(ok(await publicReviews(p.id)).totalReviewRating.totalReview).toBe(1);
    // staff cannot write a shopper's review
    expect((await review({ token: owner }, { productId: String(p.id), rating: '5' })).status).toBe(403);
  });
});
