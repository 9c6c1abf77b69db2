import { type DefaultTreeAdapterTypes, parseFragment } from "parse5";
import { el, type XmlChild } from "./xml";

type Node = DefaultTreeAdapterTypes.ChildNode;
const MATHML = "http://www.w3.org/1998/Math/MathML";
const XML_NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * Sanitised HTML (an explanation, an essay's grader information) as XML elements for a QTI
 * item body, whose content is XHTML: parsed as a browser does (parse5, the sanitiser's parser),
 * then written back element by element through `el`, so void elements close, entities become
 * characters and nothing unescaped reaches the file. Comments are dropped; a MathML formula
 * keeps its namespace. Iterative, so a deep document cannot exhaust the stack.
 */
export function htmlToXml(html: string): XmlChild[] {
  return parseFragment(html).childNodes.map(nodeToXml);
}

function nodeToXml(root: Node): XmlChild {
  // Post-order without recursion: children are built before their parent.
  const built = new Map<Node, XmlChild>();
  const stack: { node: Node; expanded: boolean }[] = [{ node: root, expanded: false }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const { node } = frame;
    if (!("tagName" in node)) {
      stack.pop();
      built.set(node, node.nodeName === "#text" ? (node as DefaultTreeAdapterTypes.TextNode).value : null);
      continue;
    }
    const kids = node.nodeName === "template" ? [] : node.childNodes;
    if (!frame.expanded) {
      frame.expanded = true;
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], expanded: false });
      continue;
    }
    stack.pop();
    const attributes: Record<string, string> = {};
    for (const attribute of node.attrs) if (XML_NAME.test(attribute.name)) attributes[attribute.name] = attribute.value;
    if (node.tagName === "math") attributes.xmlns = MATHML;
    built.set(node, XML_NAME.test(node.tagName) ? el(node.tagName, attributes, kids.map((kid) => built.get(kid) ?? null)) : null);
  }
  return built.get(root) ?? null;
}
