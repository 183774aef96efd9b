import { useQuery, useQueryClient } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { PaymentChoice } from '../checkout/PaymentChoice.tsx';

/**
 * When staff refused an order's payment, the shopper sends it again (`POST manual-payment`): a way to
 * pay offered at checkout (not cash on delivery), their account and the transaction's id.
 */
export function ResendPayment({ orderId }: { orderId: number }) {
  const queryClient = useQueryClient();
  const methods = useQuery({ queryKey: ['checkout-payment-methods'], queryFn: () => must(api(routes.publicList.paymentMethod)) });
  const [methodId, setMethodId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const submission = useSubmission();
  const manual = (methods.data?.getAllPaymentMethod ?? []).filter((m) => m.isCod === 'false');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const missing: Record<string, string> = {
      ...(methodId === null && { paymentMethodId: 'Choose how you pay' }),
      ...(methodId !== null && !text('CustomerAccount') && { CustomerAccount: 'Your account is required' }),
      ...(methodId !== null && !text('CustomerTransactionId') && { CustomerTransactionId: 'Transaction id is required' }),
    };
    setErrors(missing);
    setRefusal(null);
    if (Object.keys(missing).length > 0 || methodId === null) return;
    const body = {
      cartOrderId: orderId,
      paymentMethodId: methodId,
      CustomerAccount: text('CustomerAccount'),
      CustomerTransactionId: text('CustomerTransactionId'),
    };
    const result = await submission.submit(body, (headers) => api(routes.manualPayment.create, { body }, { headers }));
    if (!result) return;
    if (result.error !== undefined) {
      const labels: Record<string, string> = {
        paymentMethodId: 'Payment method',
        CustomerAccount: 'Your account',
        CustomerTransactionId: 'Transaction id',
      };
      setErrors(
        Object.fromEntries(Object.entries(result.fields ?? {}).map(([name, reason]) => [name, `${labels[name] ?? 'This'} ${reason}`])),
      );
      setRefusal(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['my-order', String(orderId)] });
  }

  return (
    <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="resend-payment">
      <p className="account-notice">Your payment could not be confirmed. Please check it and send it again.</p>
      <PaymentChoice
        methods={manual}
        loading={methods.isLoading}
        loadError={methods.error ? methods.error.message : null}
        chosen={methodId}
        onChoose={setMethodId}
        errors={errors}
      />
      {refusal && (
        <p className="account-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="cart-button" disabled={submission.busy}>
        Send the payment
      </button>
    </form>
  );
}
