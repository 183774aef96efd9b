import type { Product } from './harness.ts';

/** A call to the API with a token (staff or shopper), JSON in and out; extra headers such as Idempotency-Key. */
export async function call<T = Record<string, unknown>>(
  product: Product,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${product.url}/v1/${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The same, refusing any answer but a success. */
export async function must<T = Record<string, unknown>>(...args: Parameters<typeof call>): Promise<T> {
  const answer = await call<T>(...args);
  if (answer.status >= 400) throw new Error(`${args[2]} ${args[3]}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A shopper signs up through the storefront's API and gets a token. */
export async function registerShopper(product: Product, username: string, email: string): Promise<{ id: number; token: string }> {
  const password = 'Shopper-pass1!';
  return must<{ id: number; token: string }>(product, null, 'POST', 'customer/register', {
    username,
    email,
    password,
    confirmPassword: password,
  });
}

export interface OrderRequest {
  lines: { productId: number; productQuantity: number; colorId?: number; productAttributeValueId?: number[] }[];
  deliveryFeeId: number;
  paymentMethodId: number;
  deliveryAddress: string;
  customerPhone: string;
  CustomerAccount?: string;
  CustomerTransactionId?: string;
  couponCode?: string;
}

/** The shopper fills the cart and checks out once (the Idempotency-Key names this checkout); answers the order's id. */
export async function placeOrder(product: Product, token: string, key: string, order: OrderRequest): Promise<number> {
  const { lines, ...checkout } = order;
  await must(product, token, 'POST', 'cart', { cartProduct: lines });
  const made = await must<{ createdCartOrder: { id: number } }>(product, token, 'POST', 'cart-order', checkout, { 'Idempotency-Key': key });
  return made.createdCartOrder.id;
}
