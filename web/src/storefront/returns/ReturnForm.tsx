import { useQueryClient } from '@tanstack/react-query';
import { type CartOrderDetail, type ReturnType, shopRoutes as routes } from '@tillbook/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useMoney } from '../shop.ts';
import { returnTypeChoices } from './return-words.ts';
import './returns.css';

type Order = CartOrderDetail['singleCartOrder'];
type Line = Order['cartOrderProduct'][number];

const lineName = (l: Line) => [l.product.name, l.colors?.name, ...l.cartOrderAttributeValue.map((v) => v.name)].filter(Boolean).join(' · ');

/** The server's field names as the form shows them ('Reason is required'). */
const labels: Record<string, string> = { returnType: 'Return type', note: 'Reason', returnCartOrderProduct: 'Items' };

/**
 * "Return items" of a delivered order: which lines and how many of each (up to what is still returnable),
 * a replacement or a refund, and why. One `Idempotency-Key` per submission: a double click or a retry after
 * a lost answer cannot ask twice; a refusal (4xx) makes the next attempt a new one.
 */
export function ReturnForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const money = useMoney();
  const queryClient = useQueryClient();
  const lines = order.cartOrderProduct.filter((l) => l.returnableQuantity > 0);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [type, setType] = useState<ReturnType | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submission = useSubmission();
  const { busy } = submission;

  const toggle = (line: Line, on: boolean) => {
    setChosen(({ [line.id]: _, ...rest }) => (on ? { ...rest, [line.id]: '1' } : rest));
    setErrors(({ [`line-${line.id}`]: _, returnCartOrderProduct: __, ...rest }) => rest);
  };

  /** The form's own checks, each naming its field; the quantities as numbers when they are good. */
  function check(note: string) {
    const found: Record<string, string> = {};
    const picked = lines.filter((l) => chosen[l.id] !== undefined);
    if (picked.length === 0) found.returnCartOrderProduct = 'Choose at least one item to return';
    for (const l of picked) {
      const n = Number(chosen[l.id]);
      if (!Number.isInteger(n) || n < 1) found[`line-${l.id}`] = `Quantity of ${l.product.name} must be a whole number of 1 or more`;
      else if (n > l.returnableQuantity) found[`line-${l.id}`] = `Quantity of ${l.product.name} can be at most ${l.returnableQuantity}`;
    }
    if (!type) found.returnType = 'Choose a replacement or a refund';
    if (!note) found.note = 'Reason is required: tell us what is wrong';
    return { found, picked };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    const { found, picked } = check(note);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0 || !type) return;
    const body = {
      cartOrderId: order.id,
      returnType: type,
      note,
      returnCartOrderProduct: picked.map((l) => ({ cartOrderProductId: l.id, productQuantity: Number(chosen[l.id]) })),
    };
    // a refusal (nothing made) or a changed form starts a new key; a lost answer keeps it for the retry
    const result = await submission.submit(body, (headers) => api(routes.returnOrder.create, { body }, { headers }));
    if (!result) return;
    if (result.error !== undefined) {
      const onFields = serverErrors(result.fields ?? {}, picked);
      setErrors(onFields);
      // a reason no field of the form holds (the order is no longer delivered, already returned…) shows under it
      setRefusal(Object.keys(onFields).length > 0 ? null : result.error);
      // what is returnable may have changed meanwhile
      void queryClient.invalidateQueries({ queryKey: ['my-order', String(order.id)] });
      return;
    }
    notify.success(result.data.message);
    await queryClient.invalidateQueries({ queryKey: ['my-order', String(order.id)] });
    void queryClient.invalidateQueries({ queryKey: ['my-returns'] });
    onClose();
  }

  /** The server's reasons on the fields they name: `returnCartOrderProduct.0.productQuantity` is the first line sent. */
  function serverErrors(fields: Record<string, string>, picked: Line[]) {
    const shown: Record<string, string> = {};
    for (const [name, reason] of Object.entries(fields)) {
      const line = /^returnCartOrderProduct\.(\d+)\./.exec(name);
      const l = line ? picked[Number(line[1])] : undefined;
      if (l) shown[`line-${l.id}`] = `Quantity of ${l.product.name} ${reason}`;
      else if (labels[name]) shown[name] = `${labels[name]} ${reason}`;
    }
    return shown;
  }

  return (
    <section className="checkout-section" aria-labelledby="return-form-title">
      <h2 id="return-form-title">Return items</h2>
      <form className="account-form return-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="return-form">
        <fieldset className="return-fieldset" aria-describedby={errors.returnCartOrderProduct ? 'return-lines-error' : undefined}>
          <legend>Which items?</legend>
          <ul className="return-lines">
            {lines.map((l) => {
              const on = chosen[l.id] !== undefined;
              const error = errors[`line-${l.id}`];
              return (
                <li key={l.id} className="return-line" data-testid="return-line">
                  <label className="return-pick">
                    <input type="checkbox" checked={on} onChange={(e) => toggle(l, e.target.checked)} />
                    <span>
                      <span className="return-line-name">{lineName(l)}</span>
                      <span className="checkout-muted">
                        {money(l.unitPrice)} each · {l.returnableQuantity} of {l.productQuantity} can be returned
                      </span>
                    </span>
                  </label>
                  {on && (
                    <div className="account-field return-quantity">
                      <label htmlFor={`return-qty-${l.id}`}>Quantity of {l.product.name}</label>
                      <input
                        id={`return-qty-${l.id}`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={l.returnableQuantity}
                        step={1}
                        value={chosen[l.id]}
                        onChange={(e) => {
                          setChosen((c) => ({ ...c, [l.id]: e.target.value }));
                          setErrors(({ [`line-${l.id}`]: _, ...rest }) => rest);
                        }}
                        aria-invalid={error ? true : undefined}
                      />
                    </div>
                  )}
                  {error && (
                    <span className="account-error" role="alert">
                      {error}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {errors.returnCartOrderProduct && (
            <span id="return-lines-error" className="account-error" role="alert">
              {errors.returnCartOrderProduct}
            </span>
          )}
        </fieldset>
        <fieldset className="return-fieldset">
          <legend>What would you like?</legend>
          <div className="return-types">
            {returnTypeChoices.map((c) => (
              <label key={c.value} className="return-type">
                <input
                  type="radio"
                  name="returnType"
                  value={c.value}
                  checked={type === c.value}
                  onChange={() => {
                    setType(c.value);
                    setErrors(({ returnType: _, ...rest }) => rest);
                  }}
                />
                {c.label}
              </label>
            ))}
          </div>
          {errors.returnType && (
            <span className="account-error" role="alert">
              {errors.returnType}
            </span>
          )}
        </fieldset>
        <div className="account-field">
          <label htmlFor="return-note">Reason</label>
          <textarea
            id="return-note"
            name="note"
            rows={3}
            maxLength={1000}
            placeholder="What is wrong with it?"
            aria-invalid={errors.note ? true : undefined}
            onChange={() => errors.note && setErrors(({ note: _, ...rest }) => rest)}
          />
          {errors.note && (
            <span className="account-error" role="alert">
              {errors.note}
            </span>
          )}
        </div>
        {refusal && (
          <p className="account-error return-refusal" role="alert" data-testid="return-refusal">
            {refusal}
          </p>
        )}
        <div className="return-buttons">
          <button type="submit" className="cart-button" disabled={busy}>
            {busy ? 'Sending…' : 'Send the return'}
          </button>
          <button type="button" className="cart-button cart-button-plain" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
