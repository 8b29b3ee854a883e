import { useLoaderData } from 'react-router';
import type { PageData } from './data';

/**
 * The current page's loader data: one Slot per key of the page's data record `D`. The one place that
 * asserts the type React Router cannot know, instead of a cast in every page.
 */
export function usePageData<D extends Record<string, unknown>>(): PageData<D> {
  return useLoaderData() as PageData<D>;
}
