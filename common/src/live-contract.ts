import { z } from 'zod';
import { INGEST_MAX_TAG_LENGTH } from './ingest-contract';

/**
 * Live data over a websocket at LIVE_PATH. The socket opens without credentials (none ever goes in the URL) and
 * must send `auth` with an access token first; the server answers `ready` with the token's expiry and closes the
 * socket then unless a fresh token arrives in another `auth` before it. After `ready` the client subscribes to
 * machines of its own organization; points arrive coalesced, at most one `points` message per flush window.
 */
export const LIVE_PATH = '/api/v1/live';

/** Close codes the server uses besides 1001 (server going away) and 1011 (try again later). */
export const LIVE_CLOSE = {
  /** No auth message in time, an invalid or expired token, or the session ended (logout, revocation). */
  unauthorized: 4401,
  /** Signed in, but without permission to read machines. */
  forbidden: 4403,
  /** The client did not read fast enough: its send buffer passed the server's bound. */
  tooSlow: 4008,
  /** The client sent more messages than the server processes at once. */
  flooding: 4429,
} as const;

/** Permission a signed-in user needs to watch live data (members have it). */
export const LIVE_PERMISSION = 'machine:read';
/** Most machines one socket may be subscribed to, and tags one subscription may name. */
export const LIVE_MAX_MACHINES = 100;
export const LIVE_MAX_TAGS = 100;

const machineIds = z.array(z.uuid()).min(1).max(LIVE_MAX_MACHINES);

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  /** Sets the tag filter of these machines (all tags when `tags` is absent), replacing an earlier one. */
  z.strictObject({
    type: z.literal('subscribe'),
    machineIds,
    tags: z.array(z.string().min(1).max(INGEST_MAX_TAG_LENGTH)).min(1).max(LIVE_MAX_TAGS).optional(),
  }),
  z.strictObject({ type: z.literal('unsubscribe'), machineIds }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/**
 * One tag's new points, columnar (ready for a chart): timestamps in epoch ms, values (numbers; booleans as 1/0;
 * strings for String tags) and, only when any point has one, qualities.
 */
export const liveSeriesSchema = z.object({
  tag: z.string(),
  t: z.array(z.number()),
  v: z.array(z.union([z.number(), z.string(), z.null()])),
  q: z.array(z.number().int().nullable()).optional(),
});
export type LiveSeries = z.infer<typeof liveSeriesSchema>;

export const liveMachinePointsSchema = z.object({ machineId: z.uuid(), series: z.array(liveSeriesSchema) });
export type LiveMachinePoints = z.infer<typeof liveMachinePointsSchema>;

export const LIVE_ERROR_CODES = ['bad_message', 'machine_not_found', 'too_many_subscriptions', 'unavailable'] as const;
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated; the token used expires at `expiresAt` (epoch ms). */
  z.object({ type: z.literal('ready'), expiresAt: z.number() }),
  z.object({ type: z.literal('subscribed'), machineIds: z.array(z.uuid()) }),
  z.object({ type: z.literal('unsubscribed'), machineIds: z.array(z.uuid()) }),
  /** A refused request; the socket stays open. `machineIds` names the machines a subscription was refused for. */
  z.object({ type: z.literal('error'), code: z.enum(LIVE_ERROR_CODES), message: z.string(), machineIds: z.array(z.uuid()).optional() }),
  z.object({ type: z.literal('points'), data: z.array(liveMachinePointsSchema) }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
