import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import './shop.css';

/** How long a slide shows before the next one. */
const slideMs = 5000;

/**
 * The public slider images, one at a time, moving on by themselves (not while the pointer is over them)
 * and with arrows and dots; each slide links where its linkUrl says. Nothing when there are none.
 */
export function HomeSlider() {
  const slides = useQuery({
    queryKey: ['public-slider'],
    queryFn: () => must(api(routes.slider.publicList, { query: { query: 'all' } })),
  });
  const shown = (slides.data?.getAllSliderImages ?? []).filter((s) => s.imageUrl);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = shown.length;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % count), slideMs);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (count === 0) return null;
  const at = current % count;
  const go = (to: number) => setCurrent((to + count) % count);
  return (
    <section
      className="shop-slider"
      data-testid="home-slider"
      aria-roledescription="carousel"
      aria-label="Offers"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div className="shop-slider-track" style={{ transform: `translateX(-${at * 100}%)` }}>
        {shown.map((s, i) => {
          const image = <img src={s.imageUrl!} alt={`Slide ${s.id}`} />;
          return (
            <div key={s.id} className="shop-slider-slide" aria-hidden={i !== at}>
              {s.linkUrl ? (
                <a href={s.linkUrl} tabIndex={i === at ? undefined : -1}>
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="shop-slider-arrow" aria-label="Previous slide" onClick={() => go(at - 1)}>
            ‹
          </button>
          <button type="button" className="shop-slider-arrow" aria-label="Next slide" onClick={() => go(at + 1)}>
            ›
          </button>
          <div className="shop-slider-dots">
            {shown.map((s, i) => (
              <button
                key={s.id}
                type="button"
                className="shop-slider-dot"
                aria-label={`Slide ${i + 1}`}
                aria-current={i === at}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
