import { Suspense, lazy, useState } from 'react';
import { prepareTranslations } from '../../../i18n/catalogues';
import { Spinner } from '../../app/Spinner';
import { usePublicConfig } from '../config/usePublicConfig';
import { HomeFooter } from './HomeFooter';
import { HomeHeader } from './HomeHeader';
import { Benefits, Hero, Testimonials } from './Sections';
import { UseCaseTabs } from './UseCaseTabs';
import './home.css';

// The form (MUI, libphonenumber) is only downloaded when a visitor first opens it, with the whole
// catalogue its labels and validation messages come from.
const DemoDialog = lazy(() =>
  Promise.all([import('./demo/DemoDialog'), prepareTranslations('full')]).then(([m]) => ({ default: m.DemoDialog })),
);

export const HomePage = () => {
  const config = usePublicConfig();
  const [demoOpen, setDemoOpen] = useState(false);
  const [demoLoaded, setDemoLoaded] = useState(false);
  const openDemo = () => {
    setDemoLoaded(true);
    setDemoOpen(true);
  };

  return (
    <div className="home">
      <HomeHeader onRequestDemo={openDemo} />
      <main>
        <Hero onRequestDemo={openDemo} />
        <Benefits />
        <UseCaseTabs />
        <Testimonials />
      </main>
      <HomeFooter config={config} />
      {demoLoaded && (
        <Suspense fallback={<Spinner />}>
          <DemoDialog open={demoOpen} onClose={() => setDemoOpen(false)} />
        </Suspense>
      )}
    </div>
  );
};
