/**
 * Client-only overlays of SPEC section 4: the start splash and the navigation progress bar. They
 * render nothing on the server and during hydration, so crawlers and visitors without JavaScript
 * always see the server HTML.
 */
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useT } from '../app-context';
import { LOADER_STEP_MS, LOADER_TARGET_PERCENT, SPLASH_MS } from '../constants';
import { useHydrated } from '../hooks';
import { Logo } from './Logo';
import { motionReduced } from '../display';

const SPLASH_SEEN_KEY = 'splash-seen';

/** The start splash: once per browser session, never with prefers-reduced-motion; a click dismisses it. */
export function Splash() {
  const t = useT();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let seen = true;
    try {
      seen = sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
      sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    } catch {
      // Storage may be blocked; showing no splash is the safe choice then.
    }
    if (seen || motionReduced()) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage and matchMedia exist only after hydration
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <div className="splash" aria-hidden="true" onClick={() => setVisible(false)}>
      <Logo size={96} />
      <p className="splash__name">{t.site.name}</p>
    </div>
  );
}

/** The loader of SPEC section 4: advances 1% every 100 ms towards 100% while a navigation loads. */
export function RouteProgress() {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    if (!busy) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- resets the timer-driven bar when the navigation ends
      setPercent(0);
      return;
    }
    const timer = setInterval(() => setPercent((value) => Math.min(value + 1, LOADER_TARGET_PERCENT)), LOADER_STEP_MS);
    return () => clearInterval(timer);
  }, [busy]);

  if (!busy) return null;
  return (
    <div
      className="route-progress"
      role="progressbar"
      aria-label={t.common.loadingPage}
      aria-valuemin={0}
      aria-valuemax={LOADER_TARGET_PERCENT}
      aria-valuenow={percent}
    >
      <div className="route-progress__bar" style={{ transform: `scaleX(${Math.max(percent, 5) / 100})` }} />
    </div>
  );
}

export function ClientOverlays() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <RouteProgress />
      <Splash />
    </>
  );
}
