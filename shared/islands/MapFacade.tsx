/**
 * The footer's map: a facade until the visitor asks for the map, so that no third-party
 * frame slows the page or tracks a visitor who did not want it. The link that opens the map in a new tab
 * is server HTML (slot `link`) and stays beside the map once it shows.
 */
import { useState } from 'react';
import { island, Slot } from './island';

interface MapFacadeProps {
  src: string;
  words: { show: string; title: string };
}

function MapFacade({ src, words }: MapFacadeProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="map-facade">
      {shown ? (
        <iframe title={words.title} src={src} width="400" height="240" loading="lazy" referrerPolicy="strict-origin-when-cross-origin" />
      ) : (
        <button type="button" className="button button--ghost map-facade__show" onClick={() => setShown(true)}>
          {words.show}
        </button>
      )}
      <Slot name="link" />
    </div>
  );
}

// The button's press before the code has loaded is replayed once it has: nothing to load before that.
export default island('MapFacade', MapFacade, 'interaction');
