/**
 * The request bodies the server validates. The account API's bodies are the account-wire package's (one
 * definition of the wire format, shared with the account remote); the metrics reports, which no remote of
 * ours sends, are defined here. Unknown keys are stripped, as upstream does.
 */
import * as z from 'zod/mini';

export * from 'account-wire';

// Validation issues go to the client as upstream sends them: with zod's English messages (zod/mini loads none).
z.config(z.locales.en());

const text = (max: number) => z.string().check(z.maxLength(max));
const id = z.string().check(z.minLength(1), z.maxLength(100));

const ProviderMetric = z.object({
  tmdbId: id,
  type: text(50),
  title: text(1000),
  seasonId: z.optional(id),
  episodeId: z.optional(id),
  status: z.enum(['failed', 'notfound', 'success']),
  providerId: text(100),
  embedId: z.optional(text(100)),
  errorMessage: z.optional(text(4000)),
  fullError: z.optional(text(20_000)),
});

export const ProviderMetrics = z.object({
  items: z.array(ProviderMetric).check(z.minLength(1), z.maxLength(10)),
  tool: z.optional(text(100)),
});

export const CaptchaMetric = z.object({ success: z.boolean() });
