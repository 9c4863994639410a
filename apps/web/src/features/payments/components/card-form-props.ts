/** What the payment panel hands either card form (sandbox or Stripe). */
export interface CardFormProps {
  /** The order's intent: its id, and the client secret the gateway confirms the card against. */
  intent: { paymentIntentId: string; clientSecret: string };
  /** Stripe's publishable key (stripe gateway only). */
  publishableKey: string | null;
  /** The buyer, sent to the card network as the billing name and email. */
  billing: { name: string; email: string };
  /** True while a payment is on its way and after it succeeded. */
  disabled: boolean;
  paying: boolean;
  /** "Pay $37.50" */
  payLabel: string;
  /** Runs the payment: `charge` takes the card through the gateway and answers the intent id. */
  onPay: (charge: () => Promise<string>) => void;
  /** Pay was pressed with card details the form refused before sending: the last payment's error no longer stands. */
  onRefused: () => void;
}
