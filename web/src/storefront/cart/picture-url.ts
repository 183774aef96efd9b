import { fillPath, shopRoutes as routes } from '@tillbook/contract';
import { apiBase } from '../../lib/http.ts';

/**
 * A product picture's address. The public product answers carry a URL; the server's cart and order lines
 * (so far) carry the stored file's name, which is served at `uploads/:name`.
 */
export function pictureUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.includes('/')) return value;
  return `${apiBase}/${fillPath(routes.files.get.path, { name: value })}`;
}
