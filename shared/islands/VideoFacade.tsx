/**
 * The video behind a facade: an image of ours and a play button, so no YouTube script, cookie or
 * frame loads with the page. A click swaps in the privacy-enhanced (no-cookie) player, which starts
 * at once. Without JavaScript (or before the island wakes) the facade is a plain link to the video.
 */
import { useState } from 'react';
import { island } from './island';

export interface VideoFacadeProps {
  /** The no-cookie player's address. */
  embedSrc: string;
  /** The video's page on YouTube. */
  watchHref: string;
  frameTitle: string;
  playLabel: string;
}

function VideoFacade({ embedSrc, watchHref, frameTitle, playLabel }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="video">
      {playing ? (
        <iframe
          className="video__frame"
          src={`${embedSrc}?autoplay=1`}
          title={frameTitle}
          width={1280}
          height={720}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        />
      ) : (
        <a
          className="video__facade"
          href={watchHref}
          onClick={(event) => {
            event.preventDefault();
            setPlaying(true);
          }}
        >
          <img className="video__poster" src="/media/home/video-poster.svg" alt="" width={1280} height={720} loading="lazy" decoding="async" />
          <span className="video__play">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            {playLabel}
          </span>
        </a>
      )}
    </div>
  );
}

export default island('VideoFacade', VideoFacade, 'visible');
