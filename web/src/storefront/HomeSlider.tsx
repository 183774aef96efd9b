import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Carousel } from 'antd';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';

/** The public slider images as a carousel; each slide links where its linkUrl says. Nothing when there are none. */
export function HomeSlider() {
  const slides = useQuery({
    queryKey: ['public-slider'],
    queryFn: () => must(api(routes.slider.publicList, { query: { query: 'all' } })),
  });
  const shown = (slides.data?.getAllSliderImages ?? []).filter((s) => s.imageUrl);
  if (shown.length === 0) return null;
  return (
    <div data-testid="home-slider" style={{ marginBottom: 24 }}>
      <Carousel autoplay arrows>
        {shown.map((s) => {
          const image = (
            <img src={s.imageUrl!} alt={`Slide ${s.id}`} style={{ width: '100%', maxHeight: 360, objectFit: 'cover', display: 'block' }} />
          );
          return <div key={s.id}>{s.linkUrl ? <a href={s.linkUrl}>{image}</a> : image}</div>;
        })}
      </Carousel>
    </div>
  );
}
