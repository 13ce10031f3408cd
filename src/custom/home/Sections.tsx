import { useT } from '../i18n/useT';

const BENEFITS = ['speed', 'accuracy', 'scale', 'control'] as const;
const TESTIMONIALS = ['first', 'second', 'third'] as const;

export const Hero = () => {
  const t = useT();
  return (
    <section className="home-hero">
      <h1>{t('rpa.home.hero.title')}</h1>
      <p>{t('rpa.home.hero.subtitle')}</p>
    </section>
  );
};

export const Benefits = () => {
  const t = useT();
  return (
    <section className="home-section" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{t('rpa.home.benefits.title')}</h2>
      <ul className="home-cards">
        {BENEFITS.map((b) => (
          <li key={b} className="home-card">
            <h3>{t(`rpa.home.benefits.${b}.title`)}</h3>
            <p>{t(`rpa.home.benefits.${b}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
};

export const Testimonials = () => {
  const t = useT();
  return (
    <section className="home-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{t('rpa.home.testimonials.title')}</h2>
      <ul className="home-cards">
        {TESTIMONIALS.map((q) => (
          <li key={q} className="home-card">
            <figure>
              <blockquote>“{t(`rpa.home.testimonials.${q}.quote`)}”</blockquote>
              <figcaption>
                <strong>{t(`rpa.home.testimonials.${q}.author`)}</strong>, {t(`rpa.home.testimonials.${q}.role`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
};
