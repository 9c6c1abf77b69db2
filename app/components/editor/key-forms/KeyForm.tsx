import type { KeyedType } from "../../../../api/services/marking/question-types";
import type { ClozeDraft, EssayDraft, KeyDraft, MatchingDraft, NumericalDraft, OrderingDraft, ShortAnswerDraft } from "../answer-key-draft";
import { ClozeForm } from "./ClozeForm";
import { EssayForm } from "./EssayForm";
import type { ErrorOf } from "./KeyFields";
import { MatchingForm } from "./MatchingForm";
import { NumericalForm } from "./NumericalForm";
import { OrderingForm } from "./OrderingForm";
import { ShortAnswerForm } from "./ShortAnswerForm";

/** The form of a keyed type's answer key (decisions.md "Authoring shapes"), one per type. */
export function KeyForm({ type, draft, onChange, errorOf, onInsertGap }: { type: KeyedType; draft: KeyDraft; onChange: (draft: KeyDraft) => void; errorOf: ErrorOf; onInsertGap: (number: number) => void }) {
  switch (type) {
    case "shortAnswer":
      return <ShortAnswerForm draft={draft as ShortAnswerDraft} onChange={onChange} errorOf={errorOf} />;
    case "numerical":
      return <NumericalForm draft={draft as NumericalDraft} onChange={onChange} errorOf={errorOf} />;
    case "matching":
      return <MatchingForm draft={draft as MatchingDraft} onChange={onChange} errorOf={errorOf} />;
    case "ordering":
      return <OrderingForm draft={draft as OrderingDraft} onChange={onChange} errorOf={errorOf} />;
    case "cloze":
      return <ClozeForm draft={draft as ClozeDraft} onChange={onChange} errorOf={errorOf} onInsertGap={onInsertGap} />;
    case "essay":
      return <EssayForm draft={draft as EssayDraft} onChange={onChange} errorOf={errorOf} />;
  }
}
