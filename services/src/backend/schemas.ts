/**
 * The request bodies the server validates. The account API's bodies are the account-wire package's (one
 * definition of the wire format, shared with the account remote); the metrics reports, which no remote of
 * ours sends, are defined here. Unknown keys are stripped, as upstream does.
 */
import { record } from 'account-wire';
import * as v from 'valibot';

export * from 'account-wire';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

const ProviderMetric = record({
  tmdbId: id,
  type: text(50),
  title: text(1000),
  seasonId: v.optional(id),
  episodeId: v.optional(id),
  status: v.picklist(['failed', 'notfound', 'success']),
  providerId: text(100),
  embedId: v.optional(text(100)),
  errorMessage: v.optional(text(4000)),
  fullError: v.optional(text(20_000)),
});

export const ProviderMetrics = record({
  items: v.pipe(v.array(ProviderMetric), v.minLength(1), v.maxLength(10)),
  tool: v.optional(text(100)),
});

export const CaptchaMetric = record({ success: v.boolean() });
