import { MAX_CANCEL_REASON_LENGTH } from '@toolsify/shared/orders';

/**
 * The store's word to the buyer when it cancels or refunds their order: optional, one line,
 * told in the email and kept in the order's history.
 */
export function BuyerReasonField({
  value,
  onChange,
  placeholder,
  told,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Which email tells it: "The cancellation email". */
  told: string;
}) {
  return (
    <label className="mt-4 block">
      <span className="text-sm font-medium text-base-content">Reason for the buyer (optional)</span>
      <input
        type="text"
        className="input input-bordered mt-1 w-full"
        value={value}
        maxLength={MAX_CANCEL_REASON_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
      />
      <span className="mt-1 block text-sm">{told} and the order's history tell it.</span>
      {/* Near the limit, how much is left: the field stops taking characters there, silently otherwise. */}
      {value.length >= MAX_CANCEL_REASON_LENGTH - 40 && (
        <span className="mt-1 block text-sm text-base-content/70" aria-live="polite" data-testid="reason-length">
          {value.length} of {MAX_CANCEL_REASON_LENGTH} characters
        </span>
      )}
    </label>
  );
}
