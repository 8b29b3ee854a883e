import { useT } from '../app-context';
import '../styles/services.css';

/** The banner on mock screens: what the visitor sees is a demonstration, not real data. */
export function MockNotice() {
  const t = useT();
  return (
    <p className="svc-mock-notice" role="note">
      {t.mockNotice.text}
    </p>
  );
}
