/**
 * The home loading screen, client-only: once the island wakes (at once) it covers
 * the page only while the hero's images (inside the element `heroId` names) are still loading, and
 * ends when they load or fail (a failure logged to the console) or after HOME_LOADER_MAX_MS. The server
 * never renders it, so crawlers and visitors without JavaScript always see the page.
 */
import { useEffect, useState } from 'react';
import { Logo } from './ui/Logo';
import { HOME_LOADER_MAX_MS } from '../constants';
import { island } from './island';

export interface HeroLoaderProps {
  heroId: string;
  /** The words a screen reader hears while it shows. */
  label: string;
}

function HeroLoader({ heroId, label }: HeroLoaderProps) {
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const images = Array.from(document.getElementById(heroId)?.querySelectorAll('img') ?? []);
    const broken = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0;
    const pending = images.filter((img) => !img.complete);
    if (pending.length === 0) {
      if (images.some(broken)) console.error('Error loading images');
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- only the browser knows whether the images are still loading
    setLoading(true);
    let failed = images.some(broken);
    let left = pending.length;
    const finish = () => {
      clearTimeout(timer);
      setLoading(false);
    };
    const settle = (event: Event) => {
      if (event.type === 'error') failed = true;
      left -= 1;
      if (left > 0) return;
      if (failed) console.error('Error loading images');
      finish();
    };
    const timer = setTimeout(finish, HOME_LOADER_MAX_MS);
    for (const img of pending) {
      img.addEventListener('load', settle, { once: true });
      img.addEventListener('error', settle, { once: true });
    }
    return () => {
      clearTimeout(timer);
      for (const img of pending) {
        img.removeEventListener('load', settle);
        img.removeEventListener('error', settle);
      }
    };
  }, [heroId]);

  if (!loading) return null;
  return (
    <div className="home-loader" role="status">
      <Logo size={72} />
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export default island('HeroLoader', HeroLoader, 'load');
