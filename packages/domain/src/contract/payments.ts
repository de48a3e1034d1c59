import { z } from 'zod';

/** Where the investor's browser goes to pay an investment by card (the provider's hosted checkout). */
export const cardCheckoutSchema = z.object({ url: z.string() });
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

/** The provider's notification was taken: whatever it said, it need not be sent again. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
