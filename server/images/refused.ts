/**
 * Why a source was not used. The public sees only the category (X-Image-Fallback, and the metric's
 * label): a small fixed set that names no origin, errno code or libvips message. The detail goes to
 * the log.
 */
export const FALLBACK_REASONS = ['not-allowed', 'missing', 'unreachable', 'too-large', 'not-an-image', 'too-slow', 'busy', 'failed'] as const;

export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** A source the endpoint will not use: `reason` for the public, `message` (the detail) for the log. */
export class Refused extends Error {
  override name = 'Refused';

  constructor(
    readonly reason: FallbackReason,
    detail: string,
  ) {
    super(detail);
  }
}
