import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { ltiResourceLinks, quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { LmsCallFailed, platformFetch } from "../platform-fetch";

/**
 * The gradebook column a link's scores go to (AGS 2.0 §3.2): the `lineitem` the platform named
 * in the link's launch; else the one found in, or made in, the link's `lineitems` container
 * (resourceLinkId ties it to the link, resourceId "quiz-<id>" to the quiz, as deep linking
 * names it), remembered on the link so it is made once. Two servers making it at the same
 * moment keep the first stored; the platform may then hold one unused column.
 */

export const LINE_ITEM_MEDIA_TYPE = "application/vnd.ims.lis.v2.lineitem+json";
export const LINE_ITEM_CONTAINER_MEDIA_TYPE = "application/vnd.ims.lis.v2.lineitemcontainer+json";

const LineItem = z.object({ id: z.string().url().max(2048) }).passthrough();

export interface LinkForLineItem {
  id: number;
  quizId: number;
  resourceLinkId: string;
  lineItemUrl: string | null;
  lineItemsUrl: string | null;
}

/** The line item URL; throws LmsCallFailed("LTI_NO_LINE_ITEM") when the platform offers no way to one. */
export async function lineItemOf(services: AppServices, link: LinkForLineItem, token: string): Promise<string> {
  if (link.lineItemUrl) return link.lineItemUrl;
  if (!link.lineItemsUrl) throw new LmsCallFailed("LTI_NO_LINE_ITEM");
  const resourceId = `quiz-${link.quizId}`;
  const found = await findLineItem(services, link.lineItemsUrl, { resourceLinkId: link.resourceLinkId, resourceId }, token);
  const url = found ?? (await createLineItem(services, link, resourceId, token));
  await services.db.update(ltiResourceLinks).set({ lineItemUrl: url }).where(and(eq(ltiResourceLinks.id, link.id), isNull(ltiResourceLinks.lineItemUrl)));
  const [stored] = await services.db.select({ lineItemUrl: ltiResourceLinks.lineItemUrl }).from(ltiResourceLinks).where(eq(ltiResourceLinks.id, link.id));
  return stored?.lineItemUrl ?? url;
}

async function findLineItem(services: AppServices, containerUrl: string, by: { resourceLinkId: string; resourceId: string }, token: string): Promise<string | null> {
  const url = new URL(containerUrl);
  url.searchParams.set("resource_link_id", by.resourceLinkId);
  url.searchParams.set("resource_id", by.resourceId);
  const answer = await platformFetch(services.config, url.href, { headers: { authorization: `Bearer ${token}`, accept: LINE_ITEM_CONTAINER_MEDIA_TYPE } });
  const items = z.array(LineItem).safeParse(answer.json);
  if (!items.success) throw new LmsCallFailed("LTI_LMS_GARBAGE", answer.status);
  return items.data[0]?.id ?? null;
}

async function createLineItem(services: AppServices, link: LinkForLineItem, resourceId: string, token: string): Promise<string> {
  const [quiz] = await services.db.select({ quizName: quizzes.quizName }).from(quizzes).where(eq(quizzes.id, link.quizId));
  const body = { scoreMaximum: 100, label: (quiz?.quizName ?? resourceId).slice(0, 255), resourceLinkId: link.resourceLinkId, resourceId };
  const answer = await platformFetch(services.config, link.lineItemsUrl!, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": LINE_ITEM_MEDIA_TYPE, accept: LINE_ITEM_MEDIA_TYPE },
    body: JSON.stringify(body),
  });
  const item = LineItem.safeParse(answer.json);
  if (!item.success) throw new LmsCallFailed("LTI_LMS_GARBAGE", answer.status);
  return item.data.id;
}

/** The scores endpoint of a line item (AGS §3.4): "/scores" after its path, its query kept. */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/$/, "")}/scores`;
  return url.href;
}
