import type { Picture } from '../api';
import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { PageHeading } from '../components/PageHeading';
import { PersonCard } from '../components/PersonCard';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { usePageData } from '../page-data';
import { ABOUT_TABS } from '../nav';

interface DepartmentView {
  id: number;
  image: Picture | null;
  name: string;
  head: string;
  phone: string;
  email: string;
}

type DepartmentsData = { departments: DepartmentView[] };

export const loader: PageLoader<DepartmentsData> = ({ api, lang }) => ({
  departments: api
    .departments()
    .then((list) => list.map((d) => ({ id: d.id, image: d.image, name: d.name[lang], head: d.head[lang], phone: d.phone, email: d.email }))),
});

export default function Departments() {
  const data = usePageData<DepartmentsData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.departments.title} description={t.pages.departments.description} />
      <PageHeading title={t.pages.departments.title} tabs={ABOUT_TABS} />
      <Await slot={data.departments}>
        {(departments) =>
          departments.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="people-grid">
              {departments.map((d, index) => (
                <li key={`${d.id}-${index}`}>
                  <PersonCard image={d.image} name={d.head} role={d.name} phone={d.phone} email={d.email} />
                </li>
              ))}
            </ul>
          )
        }
      </Await>
    </div>
  );
}
