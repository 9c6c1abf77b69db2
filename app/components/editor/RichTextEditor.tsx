import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

// An outline chain link (no emoji: not every system has a font for it).
const LINK_ICON = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </svg>
);

/**
 * Tiptap with only what the server's sanitiser keeps (api/services/questions/
 * sanitise-explanation.ts): paragraphs, bold, italic, underline, strike, lists, h3/h4,
 * code, code block, blockquote, rule and http(s)/mailto links. Loaded in the browser only.
 */
export default function RichTextEditor({
  initial,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  id = "explanation",
}: {
  /** The editable element's id (a label or a skip link points at it). */
  id?: string;
  initial: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy: string;
  invalid: boolean;
}) {
  const { t } = useTranslation("bank");
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ["mailto"], isAllowedUri: (url) => /^(?:https?:\/\/|mailto:)/i.test(url) },
      }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        id,
        class: "ui-input editor-explanation__rich",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        "aria-describedby": describedBy,
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      underline: current?.isActive("underline") ?? false,
      bulletList: current?.isActive("bulletList") ?? false,
      orderedList: current?.isActive("orderedList") ?? false,
      h3: current?.isActive("heading", { level: 3 }) ?? false,
      h4: current?.isActive("heading", { level: 4 }) ?? false,
      code: current?.isActive("code") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const href = window.prompt(t("editor.format.linkPrompt"), previous);
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const buttons: { key: keyof NonNullable<typeof state>; label: string; text: ReactNode; run: () => void }[] = [
    { key: "bold", label: t("editor.format.bold"), text: "B", run: () => chain().toggleBold().run() },
    { key: "italic", label: t("editor.format.italic"), text: "I", run: () => chain().toggleItalic().run() },
    { key: "underline", label: t("editor.format.underline"), text: "U", run: () => chain().toggleUnderline().run() },
    { key: "h3", label: t("editor.format.heading"), text: "H3", run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: "h4", label: t("editor.format.subheading"), text: "H4", run: () => chain().toggleHeading({ level: 4 }).run() },
    { key: "bulletList", label: t("editor.format.bulletList"), text: "•", run: () => chain().toggleBulletList().run() },
    { key: "orderedList", label: t("editor.format.orderedList"), text: "1.", run: () => chain().toggleOrderedList().run() },
    { key: "code", label: t("editor.format.code"), text: "</>", run: () => chain().toggleCode().run() },
    { key: "link", label: t("editor.format.link"), text: LINK_ICON, run: setLink },
  ];

  return (
    <div className="editor-rich">
      <div className="editor-rich__toolbar" role="toolbar" aria-label={t("editor.format.toolbar")}>
        {buttons.map((button) => (
          <button
            key={button.key}
            type="button"
            className={`editor-rich__button editor-rich__button--${button.key}`}
            aria-label={nameWithVisibleText(button.label, button.text)}
            title={button.label}
            aria-pressed={state?.[button.key] ?? false}
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
          >
            {button.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

/**
 * WCAG 2.5.3 (label in name): a button's name contains the text it shows, so "click H3" works
 * for speech control. "B" is already in "Bold"; "H3" is not in "Heading", so it becomes
 * "H3 Heading". Symbols (•, </>) and icons are not words to say and are left out.
 */
function nameWithVisibleText(label: string, text: ReactNode): string {
  if (typeof text !== "string" || !/[\p{L}\p{N}]/u.test(text)) return label;
  return label.toLowerCase().includes(text.toLowerCase()) ? label : `${text} ${label}`;
}
