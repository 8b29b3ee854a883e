import { ProgrammePage } from '../components/ProgrammeTable';
import { programmesLoader } from '../programmes';

/** Correspondence programmes with tuition and the admission rules that apply. */
export const loader = programmesLoader('correspondence');

export default function Correspondence() {
  return <ProgrammePage kind="correspondence" />;
}
