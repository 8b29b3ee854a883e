/**
 * The home page's admission form, a preview, as an island: its fields are server HTML in a slot
 * (shared/components/home/AdmissionForm.tsx); the island owns only the submit. It sends nothing
 * anywhere: with JavaScript a submit only reveals the note that this is a preview; without it (or
 * before the island wakes) the browser submits an empty query to this same page, where the note
 * shows as the URL's target.
 */
import { useState } from 'react';
import { island, Slot } from './island';

export interface AdmissionFormProps {
  /** The note's id: the form's target without JavaScript. */
  noteId: string;
  /** The id of the text that says which fields are required. */
  requiredNoteId: string;
}

function AdmissionForm({ noteId, requiredNoteId }: AdmissionFormProps) {
  const [submitted, setSubmitted] = useState(false);
  return (
    <form
      className="admission-form"
      action={`#${noteId}`}
      method="get"
      noValidate
      aria-describedby={requiredNoteId}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
      }}
    >
      <Slot name="fields" />
      <div id={noteId} className={`admission-note${submitted ? ' is-shown' : ''}`} role="status">
        <Slot name="note" />
      </div>
    </form>
  );
}

export default island('AdmissionForm', AdmissionForm, 'interaction');
