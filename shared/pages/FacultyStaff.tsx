import type { Picture } from '../api';
import { useParams } from 'react-router';
import { useT } from '../app-context';
import { parseId } from '../api';
import { Await, EmptyState } from '../components/Await';
import { PersonCard } from '../components/PersonCard';
import { Seo } from '../components/Seo';
import { SideNav, WithSideNav } from '../components/SideNav';
import { DataError, noneIfNotFound, type PageLoader } from '../data';
import { usePageData } from '../page-data';
import '../styles/faculty-staff.css';
import { RichText } from '../components/RichText';

interface StaffView {
  id: number;
  image: Picture | null;
  name: string;
  position: string;
  phone: string;
  email: string;
  /** Sanitised on the server. */
  html: string;
}

interface FacultyLink {
  id: number;
  name: string;
}

type FacultyStaffData = { staff: StaffView[]; faculties: FacultyLink[] };

/** What the page exists to show: when it fails, the page is a 503 (server/loaders.ts). */
export const mainData = 'staff';

export const loader: PageLoader<FacultyStaffData> = ({ api, lang, params }) => {
  const id = parseId(params.id);
  if (id === null) throw new DataError('not-found', 'bad faculty id');
  return {
    // The backend answers 404 for a faculty it does not know: the whole page is then the 404 page.
    staff: api.facultyStaff(id).then((list) =>
      list.map((s) => ({
        id: s.id,
        image: s.image,
        name: s.fullName[lang],
        position: s.position[lang],
        phone: s.phone,
        email: s.email,
        html: s.details[lang],
      })),
    ),
    faculties: api
      .faculties()
      .then((list) => list.map((f) => ({ id: f.id, name: f.name[lang] })))
      .catch(noneIfNotFound<FacultyLink[]>([])),
  };
};

export default function FacultyStaff() {
  const data = usePageData<FacultyStaffData>();
  const t = useT();
  const id = parseId(useParams().id);
  const generic = t.pages.departmentDetail.title;
  const nameIn = (list: FacultyLink[]) => list.find((f) => f.id === id)?.name ?? generic;
  // The faculty's name comes from the faculty list. The <title> uses it when it was in time (as on
  // /news/:id); the <h1> waits for it inside Await, so server and client always render the same.
  const settled = data.faculties instanceof Promise ? null : data.faculties;
  const title = settled?.ok ? nameIn(settled.value) : generic;
  return (
    <div className="container page">
      <Seo title={title} description={t.pages.departmentDetail.description} />
      <WithSideNav
        nav={
          <Await slot={data.faculties} missing={() => null}>
            {(list) => (
              <SideNav
                label={t.facultyStaff.sidebar}
                title={t.facultyStaff.sidebar}
                items={[
                  { key: 'all', to: '/department', label: t.facultyStaff.allFaculties, active: false },
                  ...list.map((f) => ({ key: f.id, to: `/department/${f.id}`, label: f.name, active: f.id === id })),
                ]}
              />
            )}
          </Await>
        }
      >
        <div className="page-heading">
          <Await slot={data.faculties} missing={() => <h1>{generic}</h1>}>
            {(list) => <h1>{nameIn(list)}</h1>}
          </Await>
        </div>
        <Await slot={data.staff} missing={(why) => <p className="notice">{why === 'not-found' ? t.errors.notFoundText : t.common.unavailable}</p>}>
          {(staff) =>
            staff.length === 0 ? (
              <EmptyState />
            ) : (
              <ul className="people-grid staff-list">
                {staff.map((person, index) => (
                  <li key={`${person.id}-${index}`}>
                    <PersonCard
                      image={person.image}
                      name={person.name}
                      role={person.position}
                      phone={person.phone}
                      email={person.email}
                      details={person.html ? <RichText className="prose person-card__details" html={person.html} /> : null}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </Await>
      </WithSideNav>
    </div>
  );
}
