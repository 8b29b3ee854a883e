/**
 * The splash and the loading bar (docs/behaviour.md), rendered hidden: client/overlays.ts shows the splash once per visit
 * and the loading bar while the next page loads. Without JavaScript they stay hidden, so crawlers and
 * visitors without it always see the page.
 */
import { useT } from '../app-context';
import { LOADER_TARGET_PERCENT } from '../constants';
import { Logo } from '../islands/ui/Logo';

export function Overlays() {
  const t = useT();
  return (
    <>
      <div
        className="route-progress"
        data-overlay="progress"
        hidden
        role="progressbar"
        aria-label={t.common.loadingPage}
        aria-valuemin={0}
        aria-valuemax={LOADER_TARGET_PERCENT}
        aria-valuenow={0}
      >
        <div className="route-progress__bar" />
      </div>
      <div className="splash" data-overlay="splash" hidden aria-hidden="true">
        <Logo size={96} />
        <p className="splash__name">{t.site.name}</p>
      </div>
    </>
  );
}
