import type { ReactNode } from 'react';

interface LandingSectionProps {
  /** Also the hash that scrolls here (#features, #benefits, #pricing, #testimonials). */
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}

export function LandingSection({ id, title, intro, children }: LandingSectionProps) {
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <header className="landing-section-header">
        <h2 id={`${id}-title`} className="landing-section-title">
          {title}
        </h2>
        {intro && <p className="landing-section-intro">{intro}</p>}
      </header>
      {children}
    </section>
  );
}
