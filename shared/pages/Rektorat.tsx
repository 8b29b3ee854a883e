import type { Picture } from '../api';
import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { PageHeading } from '../components/PageHeading';
import { PersonCard } from '../components/PersonCard';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { usePageData } from '../page-data';
import { ABOUT_TABS } from '../nav';

interface RectorView {
  id: number;
  image: Picture | null;
  name: string;
  position: string;
  phone: string;
  reception: string;
  email: string;
}

type RektoratData = { people: RectorView[] };

export const loader: PageLoader<RektoratData> = ({ api, lang }) => ({
  people: api.rectorate().then((people) =>
    people.map((p) => ({
      id: p.id,
      image: p.image,
      name: p.name[lang],
      position: p.position[lang],
      phone: p.phone,
      reception: p.reception[lang],
      email: p.email,
    })),
  ),
});

export default function Rektorat() {
  const data = usePageData<RektoratData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.rektorat.title} description={t.pages.rektorat.description} />
      <PageHeading title={t.pages.rektorat.title} tabs={ABOUT_TABS} />
      <Await slot={data.people}>
        {(people) =>
          people.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="people-grid">
              {people.map((person, index) => (
                <li key={`${person.id}-${index}`}>
                  <PersonCard image={person.image} name={person.name} role={person.position} phone={person.phone} email={person.email}>
                    {person.reception ? (
                      <>
                        <dt>{t.people.reception}</dt>
                        <dd>{person.reception}</dd>
                      </>
                    ) : null}
                  </PersonCard>
                </li>
              ))}
            </ul>
          )
        }
      </Await>
    </div>
  );
}
