/** The pulsing spinner shown while a lazy page loads (styles inline in index.html, so no CSS wait). */
export const Spinner = ({ label = 'Loading' }: { label?: string }) => (
  <div className="rpa-spinner-wrap">
    <div className="rpa-spinner" role="progressbar" aria-label={label} />
  </div>
);
