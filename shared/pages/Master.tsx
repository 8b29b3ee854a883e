import { ProgrammePage } from '../components/ProgrammeTable';
import { programmesLoader } from '../programmes';

/** Master's programmes with tuition (SPEC section 2). */
export const loader = programmesLoader('master');

export default function Master() {
  return <ProgrammePage kind="master" />;
}
