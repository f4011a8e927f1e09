// Home page: hero with the service name and purpose, then the online services as cards.
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Paths } from '../../routes/paths.ts';

export function HomePage() {
  const t = useT();
  return (
    <>
      <section className="it-hero-wrapper it-hero-small-size app-hero" aria-labelledby="home-title">
        <div className="container">
          <div className="row">
            <div className="col-12 col-lg-8">
              <div className="it-hero-text-wrapper">
                <h1 id="home-title">{t('home.hero.title')}</h1>
                <p>{t('home.hero.text')}</p>
              </div>
            </div>
          </div>
        </div>
      </section>
      <section className="container my-5" aria-labelledby="home-services">
        <h2 id="home-services" className="mb-4">
          {t('home.services.title')}
        </h2>
        <div className="row">
          <div className="col-12 col-md-6 col-lg-4">
            <article className="it-card it-card-height-full rounded shadow-sm border">
              <h3 className="it-card-title">{t('home.card.startup.title')}</h3>
              <div className="it-card-body">
                <p className="it-card-text">{t('home.card.startup.text')}</p>
              </div>
              <div className="it-card-footer">
                {/* One link per card, with text that says where it goes. */}
                <Link className="it-card-link app-card-more" to={Paths.startupService}>
                  {t('home.card.startup.more')}
                  <Icon name="arrow-right" className="icon-sm icon-primary ms-1" />
                </Link>
              </div>
            </article>
          </div>
        </div>
      </section>
    </>
  );
}
