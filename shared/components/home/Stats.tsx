import { useT } from '../../app-context';
import { HOME_STATS } from '../../constants';

/** The fixed statistics: 180 professional teachers, 40 popular areas of study, 7124 students. */
export function Stats() {
  const t = useT();
  const stats = [
    { key: 'teachers', value: HOME_STATS.teachers, label: t.home.stats.teachers },
    { key: 'studyAreas', value: HOME_STATS.studyAreas, label: t.home.stats.studyAreas },
    { key: 'students', value: HOME_STATS.students, label: t.home.stats.students },
  ];
  return (
    <section className="stats container" aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="visually-hidden">
        {t.home.statsHeading}
      </h2>
      <ul className="stats__list">
        {stats.map((stat) => (
          <li key={stat.key}>
            <strong>{stat.value}</strong> {stat.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
