/**
 * The help under a format choice of the upload dialog (Moodle XML, IMS QTI): where the
 * questions go, each form the import reads with what it becomes, then notes (images, scoring,
 * what is skipped). Texts come translated from the format's own component.
 */
export function FormatHelp({ lead, forms, notes }: { lead: string; forms: readonly (readonly [code: string, becomes: string])[]; notes: readonly string[] }) {
  return (
    <div className="bank-upload__help">
      <p>{lead}</p>
      <ul>
        {forms.map(([code, becomes]) => (
          <li key={code}>
            <code>{code}</code> — {becomes}
          </li>
        ))}
      </ul>
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}
