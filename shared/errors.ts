/**
 * What a loader threw, as status and text: read by the error page. Kept out of the component file so
 * the server needs no component for it.
 */
export interface SerializedError {
  status: number;
  statusText: string;
}

/** Status and text of whatever a loader threw: a 404 ErrorResponse, or anything else as a 500. */
export function describeError(error: unknown): SerializedError {
  if (typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number') {
    const { status, statusText } = error as { status: number; statusText?: string };
    return { status, statusText: statusText || (status === 404 ? 'Not Found' : 'Error') };
  }
  return { status: 500, statusText: 'Internal Server Error' };
}
