/** Static page text in headed sections (the dormitory and club pages): paragraphs, then a list. */
export interface TextSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export function TextSections({ sections, idPrefix }: { sections: TextSection[]; idPrefix: string }) {
  return (
    <>
      {sections.map((section, index) => (
        <section key={section.heading} className="prose prose-section" aria-labelledby={`${idPrefix}-${index}`}>
          <h2 id={`${idPrefix}-${index}`}>{section.heading}</h2>
          {section.paragraphs?.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}
