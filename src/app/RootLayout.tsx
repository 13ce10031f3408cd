import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '../dataProvider/apiFetch';
import { Toaster } from '../custom/toast/Toaster';
import { Spinner } from './Spinner';

/** Wraps every top-level route: the lazy-page spinner, the toast outlet and the 401 → '/' rule. */
export const RootLayout = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate('/', { replace: true });
    });
  }, [navigate]);

  return (
    <>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
};
