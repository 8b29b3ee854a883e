import { ProgrammePage } from '../components/ProgrammeTable';
import { programmesLoader } from '../programmes';

/** Full-time programmes with tuition and the admission rules that apply. */
export const loader = programmesLoader('fulltime');

export default function FullTime() {
  return <ProgrammePage kind="fulltime" />;
}
