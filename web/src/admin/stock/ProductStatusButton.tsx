import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';

/** Texts of taking a product off sale and putting it back (the spec gives none). */
export const productStatusTexts = {
  hide: {
    button: 'Hide',
    confirm: 'Hide this product? It leaves the online shop at once.',
    ok: 'Hide',
    done: 'Product hidden from the shop',
  },
  show: {
    button: 'Reactivate',
    confirm: 'Reactivate this product? It is back in the online shop at once.',
    ok: 'Reactivate',
    done: 'Product reactivated',
  },
};

/**
 * Hides an active product or reactivates a hidden one (`PATCH product/{id}` status), after a
 * confirmation; a success notice follows, and every cached list (the staff list, the product page,
 * the storefront) is read again. Shown only to a role holding `delete-product`.
 */
export function ProductStatusButton({ id, name, active, size }: { id: number; name: string; active: boolean; size?: 'small' }) {
  const { can } = usePermissions();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!can(routes.product.setStatus.access)) return null;
  const texts = active ? productStatusTexts.hide : productStatusTexts.show;
  const change = async () => {
    setBusy(true);
    const result = await api(routes.product.setStatus, { params: { id }, body: { status: active ? 'false' : 'true' } }, { toast: true });
    setBusy(false);
    if (result.error !== undefined) return;
    notify.success(texts.done);
    await client.invalidateQueries();
  };
  return (
    <Popconfirm title={texts.confirm} okText={texts.ok} onConfirm={change}>
      <Button size={size} danger={active} loading={busy} aria-label={`${texts.button} ${name}`}>
        {texts.button}
      </Button>
    </Popconfirm>
  );
}
