import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMAGE_SLIDER, PARTNERS_SLIDER, type SliderConfig, type SliderLayout } from '../../shared/constants';
import { loopMinimum, withLoopCopies } from '../../shared/islands/home/loop';

const css = readFileSync(new URL('../../shared/styles/home.css', import.meta.url), 'utf8');

/** The slider's layout per minimum width as home.css states it (0 = the rule outside any media query). */
function cssLayouts(modifier: string): Record<number, SliderLayout> {
  const rule = (body: string) => {
    const spv = /--spv:\s*([\d.]+)/.exec(body);
    const gap = /--gap:\s*([\d.]+)px/.exec(body);
    return { slidesPerView: Number(spv?.[1]), spaceBetween: Number(gap?.[1]) };
  };
  const layouts: Record<number, SliderLayout> = {};
  const base = new RegExp(`^\\.${modifier} \\{([^}]*)\\}`, 'm').exec(css);
  if (base) layouts[0] = rule(base[1]!);
  for (const match of css.matchAll(new RegExp(`@media \\(min-width: (\\d+)px\\) \\{\\s*\\.${modifier} \\{([^}]*)\\}`, 'g'))) {
    layouts[Number(match[1])] = rule(match[2]!);
  }
  return layouts;
}

function constantLayouts(config: SliderConfig): Record<number, SliderLayout> {
  return { 0: { slidesPerView: config.slidesPerView, spaceBetween: config.spaceBetween }, ...config.breakpoints };
}

describe('home slider layouts', () => {
  it('home.css mirrors the image slider breakpoints of shared/constants.ts (no shift when Swiper starts)', () => {
    expect(cssLayouts('slider--images')).toEqual(constantLayouts(IMAGE_SLIDER));
  });

  it('home.css mirrors the partners carousel breakpoints of shared/constants.ts', () => {
    expect(cssLayouts('slider--partners')).toEqual(constantLayouts(PARTNERS_SLIDER));
  });

  it('the numbers: 1.2/1.5/5.5 image slides with gaps 10/20/30; 1/3/2/7 partners', () => {
    expect(IMAGE_SLIDER.breakpoints).toEqual({
      320: { slidesPerView: 1.2, spaceBetween: 10 },
      640: { slidesPerView: 1.5, spaceBetween: 20 },
      1024: { slidesPerView: 5.5, spaceBetween: 30 },
    });
    expect([PARTNERS_SLIDER.slidesPerView, ...Object.values(PARTNERS_SLIDER.breakpoints).map((b) => b.slidesPerView)]).toEqual([1, 3, 2, 7]);
  });
});

describe('loop copies', () => {
  it('pads short lists to what Swiper loop mode needs at the widest breakpoint', () => {
    // 5.5 centred slides: 7 in view (odd) + 4 on the sides; 7 partners in a row: 7 + 1.
    expect(loopMinimum(IMAGE_SLIDER)).toBe(11);
    expect(loopMinimum(PARTNERS_SLIDER)).toBe(8);
    const slides = withLoopCopies([1, 2, 3, 4, 5, 6, 7, 8], IMAGE_SLIDER, true);
    expect(slides).toHaveLength(11);
    expect(slides.filter((s) => s.copy).map((s) => s.item)).toEqual([1, 2, 3]);
  });

  it('adds no copies on the server, for long lists, or for a single slide', () => {
    expect(withLoopCopies([1, 2], IMAGE_SLIDER, false)).toHaveLength(2);
    expect(
      withLoopCopies(
        Array.from({ length: 12 }, (_, i) => i),
        IMAGE_SLIDER,
        true,
      ),
    ).toHaveLength(12);
    expect(withLoopCopies([1], IMAGE_SLIDER, true)).toHaveLength(1);
  });
});
