/**
 * Server side of the boot data: loader data and route errors as JSON, with values still being loaded
 * replaced by markers and collected, so their settled values can follow at the end of the stream.
 */
import type { StaticHandlerContext } from 'react-router';
import type { Assets } from '../shared/app-context';
import { scriptSafeJson, DEFERRED_ID, type BootData, type DeferredMarker, type SerializedError } from '../shared/boot';
import { describeError } from '../shared/errors';

export class DeferredCollector {
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly settled: Record<string, unknown> = {};

  add(id: string, promise: Promise<unknown>): DeferredMarker {
    this.pending.set(
      id,
      promise.then((value) => {
        this.settled[id] = value;
      }),
    );
    return { $deferred: id };
  }

  get size(): number {
    return this.pending.size;
  }

  /** The script with every settled value, written just before </body>. */
  script(): string {
    if (this.pending.size === 0) return '';
    return `<script type="application/json" id="${DEFERRED_ID}">${scriptSafeJson(this.settled)}</script>`;
  }
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, describeError(error)]));
}

export function bootJson(context: StaticHandlerContext, siteUrl: string, assets: Assets, deferred: DeferredCollector): string {
  const loaderData: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries<unknown>(context.loaderData)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      loaderData[routeId] = Object.fromEntries(
        Object.entries(value).map(([key, slot]) => [key, slot instanceof Promise ? deferred.add(`${routeId}/${key}`, slot) : slot]),
      );
    } else {
      loaderData[routeId] = value;
    }
  }
  const boot: BootData = { siteUrl, assets, loaderData, errors: serializeErrors(context.errors) };
  return scriptSafeJson(boot);
}
