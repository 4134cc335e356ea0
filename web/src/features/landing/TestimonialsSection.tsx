import { useTranslation } from 'react-i18next';
import { clampRating, type LandingTestimonial } from '@taktwerk/common';
import { EmptyState } from '../../ui/EmptyState';
import { LandingSection } from './LandingSection';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const stars = clampRating(rating);
  return (
    <span className="stars" role="img" aria-label={t('landing.testimonials.rating', { rating: stars })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={n <= stars ? 'star star-on' : 'star'}>
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

export function TestimonialsSection({ testimonials }: { testimonials: LandingTestimonial[] }) {
  const { t } = useTranslation();
  return (
    <LandingSection id="testimonials" title={t('landing.sections.testimonialsTitle')}>
      {testimonials.length === 0 ? (
        <EmptyState title={t('landing.empty.testimonials')} />
      ) : (
        <ul className="testimonial-grid">
          {testimonials.map((item) => (
            <li key={item.id} className="testimonial-card">
              <Stars rating={item.rating} />
              <blockquote className="testimonial-content">{item.content}</blockquote>
              <p className="testimonial-author">{item.name}</p>
              <p className="testimonial-role">{[item.role, item.company].filter(Boolean).join(' · ')}</p>
            </li>
          ))}
        </ul>
      )}
    </LandingSection>
  );
}
