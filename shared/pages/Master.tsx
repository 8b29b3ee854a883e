import { ProgrammePage } from '../components/ProgrammeTable';
import { programmesLoader } from '../programmes';

/** Master's programmes with tuition. */
export const loader = programmesLoader('master');

export default function Master() {
  return <ProgrammePage kind="master" />;
}
