import type { HomeImage } from '../../api';
import { useT } from '../../app-context';
import { IMAGE_SLIDER, IMAGE_SLIDER_AUTOPLAY_MS } from '../../constants';
import { fill } from '../../format';
import { Img } from '../Img';
import { Slider } from './Slider';

/** The /api/homecontent/ images: 1.5 centred slides with pagination (SPEC section 2). */
export function ImageSlider({ slides }: { slides: HomeImage[] }) {
  const t = useT();
  const m = t.home.slider;
  if (slides.length === 0) return <p className="notice">{m.empty}</p>;
  return (
    <Slider
      className="slider--images"
      items={slides}
      config={IMAGE_SLIDER}
      autoplayMs={IMAGE_SLIDER_AUTOPLAY_MS}
      labels={m}
      pagination
      itemKey={(slide) => slide.key}
      renderSlide={({ item, index, copy }) => (
        <Img className="slider__image" picture={item.image} place="slide" alt={copy ? '' : fill(m.slideAlt, { n: index + 1 })} />
      )}
    />
  );
}
