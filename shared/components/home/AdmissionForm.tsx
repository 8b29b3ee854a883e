import type { ReactNode } from 'react';
import { useT } from '../../app-context';
import { BIRTH_DATE_MAX, BIRTH_DATE_MIN } from '../../constants';
import AdmissionFormIsland from '../../islands/AdmissionForm';
import { EXTERNAL } from '../../site';
import { ExternalLink } from '../links';
import type { StudyFieldCard } from '../StudyFieldGrid';

const NOTE_ID = 'admission-note';
const REQUIRED_NOTE_ID = 'admission-required';

/**
 * The admission form, a preview: its controls have no `name` (so even a browser
 * without JavaScript submits an empty query to this same page) and nothing is enforced (`noValidate`,
 * asterisks only). The form and its submit are the AdmissionForm island (shared/islands/AdmissionForm.tsx);
 * the fields and the note stay server HTML.
 */
export function AdmissionForm({ programmes }: { programmes: StudyFieldCard[] }) {
  const t = useT();
  const f = t.home.form;
  const choose = <option value="">{f.choose}</option>;
  const fields = (
    <>
      <p id={REQUIRED_NOTE_ID} className="admission-form__required">
        {f.requiredNote}
      </p>
      <fieldset>
        <legend>{f.personal}</legend>
        <Field id="adm-surname" label={f.surname} required>
          <input id="adm-surname" type="text" autoComplete="family-name" />
        </Field>
        <Field id="adm-first-name" label={f.firstName} required>
          <input id="adm-first-name" type="text" autoComplete="given-name" />
        </Field>
        <Field id="adm-patronymic" label={f.patronymic}>
          <input id="adm-patronymic" type="text" autoComplete="additional-name" />
        </Field>
        <Field id="adm-passport" label={f.passport} required>
          <input id="adm-passport" type="text" autoComplete="off" placeholder="AA 1234567" />
        </Field>
        <Field id="adm-phone" label={f.phone} required>
          <input id="adm-phone" type="tel" autoComplete="tel" placeholder="+998 90 123 45 67" />
        </Field>
        <Field id="adm-email" label={f.email}>
          <input id="adm-email" type="email" autoComplete="email" />
        </Field>
        <Field id="adm-birth-date" label={f.birthDate} required>
          <input id="adm-birth-date" type="date" min={BIRTH_DATE_MIN} max={BIRTH_DATE_MAX} autoComplete="bday" />
        </Field>
        <Field id="adm-sex" label={f.sex} required>
          <select id="adm-sex" defaultValue="">
            {choose}
            <option value="male">{f.male}</option>
            <option value="female">{f.female}</option>
          </select>
        </Field>
        <Field id="adm-residence" label={f.residence} required>
          <select id="adm-residence" defaultValue="">
            {choose}
            {f.regions.map((region, index) => (
              <option key={region} value={index + 1}>
                {region}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <fieldset>
        <legend>{f.study}</legend>
        <Field id="adm-study-form" label={f.studyForm} required>
          <select id="adm-study-form" defaultValue="">
            {choose}
            {f.studyForms.map((form, index) => (
              <option key={form} value={index + 1}>
                {form}
              </option>
            ))}
          </select>
        </Field>
        <Field id="adm-programme" label={f.programme} required>
          <select id="adm-programme" defaultValue="">
            {choose}
            {programmes.map((programme) => (
              <option key={programme.id} value={programme.code}>
                {programme.code} — {programme.name}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <fieldset>
        <legend>{f.documents}</legend>
        <Field id="adm-passport-file" label={f.passportFile} required>
          <input id="adm-passport-file" type="file" accept=".pdf,image/*" />
        </Field>
        <Field id="adm-photo-file" label={f.photoFile} required>
          <input id="adm-photo-file" type="file" accept="image/*" />
        </Field>
        <Field id="adm-certificate-file" label={f.certificateFile} required>
          <input id="adm-certificate-file" type="file" accept=".pdf,image/*" />
        </Field>
      </fieldset>
      <p>
        <button type="submit" className="button">
          {f.submit}
        </button>
      </p>
    </>
  );
  const note = (
    <>
      <p>{f.preview}</p>
      <p>
        <ExternalLink href={EXTERNAL.onlineAdmission} className="button button--accent">
          {f.previewLink}
        </ExternalLink>
      </p>
    </>
  );
  return <AdmissionFormIsland noteId={NOTE_ID} requiredNoteId={REQUIRED_NOTE_ID} slots={{ fields, note }} />;
}

/** A label tied to its control; required fields carry a visual asterisk and a spoken word. */
function Field({ id, label, required = false, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <div className="adm-field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            <span className="adm-field__star" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="visually-hidden"> ({t.home.form.required})</span>
          </>
        ) : null}
      </label>
      {children}
    </div>
  );
}
