import { useT } from '../app-context';

/** A publication's date (or 'none date') and its view count, as loaders formatted them. */
export function PublishedMeta({ date, isoDate, views, className }: { date: string | null; isoDate: string | null; views: number; className?: string }) {
  const t = useT();
  return (
    <p className={className}>
      {date && isoDate ? <time dateTime={isoDate}>{date}</time> : <span>{t.common.noneDate}</span>}
      <span>
        {t.common.views}: {views}
      </span>
    </p>
  );
}
