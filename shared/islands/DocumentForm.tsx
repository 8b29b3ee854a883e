/**
 * The mock document form of /form: a submit shows the preview note and sends nothing (no field has a
 * name). Its fields are server HTML (slot `fields`); the island owns only the submit and the note.
 * Without JavaScript the form goes to `#<noteId>` on this page and the note shows by CSS (:target).
 */
import { useState } from 'react';
import { island, Slot } from './island';

interface DocumentFormProps {
  /** The page's own URL with the note's fragment. */
  action: string;
  noteId: string;
  note: string;
}

function DocumentForm({ action, noteId, note }: DocumentFormProps) {
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      <form
        className="svc-form"
        method="get"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
        }}
      >
        <Slot name="fields" />
      </form>
      <div className="svc-form__result" role="status">
        <p id={noteId} className={submitted ? 'svc-mock-notice svc-form__note is-shown' : 'svc-mock-notice svc-form__note'}>
          {note}
        </p>
      </div>
    </>
  );
}

// A press on the submit button before the code has loaded is replayed once it has.
export default island('DocumentForm', DocumentForm, 'idle');
