import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ALREADY_SUCCEEDED, formatCardNumber, formatExpiry, sandboxCardSchema } from '@toolsify/shared/payments';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { confirmSandboxCard } from '../api/confirm-sandbox-card.ts';
import type { CardFormProps } from './card-form-props.ts';

type CardValues = z.input<typeof sandboxCardSchema>;
const FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/**
 * The sandbox's own card form (no money moves): card number, expiry MM/YY and CVC, formatted
 * as typed and checked with the same schema as the server (Luhn, expiry, CVC). It takes
 * Stripe's public test numbers; nothing is autofilled, so no real card is typed here by habit.
 */
export function SandboxCardForm({ intent, disabled, paying, payLabel, onPay, onRefused }: CardFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CardValues, unknown, z.output<typeof sandboxCardSchema>>({
    resolver: zodResolver(sandboxCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const submit = handleSubmit((card) => {
    onPay(async () => {
      try {
        const result = await confirmSandboxCard({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...card });
        return result.paymentIntentId;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') setServerFieldErrors(error, FIELDS, setError);
        // Paid already (a second tab, a retry): the store verifies the intent with the gateway and answers the same success.
        if (error instanceof ApiError && error.code === 'INVALID_STATE' && error.message === ALREADY_SUCCEEDED)
          return intent.paymentIntentId;
        throw error;
      }
    });
  }, onRefused);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Card payment (test mode)">
      <div className="rounded-box border border-warning/60 bg-warning/10 p-4 text-sm" role="note" aria-labelledby="sandbox-note-title">
        <p id="sandbox-note-title" className="font-semibold">
          Test mode — no money moves
        </p>
        <p className="mt-2 text-base-content/80">
          Pay with the test card <span className="font-mono font-semibold whitespace-nowrap">4242 4242 4242 4242</span>, any future expiry
          and any CVC.
        </p>
        <ul className="mt-1 text-base-content/70">
          <li>
            <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> is declined
          </li>
          <li>
            <span className="font-mono whitespace-nowrap">4000 0000 0000 9995</span> has insufficient funds
          </li>
        </ul>
      </div>

      <Controller
        control={control}
        name="cardNumber"
        render={({ field }) => (
          <FormField id="card-number" label="Card number" error={errors.cardNumber?.message}>
            <input
              id="card-number"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="1234 1234 1234 1234"
              maxLength={23}
              className={`input w-full font-mono tracking-wide ${errors.cardNumber ? 'input-error' : ''}`}
              {...fieldAria('card-number', errors.cardNumber?.message)}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
              disabled={disabled}
            />
          </FormField>
        )}
      />

      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={control}
          name="expiry"
          render={({ field }) => (
            <FormField id="card-expiry" label="Expiry (MM/YY)" error={errors.expiry?.message}>
              <input
                id="card-expiry"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="MM/YY"
                maxLength={5}
                className={`input w-full font-mono ${errors.expiry ? 'input-error' : ''}`}
                {...fieldAria('card-expiry', errors.expiry?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(formatExpiry(e.target.value, field.value))}
                disabled={disabled}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="cvc"
          render={({ field }) => (
            <FormField id="card-cvc" label="CVC" error={errors.cvc?.message}>
              <input
                id="card-cvc"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="123"
                maxLength={4}
                className={`input w-full font-mono ${errors.cvc ? 'input-error' : ''}`}
                {...fieldAria('card-cvc', errors.cvc?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
                disabled={disabled}
              />
            </FormField>
          )}
        />
      </div>

      <button type="submit" className="btn btn-primary w-full" disabled={disabled}>
        {paying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {payLabel}
      </button>
    </form>
  );
}
