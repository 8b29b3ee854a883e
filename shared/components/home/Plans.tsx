import { useT } from '../../app-context';

/**
 * 'Plans - 2030': the four numbered development plans. The list is the first group of headings that
 * turn orange on scroll (data-orange-list, see useScrollEffects).
 */
export function Plans() {
  const t = useT();
  const plans = t.home.plans;
  return (
    <section className="home-section container" aria-labelledby="home-plans">
      <h2 id="home-plans">{plans.heading}</h2>
      <p className="home-section__lead">{plans.lead}</p>
      <ol className="plans" data-orange-list="first">
        {plans.items.map((plan, index) => (
          <li key={plan.title} className="plan">
            <span className="plan__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="plan__title">{plan.title}</h3>
            <p>{plan.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
