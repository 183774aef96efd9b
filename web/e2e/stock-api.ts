import { ownerPassword, ownerUsername, type Product } from './harness.ts';

/** The owner's token, for rows a test needs and the demo data does not hold. */
export async function ownerToken(product: Product): Promise<string> {
  const login = await fetch(`${product.url}/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ownerUsername, password: ownerPassword }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** A call to the API as the owner: JSON, or form data as it is. */
export async function api<T = Record<string, unknown>>(
  product: Product,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${product.url}/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body && !isForm ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer as T;
}
