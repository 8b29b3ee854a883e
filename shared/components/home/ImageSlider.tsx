import type { HomeImage } from '../../api';
import { useT } from '../../app-context';
import { fill } from '../../format';
import HomeSlider, { slideSlot } from '../../islands/HomeSlider';
import { Img } from '../Img';

/** The /api/homecontent/ images: 1.5 centred slides with pagination (IMAGE_SLIDER). */
export function ImageSlider({ slides }: { slides: HomeImage[] }) {
  const t = useT();
  const m = t.home.slider;
  if (slides.length === 0) return <p className="notice">{m.empty}</p>;
  return (
    <HomeSlider
      kind="images"
      count={slides.length}
      labels={{ label: m.label, slide: m.slide, bullet: m.bullet, roleCarousel: m.roleCarousel, roleSlide: m.roleSlide }}
      slots={Object.fromEntries(
        slides.map((slide, index) => [
          slideSlot(index),
          <Img key={slide.key} className="slider__image" picture={slide.image} place="slide" alt={fill(m.slideAlt, { n: index + 1 })} />,
        ]),
      )}
    />
  );
}
