import { useId } from 'react';
import { useLang, useT } from '../app-context';
import { MockNotice } from '../components/MockNotice';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import DocumentFormIsland from '../islands/DocumentForm';
import { localePath } from '../lang';
import '../styles/services.css';

/** Copies a visitor may ask for in the mock form. */
const MAX_COPIES = 5;

/** The note's id: without JavaScript the form "submits" to this fragment and CSS :target shows it. */
const NOTE_ID = 'form-preview';

/**
 * /form: the online document form mock-up. It submits nothing: no field has a `name`, so the
 * visitor's entries never reach a URL, a log or the server. With JavaScript a submit shows the preview
 * note (the DocumentForm island); without it the form goes to `#form-preview` on this page and the note
 * shows by CSS (:target).
 */
export default function DocumentFormMock() {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const text = t.documentForm;
  return (
    <div className="container page">
      <Seo title={t.pages.form.title} description={t.pages.form.description} noindex />
      <PageHeading title={t.pages.form.title} />
      <MockNotice />
      <p>{text.intro}</p>
      <DocumentFormIsland
        action={`${localePath(lang, '/form')}#${NOTE_ID}`}
        noteId={NOTE_ID}
        note={text.preview}
        slots={{
          fields: (
            <>
              <label htmlFor={`${id}-name`}>{text.fullName}</label>
              <input id={`${id}-name`} type="text" autoComplete="name" />
              <label htmlFor={`${id}-student`}>{text.studentId}</label>
              <input id={`${id}-student`} type="text" inputMode="numeric" />
              <label htmlFor={`${id}-phone`}>{text.phone}</label>
              <input id={`${id}-phone`} type="tel" autoComplete="tel" />
              <label htmlFor={`${id}-type`}>{text.documentType}</label>
              <select id={`${id}-type`} defaultValue="">
                <option value="" disabled>
                  {text.chooseType}
                </option>
                {text.documentTypes.map((type) => (
                  <option key={type}>{type}</option>
                ))}
              </select>
              <label htmlFor={`${id}-copies`}>{text.copies}</label>
              <input id={`${id}-copies`} type="number" min={1} max={MAX_COPIES} defaultValue={1} />
              <label htmlFor={`${id}-purpose`}>{text.purpose}</label>
              <textarea id={`${id}-purpose`} rows={3} />
              <button type="submit" className="button">
                {text.submit}
              </button>
            </>
          ),
        }}
      />
    </div>
  );
}
