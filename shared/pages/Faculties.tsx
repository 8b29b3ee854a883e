import type { Picture } from '../api';
import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { Img, type ImgProps } from '../components/Img';
import { LocalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { usePageData } from '../page-data';
import { ABOUT_TABS } from '../nav';
import '../styles/faculties.css';

interface FacultyView {
  id: number;
  image: Picture | null;
  name: string;
  departments: { id: number; name: string }[];
}

type FacultiesData = { faculties: FacultyView[] };

export const loader: PageLoader<FacultiesData> = ({ api, lang }) => ({
  faculties: api.faculties().then((list) =>
    list.map((f) => ({
      id: f.id,
      image: f.image,
      name: f.name[lang],
      departments: f.children.map((c) => ({ id: c.id, name: c.name[lang] })),
    })),
  ),
});

export default function Faculties() {
  const data = usePageData<FacultiesData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.department.title} description={t.pages.department.description} />
      <PageHeading title={t.pages.department.title} tabs={ABOUT_TABS} />
      <Await slot={data.faculties}>
        {(faculties) =>
          faculties.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="faculty-grid">
              {faculties.map((faculty, index) => (
                <li key={faculty.id}>
                  <FacultyCard faculty={faculty} load={index === 0 ? 'lcp' : index < 2 ? 'eager' : 'lazy'} />
                </li>
              ))}
            </ul>
          )
        }
      </Await>
    </div>
  );
}

function FacultyCard({ faculty, load }: { faculty: FacultyView; load: ImgProps['load'] }) {
  const t = useT();
  const headingId = `faculty-${faculty.id}`;
  return (
    <article className="faculty-card" aria-labelledby={headingId}>
      {faculty.image ? <Img className="faculty-card__image" picture={faculty.image} place="facultyCard" alt="" load={load} /> : null}
      <div className="faculty-card__body">
        <h2 id={headingId} className="faculty-card__name">
          <LocalLink to={`/department/${faculty.id}`}>{faculty.name}</LocalLink>
        </h2>
        <h3 className="faculty-card__subheading">{t.faculties.departments}</h3>
        {faculty.departments.length === 0 ? (
          <p className="notice">{t.faculties.noDepartments}</p>
        ) : (
          <ul className="faculty-card__departments">
            {faculty.departments.map((department) => (
              <li key={department.id}>{department.name}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
